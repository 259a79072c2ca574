import type { ReactNode } from "react";
import { LanguageToggle } from "../session/language-toggle";
import { Brand } from "./brand";

/** The frame of the pages used before signing in: brand, language choice, one centred column. */
export function PublicLayout({
  children,
  wide = false,
  full = false,
}: {
  children: ReactNode;
  wide?: boolean;
  /** The video call: as wide as the screen allows. */
  full?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Brand />
        <LanguageToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-3 pb-10 pt-2 sm:items-center sm:px-6">
        <div className={full ? "w-full max-w-6xl" : wide ? "w-full max-w-3xl" : "w-full max-w-md"}>
          {children}
        </div>
      </main>
    </div>
  );
}

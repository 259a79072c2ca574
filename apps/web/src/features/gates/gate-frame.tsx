import type { SessionUser } from "@fizio/domain";
import { Card } from "@fizio/ui";
import type { ReactNode } from "react";
import { Brand } from "../shell/brand";
import { UserMenu } from "../shell/user-menu";

/** Gates replace the whole app (spec §4), keeping only the brand and a way to sign out. */
export function GateFrame({ user, children }: { user: SessionUser; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <header className="flex h-14 items-center justify-between border-b bg-background px-3 sm:px-4">
        <Brand />
        <UserMenu user={user} showProfile={false} />
      </header>
      <main className="flex flex-1 items-start justify-center px-3 py-4 sm:items-center sm:py-8">
        <Card className="w-full max-w-2xl">{children}</Card>
      </main>
    </div>
  );
}

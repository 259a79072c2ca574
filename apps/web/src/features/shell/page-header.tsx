import { createContext, type ReactNode, useContext } from "react";

/**
 * The level of a page's title: a page shown inside another (a record area in a patient's chart) titles itself
 * below the outer page's h1.
 */
export const PageHeadingLevel = createContext<"h1" | "h2">("h1");

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  const Heading = useContext(PageHeadingLevel);
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <Heading
          className={Heading === "h1" ? "text-2xl font-semibold tracking-tight" : "text-lg font-semibold"}
        >
          {title}
        </Heading>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

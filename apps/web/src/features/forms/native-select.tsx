import { cn } from "@fizio/ui";
import type { ComponentProps } from "react";

/**
 * The browser's own select, styled like an Input: the template editors have many short enum fields, and the
 * native control is the quickest to use by keyboard and on a phone (360 px wide, spec §1).
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive",
        className,
      )}
      {...props}
    />
  );
}

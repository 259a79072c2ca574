import { type ComponentProps, useState } from "react";
import { cn } from "../cn";
import { useScrollsSideways } from "../use-scrolls-sideways";

/**
 * The wrapper scrolls sideways so wide tables stay usable on a 360px screen. While it does, it is a focusable
 * region named like the table, so it can be scrolled from the keyboard too.
 */
export function Table({
  className,
  wrapperClassName,
  ...props
}: ComponentProps<"table"> & { wrapperClassName?: string }) {
  const [wrapper, setWrapper] = useState<HTMLDivElement | null>(null);
  const scrollable = useScrollsSideways(wrapper);
  return (
    <div
      ref={setWrapper}
      className={cn(
        "relative w-full overflow-x-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        wrapperClassName,
      )}
      {...(scrollable ? { role: "region", tabIndex: 0, "aria-label": props["aria-label"] } : {})}
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-muted/60 [&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/40", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      className={cn(
        "h-10 whitespace-nowrap px-3 text-left align-middle text-xs font-semibold uppercase tracking-wide text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2.5 align-middle", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-3 text-sm text-muted-foreground", className)} {...props} />;
}

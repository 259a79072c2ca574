import { Loader2 } from "lucide-react";
import { cn } from "../cn";

export interface SpinnerProps {
  /** Announced to screen readers. */
  label: string;
  className?: string;
}

export function Spinner({ label, className }: SpinnerProps) {
  return (
    <span role="status" className={cn("inline-flex items-center text-muted-foreground", className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

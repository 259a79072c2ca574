import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../cn";

/** Status colours of spec §9. */
export const badgeVariants = cva(
  "inline-flex items-center whitespace-nowrap rounded-sm border px-2 py-0.5 text-xs font-medium",
  {
    variants: {
      color: {
        purple: "border-purple-200 bg-purple-50 text-purple-800",
        orange: "border-amber-200 bg-amber-50 text-amber-800",
        grey: "border-slate-200 bg-slate-100 text-slate-700",
        green: "border-green-200 bg-green-50 text-green-800",
        blue: "border-blue-200 bg-blue-50 text-blue-800",
        aqua: "border-cyan-200 bg-cyan-50 text-cyan-800",
        darkOrange: "border-orange-300 bg-orange-100 text-orange-900",
        red: "border-red-200 bg-red-50 text-red-800",
      },
    },
    defaultVariants: { color: "grey" },
  },
);

export type BadgeColor = NonNullable<VariantProps<typeof badgeVariants>["color"]>;

export interface BadgeProps
  extends Omit<ComponentProps<"span">, "color">,
    VariantProps<typeof badgeVariants> {}

export function Badge({ className, color, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ color }), className)} {...props} />;
}

import { Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

export function StatCard({
  title,
  value,
  icon,
  link,
  description,
}: {
  title: string;
  value: number | undefined;
  icon: ReactNode;
  link: { to: string; label: string; search?: Record<string, unknown> };
  /** What the figure counts, in a sentence under it. */
  description: string;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span className="text-muted-foreground [&_svg]:size-5">{icon}</span>
      </CardHeader>
      <CardContent className="flex items-end justify-between gap-2">
        {value === undefined ? (
          <Skeleton className="h-9 w-16" />
        ) : (
          <p className="text-3xl font-semibold tabular-nums">{value}</p>
        )}
        <Button asChild variant="link" className="h-auto px-0">
          <Link to={link.to} search={link.search}>
            {link.label}
          </Link>
        </Button>
      </CardContent>
      <p className="px-6 pb-6 text-xs text-muted-foreground">{description}</p>
    </Card>
  );
}

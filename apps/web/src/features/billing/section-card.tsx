import { Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import type { ReactNode } from "react";

/** A titled card that is a landmark region, named by its title (the parts of /records/services). */
export function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

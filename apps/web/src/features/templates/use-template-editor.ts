import { useState } from "react";

/** Which template the page's editor dialog shows: none, a new one (id null) or a stored one. */
export function useTemplateEditor() {
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  return {
    open: editing !== null,
    id: editing?.id ?? null,
    create: () => setEditing({ id: null }),
    edit: (id: string) => setEditing({ id }),
    close: () => setEditing(null),
  };
}

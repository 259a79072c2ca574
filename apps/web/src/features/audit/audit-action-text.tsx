import type { Locale } from "@fizio/i18n";
import { auditActionLabel } from "@fizio/i18n/audit-actions";

/** An audited action in the viewer's words, its code kept as a tooltip; an unregistered (old) action is shown raw. */
export function AuditActionText({ action, locale }: { action: string; locale: Locale }) {
  const label = auditActionLabel(action, locale);
  if (!label) return <code className="text-xs">{action}</code>;
  return <span title={action}>{label}</span>;
}

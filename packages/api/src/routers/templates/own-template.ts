import type { UserRow } from "@fizio/db";
import { AppError } from "@fizio/domain";
import { assertSameOrganization } from "../../access";

/** A live template of the actor's organisation: FIZ116 when missing or deleted, FIZ415 when another's. */
export function ownTemplate<T extends { id: string; organizationId: string }>(
  actor: UserRow,
  template: T | undefined,
): T {
  if (!template) throw new AppError("FIZ116");
  assertSameOrganization(actor, "template", template);
  return template;
}

/** Templates a new or edited template (or a plan) refers to must be live and the organisation's own. */
export function assertAllFound(found: number, ids: readonly string[], field: string): void {
  if (found !== new Set(ids).size) throw new AppError("FIZ116", {}, { field });
}

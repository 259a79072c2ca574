import type { UserRow } from "@fizio/db";
import { AppError } from "@fizio/domain";
import { assertSameOrganization } from "../../access";

/** A live group of the actor's organisation: FIZ124 when missing or deleted, FIZ415 when another's. */
export function ownGroup<T extends { id: string; organizationId: string }>(
  actor: UserRow,
  group: T | undefined,
): T {
  if (!group) throw new AppError("FIZ124");
  assertSameOrganization(actor, "video_group", group);
  return group;
}

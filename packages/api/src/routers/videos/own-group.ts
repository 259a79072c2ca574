import type { UserRow } from "@fizio/db";
import { AppError } from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import { roleProcedure } from "../../trpc";

/** Reference videos are the organisation's content, built by providers and admins (spec §2 /content/videos). */
export const contentProcedure = roleProcedure("ROLE_PROVIDER", "ROLE_ADMIN", "ROLE_SUPER_ADMIN");

/** A live group of the actor's organisation: FIZ124 when missing or deleted, FIZ415 when another's. */
export function ownGroup<T extends { id: string; organizationId: string }>(
  actor: UserRow,
  group: T | undefined,
): T {
  if (!group) throw new AppError("FIZ124");
  assertSameOrganization(actor, "video_group", group);
  return group;
}

import { countRecordingsAwaitingReview, countUnread, listPatientsFallingBehind } from "@fizio/db";
import { auditListRead } from "../../audit";
import { roleProcedure } from "../../trpc";

const DAY = 86_400_000;
/** Recordings analysed this recently and not yet reviewed are waiting for the provider. */
export const REVIEW_WINDOW_DAYS = 30;
/** A patient on a current plan with no recording for this long is falling behind. */
export const FALLING_BEHIND_DAYS = 7;
const FALLING_BEHIND_SHOWN = 5;

/** The provider's /home: what waits for them today besides their events. */
export const provider = roleProcedure("ROLE_PROVIDER").query(async ({ ctx }) => {
  const now = Date.now();
  // The roster and inbox of the organisation the session works in.
  const roster = { organizationId: ctx.user.organizationId, providerId: ctx.user.id };
  const [awaitingReview, unread, fallingBehind] = await Promise.all([
    countRecordingsAwaitingReview(ctx.db, roster, new Date(now - REVIEW_WINDOW_DAYS * DAY)),
    countUnread(ctx.db, { userId: ctx.user.id, organizationId: ctx.user.organizationId }),
    listPatientsFallingBehind(
      ctx.db,
      roster,
      new Date(now - FALLING_BEHIND_DAYS * DAY),
      FALLING_BEHIND_SHOWN,
    ),
  ]);
  await auditListRead(ctx, "dashboard.provider", null, {}, fallingBehind.items);
  return {
    awaitingReview,
    unread,
    fallingBehind,
    reviewWindowDays: REVIEW_WINDOW_DAYS,
    fallingBehindDays: FALLING_BEHIND_DAYS,
  };
});

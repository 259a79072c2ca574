import type { EventStatus } from "../calendar/enums";
import { AppError } from "../errors";

/**
 * A guest of a video visit (a family member, an interpreter), invited by the provider with a link of their own:
 * INVITED until the provider decides; ADMITTED once let in (a rejoin comes straight in while the provider is
 * there); DENIED at the door or REMOVED from the call, out until admitted again; REVOKED, the link withdrawn
 * for good.
 */
export const VISIT_GUEST_STATUSES = ["INVITED", "ADMITTED", "DENIED", "REMOVED", "REVOKED"] as const;
export type VisitGuestStatus = (typeof VISIT_GUEST_STATUSES)[number];

/** What the provider decides about a guest. */
export type GuestDecision = "admit" | "deny" | "remove" | "revoke";

/** Links and seat tokens of a visit outlive its planned end by two hours, for overruns and rejoins. */
export const VISIT_LINK_GRACE_MINUTES = 120;

/**
 * A guest's link works while the visit is open (Scheduled or Ongoing, not finished) and until two hours after
 * its planned end, and never once withdrawn: otherwise it is dead (FIZ274), like a forged one.
 */
export function assertGuestLinkOpen(
  status: VisitGuestStatus,
  visit: { status: EventStatus; endOn: Date; finished: boolean },
  now: Date,
): void {
  const open = visit.status === "SCHEDULED" || visit.status === "ONGOING";
  const expired = now.getTime() > visit.endOn.getTime() + VISIT_LINK_GRACE_MINUTES * 60_000;
  if (status === "REVOKED" || !open || visit.finished || expired) throw new AppError("FIZ274");
}

/** A guest turned away (denied or removed) stays out until the provider admits them again (FIZ275). */
export function assertGuestMayJoin(status: VisitGuestStatus): void {
  if (status === "REVOKED") throw new AppError("FIZ274");
  if (status === "DENIED" || status === "REMOVED") throw new AppError("FIZ275");
}

/** The guest's status after the provider's decision; a withdrawn link stays withdrawn (FIZ274). */
export function guestStatusAfter(status: VisitGuestStatus, decision: GuestDecision): VisitGuestStatus {
  if (status === "REVOKED") throw new AppError("FIZ274");
  const after = { admit: "ADMITTED", deny: "DENIED", remove: "REMOVED", revoke: "REVOKED" } as const;
  return after[decision];
}

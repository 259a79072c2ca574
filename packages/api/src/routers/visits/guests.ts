import {
  admitGuestSeat,
  type DbOrTx,
  endGuestSeat,
  findGuestById,
  insertVisitGuest,
  listSeats,
  listVisitGuests,
  notifyVisit,
  setGuestStatus,
  type UserRow,
} from "@fizio/db";
import {
  AppError,
  assertVisitOpen,
  type GuestDecision,
  guestStatusAfter,
  visitGuestInput,
  visitGuestsInput,
  visitInviteInput,
} from "@fizio/domain";
import { auditEvent } from "../../audit";
import { emailVisitInvitation } from "../../calendar/notify";
import { hashSecretToken, newSecretToken } from "../../secret-token";
import { router } from "../../trpc";
import { calendarProcedure, loadEventFor } from "../calendar/access";

/** Guests are the staff's business: the event's provider or an admin of its organisation, never a patient. */
function assertStaff(user: UserRow): void {
  if (user.role === "ROLE_PATIENT") throw new AppError("FIZ413");
}

/** A video event open for a call, as the staff member may see it (FIZ415 another organisation's). */
async function loadVisitFor(user: UserRow, eventId: string, db: DbOrTx) {
  assertStaff(user);
  const event = await loadEventFor(user, eventId, db, { lock: true });
  if (!event.video) throw new AppError("FIZ110");
  return event;
}

/**
 * The provider (or an admin) invites a guest by name, and by email if given: the guest gets a link of their
 * own, whose token is kept only as a hash. The link is answered once, here, for a provider who hands it over.
 */
export const invite = calendarProcedure.input(visitInviteInput).mutation(async ({ ctx, input }) => {
  return ctx.db.transaction(async (tx) => {
    const event = await loadVisitFor(ctx.user, input.eventId, tx);
    assertVisitOpen(event.status);
    const token = newSecretToken();
    const url = `${ctx.config.appUrl}/invitations/guest/${token}`;
    const guest = await insertVisitGuest(tx, {
      eventId: event.id,
      name: input.name,
      email: input.email ?? null,
      language: input.language,
      tokenHash: hashSecretToken(token),
    });
    if (input.email) {
      const locale = input.language === "SPANISH" ? "es" : "en";
      await emailVisitInvitation(ctx, event, { email: input.email, name: input.name, locale }, url, tx);
    }
    await auditEvent(
      ctx,
      "visits.guest.invite",
      event,
      { guestId: guest.id, name: guest.name, email: guest.email },
      tx,
    );
    return { guestId: guest.id, url };
  });
});

/** A visit's guests, with whether each is waiting or in the call. */
const list = calendarProcedure.input(visitGuestsInput).query(async ({ ctx, input }) => {
  assertStaff(ctx.user);
  const event = await loadEventFor(ctx.user, input.eventId, ctx.db);
  const guests = await listVisitGuests(ctx.db, event.id);
  await auditEvent(ctx, "visits.guest.list", event, { ids: guests.map((g) => g.id) });
  return guests;
});

/**
 * The provider's say on a guest. Admitting lets a waiting guest in while the provider is there (or as soon as
 * they join) and lets a turned-away guest back; denying, removing and revoking end the guest's seat, so its
 * stream, signals and media token stop, and keep them out (revoking for good).
 */
function decide(decision: GuestDecision) {
  return calendarProcedure.input(visitGuestInput).mutation(async ({ ctx, input }) => {
    assertStaff(ctx.user);
    const found = await findGuestById(ctx.db, input.guestId);
    if (!found) throw new AppError("FIZ108");
    return ctx.db.transaction(async (tx) => {
      const event = await loadVisitFor(ctx.user, found.eventId, tx);
      // Read again under the event's lock, which every change to the room's guests and seats takes.
      const guest = (await findGuestById(tx, found.id))!;
      const status = guestStatusAfter(guest.status, decision);
      if (decision === "admit") {
        const seats = await listSeats(tx, event.id);
        if (seats.some((s) => s.role === "PROVIDER" && s.presence === "ADMITTED"))
          await admitGuestSeat(tx, guest.id);
      } else await endGuestSeat(tx, guest.id, new Date());
      const row = await setGuestStatus(tx, guest.id, status);
      await auditEvent(
        ctx,
        `visits.guest.${decision}`,
        event,
        { guestId: guest.id, name: guest.name, from: guest.status, to: status },
        tx,
      );
      await notifyVisit(tx, event.id);
      return { id: row.id, status: row.status };
    });
  });
}

export const guests = router({
  list,
  admit: decide("admit"),
  deny: decide("deny"),
  remove: decide("remove"),
  revoke: decide("revoke"),
});

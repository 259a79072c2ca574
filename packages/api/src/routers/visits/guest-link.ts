import {
  type DbOrTx,
  ensureVideoRoom,
  findEventById,
  findGuestById,
  findGuestByToken,
  findGuestSeat,
  findPersonIn,
  findVideoRoom,
  listSeats,
} from "@fizio/db";
import {
  AppError,
  admission,
  assertGuestLinkOpen,
  assertGuestMayJoin,
  assertJoinable,
  assertNotJoinedHere,
  guestInvitationInput,
  guestJoinInput,
} from "@fizio/domain";
import { hashSecretToken } from "../../secret-token";
import { publicProcedure } from "../../trpc";
import { seatIn } from "./seat";

/**
 * The guest and visit a guest's link opens, while it may: an unknown (forged) token, a withdrawn one, and one
 * whose visit is over are all the same dead link (FIZ274). With `lock`, the event is locked and the guest read
 * under it.
 */
async function guestLinkFor(db: DbOrTx, token: string, options: { lock?: boolean } = {}) {
  const found = await findGuestByToken(db, hashSecretToken(token));
  if (!found) throw new AppError("FIZ274");
  const event = (await findEventById(db, found.eventId, options))!;
  const guest = options.lock ? (await findGuestById(db, found.id))! : found;
  const room = await findVideoRoom(db, event.id);
  assertGuestLinkOpen(
    guest.status,
    { status: event.status, endOn: event.endOn, finished: Boolean(room?.finishedAt) },
    new Date(),
  );
  return { guest, event };
}

/** What a guest's link shows before joining: whose visit, when, and under which name they were invited. */
export const guestInvitation = publicProcedure.input(guestInvitationInput).query(async ({ ctx, input }) => {
  const { guest, event } = await guestLinkFor(ctx.db, input.token);
  const provider = await findPersonIn(ctx.db, event.organizationId, event.providerIds[0] ?? "");
  return {
    guestName: guest.name,
    startOn: event.startOn,
    endOn: event.endOn,
    status: event.status,
    providerName: provider ? `${provider.firstName} ${provider.lastName}` : null,
  };
});

/**
 * A guest joins by their own link, under the name the provider gave: they wait until the provider admits them
 * (an admitted guest who rejoins comes straight in while the provider is there); a guest the provider turned
 * away stays out (FIZ275). A second tab takes the guest's seat over.
 */
export const guestJoin = publicProcedure.input(guestJoinInput).mutation(async ({ ctx, input }) => {
  return ctx.db.transaction(async (tx) => {
    const { guest, event } = await guestLinkFor(tx, input.token, { lock: true });
    assertGuestMayJoin(guest.status);
    assertJoinable(event, new Date());
    await ensureVideoRoom(tx, event.id);
    const existing = await findGuestSeat(tx, guest.id);
    if (existing && existing.presence !== "LEFT")
      assertNotJoinedHere(existing.connectionId, input.connectionId);
    const seats = await listSeats(tx, event.id);
    const providerPresent = seats.some((s) => s.role === "PROVIDER" && s.presence === "ADMITTED");
    return seatIn(
      ctx,
      tx,
      event,
      {
        userId: null,
        guestId: guest.id,
        displayName: guest.name,
        role: "GUEST",
        presence: admission("GUEST", providerPresent, guest.status),
        connectionId: input.connectionId,
      },
      existing,
    );
  });
});

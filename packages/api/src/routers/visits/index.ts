import {
  addVisitMessage,
  admitWaiting,
  ensureVideoRoom,
  findEventById,
  findPersonIn,
  findUserSeat,
  leaveSeat,
  listSeats,
  listVisitMessages,
  markRoomFinished,
  markRoomStarted,
  notifyVisit,
  setEventStatus,
} from "@fizio/db";
import {
  AppError,
  admission,
  assertFinishable,
  assertJoinable,
  assertNotJoinedHere,
  assertPatientLink,
  invitationInput,
  joinVisitInput,
  type VisitRole,
  videoRoomInput,
  visitChatInput,
  visitMinutes,
  visitTokenInput,
} from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import { auditEvent } from "../../audit";
import { billCompletedEvent } from "../../billing/bill-event";
import { publicProcedure, resolveUser, router } from "../../trpc";
import { calendarProcedure, loadEventFor } from "../calendar/access";
import { guestInvitation, guestJoin } from "./guest-link";
import { guests, invite } from "./guests";
import { media } from "./media";
import { roomFor, seatFor, seatIn, visibleSeats } from "./seat";
import { signal } from "./signal";
import { events } from "./stream";

/** The room of a video event and its links, for the event's provider (both links) or patient (theirs). */
const room = calendarProcedure.input(videoRoomInput).query(async ({ ctx, input }) => {
  const event = await loadEventFor(ctx.user, input.eventId, ctx.db);
  if (!event.video) throw new AppError("FIZ110");
  const room = await ensureVideoRoom(ctx.db, event.id);
  const base = `${ctx.config.appUrl}/invitations`;
  return {
    participantUrl: `${base}/${room.participantInvitationId}`,
    providerUrl: ctx.user.role === "ROLE_PATIENT" ? null : `${base}/provider/${room.providerInvitationId}`,
  };
});

/** What an invitation link shows before joining: when, with whom, and whether the call is still possible. */
const invitation = publicProcedure.input(invitationInput).query(async ({ ctx, input }) => {
  const { room, providerLink } = await roomFor(ctx.db, input.invitationId);
  const event = (await findEventById(ctx.db, room.eventId))!;
  const provider = await findPersonIn(ctx.db, event.organizationId, event.providerIds[0] ?? "");
  return {
    providerLink,
    startOn: event.startOn,
    endOn: event.endOn,
    status: event.status,
    finished: room.finishedAt !== null,
    providerName: provider ? `${provider.firstName} ${provider.lastName}` : null,
  };
});

/**
 * Joins a room. The provider link needs the event's provider signed in, and starts the event (Scheduled →
 * Ongoing, from 30 minutes before); the participants' link seats the event's patient, signed in, and nobody
 * else (FIZ273: a guest has a link of their own). The patient waits until the provider is in. A second tab
 * takes the seat over.
 */
const join = publicProcedure.input(joinVisitInput).mutation(async ({ ctx, input }) => {
  const user = await resolveUser(ctx);
  const { room, providerLink } = await roomFor(ctx.db, input.invitationId);
  return ctx.db.transaction(async (tx) => {
    const event = (await findEventById(tx, room.eventId, { lock: true }))!;
    if (room.finishedAt) throw new AppError("FIZ110");
    const now = new Date();
    let role: VisitRole;
    if (providerLink) {
      if (!user) throw new AppError("FIZ408");
      assertSameOrganization(user, "event", event);
      if (!event.providerIds.includes(user.id)) throw new AppError("FIZ404");
      role = "PROVIDER";
    } else {
      if (user && user.id !== event.patientId) assertSameOrganization(user, "event", event);
      assertPatientLink(user, event);
      role = "PATIENT";
    }
    assertJoinable(event, now);

    if (role === "PROVIDER" && event.status === "SCHEDULED") {
      if (!(await setEventStatus(tx, event.id, "SCHEDULED", "ONGOING"))) throw new AppError("FIZ302");
      await markRoomStarted(tx, event.id, now);
    }
    const existing = await findUserSeat(tx, event.id, user.id);
    if (existing && existing.presence !== "LEFT")
      assertNotJoinedHere(existing.connectionId, input.connectionId);
    const seats = await listSeats(tx, event.id);
    const providerPresent = seats.some((s) => s.role === "PROVIDER" && s.presence === "ADMITTED");
    if (role === "PROVIDER") await admitWaiting(tx, event.id);
    return seatIn(
      ctx,
      tx,
      event,
      {
        userId: user.id,
        guestId: null,
        displayName: `${user.firstName} ${user.lastName}`,
        role,
        presence: admission(role, providerPresent),
        connectionId: input.connectionId,
      },
      existing,
    );
  });
});

/** Who is in the room and whether this seat has been let in. */
const state = publicProcedure.input(visitTokenInput).query(async ({ ctx, input }) => {
  const seat = await seatFor(ctx.db, input.token);
  const seats = await listSeats(ctx.db, seat.eventId);
  return {
    me: { id: seat.id, role: seat.role, presence: seat.presence, connectionId: seat.connectionId },
    participants: visibleSeats(seat, seats),
  };
});

const leave = publicProcedure.input(visitTokenInput).mutation(async ({ ctx, input }) => {
  const seat = await seatFor(ctx.db, input.token);
  const event = (await findEventById(ctx.db, seat.eventId))!;
  await ctx.db.transaction(async (tx) => {
    await leaveSeat(tx, seat.id, new Date());
    await auditEvent(ctx, "visits.leave", event, { role: seat.role, displayName: seat.displayName }, tx);
    await notifyVisit(tx, event.id);
  });
  return { ok: true as const };
});

/** The provider ends the call for everyone: the event is Completed with its real length (FIZ242 otherwise). */
const finish = publicProcedure.input(visitTokenInput).mutation(async ({ ctx, input }) => {
  const seat = await seatFor(ctx.db, input.token);
  if (seat.role !== "PROVIDER") throw new AppError("FIZ413");
  return ctx.db.transaction(async (tx) => {
    const event = (await findEventById(tx, seat.eventId, { lock: true }))!;
    assertFinishable(event.status);
    const room = await ensureVideoRoom(tx, event.id);
    const now = new Date();
    const durationMinutes = visitMinutes(room.startedAt ?? event.startOn, now);
    if (!(await setEventStatus(tx, event.id, "ONGOING", "COMPLETED"))) throw new AppError("FIZ302");
    await markRoomFinished(tx, event.id, now, durationMinutes);
    await billCompletedEvent(ctx, tx, event, durationMinutes);
    await auditEvent(ctx, "visits.finish", event, { durationMinutes }, tx);
    await notifyVisit(tx, event.id);
    return { durationMinutes };
  });
});

const sendMessage = publicProcedure.input(visitChatInput).mutation(async ({ ctx, input }) => {
  const seat = await seatFor(ctx.db, input.token);
  if (seat.presence !== "ADMITTED") throw new AppError("FIZ413");
  const event = (await findEventById(ctx.db, seat.eventId))!;
  const message = await ctx.db.transaction(async (tx) => {
    const row = await addVisitMessage(tx, {
      eventId: seat.eventId,
      participantId: seat.id,
      body: input.body,
    });
    await auditEvent(ctx, "visits.chat.send", event, { participantId: seat.id, messageId: row.id }, tx);
    await notifyVisit(tx, event.id);
    return row;
  });
  return { id: message.id, createdAt: message.createdAt };
});

/** The chat so far, for late joiners too. */
const messages = publicProcedure.input(visitTokenInput).query(async ({ ctx, input }) => {
  const seat = await seatFor(ctx.db, input.token);
  if (seat.presence !== "ADMITTED") throw new AppError("FIZ413");
  const messages = await listVisitMessages(ctx.db, seat.eventId);
  const event = (await findEventById(ctx.db, seat.eventId))!;
  await auditEvent(ctx, "visits.chat.read", event, {
    participantId: seat.id,
    ids: messages.map((m) => m.id),
  });
  return messages;
});

export const visitsRouter = router({
  room,
  invite,
  guests,
  invitation,
  join,
  guestInvitation,
  guestJoin,
  state,
  leave,
  finish,
  media,
  signal,
  events,
  chat: router({ send: sendMessage, list: messages }),
});

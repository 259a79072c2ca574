import {
  addVisitMessage,
  admitWaiting,
  ensureVideoRoom,
  findEventById,
  findUserById,
  findUserSeat,
  lastSignalId,
  leaveSeat,
  listSeats,
  listVisitMessages,
  markRoomFinished,
  markRoomStarted,
  notifyVisit,
  setEventStatus,
  takeSeat,
} from "@fizio/db";
import {
  AppError,
  admission,
  assertFinishable,
  assertJoinable,
  assertNotJoinedHere,
  assertVisitOpen,
  invitationInput,
  joinVisitInput,
  participantRole,
  type VisitRole,
  videoRoomInput,
  visitChatInput,
  visitInviteInput,
  visitMinutes,
  visitTokenInput,
} from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import { auditEvent } from "../../audit";
import { billCompletedEvent } from "../../billing/bill-event";
import { emailVisitInvitation } from "../../calendar/notify";
import { hashSecretToken, newSecretToken } from "../../secret-token";
import { publicProcedure, resolveUser, router } from "../../trpc";
import { calendarProcedure, loadEventFor } from "../calendar/access";
import { media } from "./media";
import { roomFor, seatFor } from "./seat";
import { signal } from "./signal";
import { events } from "./stream";

/** A participant's token outlives the event's end by two hours, for overruns and rejoins. */
const TOKEN_GRACE_MS = 2 * 3_600_000;

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

/** The event's provider or an admin emails a guest the participants' link (a patient may not: FIZ413). */
const invite = calendarProcedure.input(visitInviteInput).mutation(async ({ ctx, input }) => {
  if (ctx.user.role === "ROLE_PATIENT") throw new AppError("FIZ413");
  const event = await loadEventFor(ctx.user, input.eventId, ctx.db);
  if (!event.video) throw new AppError("FIZ110");
  assertVisitOpen(event.status);
  const room = await ensureVideoRoom(ctx.db, event.id);
  const url = `${ctx.config.appUrl}/invitations/${room.participantInvitationId}`;
  await ctx.db.transaction(async (tx) => {
    await emailVisitInvitation(
      ctx,
      event,
      { email: input.email, name: input.name, locale: input.language === "SPANISH" ? "es" : "en" },
      url,
      tx,
    );
    await auditEvent(ctx, "visits.invite", event, { email: input.email, name: input.name }, tx);
  });
  return { ok: true as const };
});

/** What an invitation link shows before joining: when, with whom, and whether the call is still possible. */
const invitation = publicProcedure.input(invitationInput).query(async ({ ctx, input }) => {
  const { room, providerLink } = await roomFor(ctx.db, input.invitationId);
  const event = (await findEventById(ctx.db, room.eventId))!;
  const provider = await findUserById(ctx.db, event.providerIds[0] ?? "");
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
 * Ongoing, from 30 minutes before); the participant link seats the event's patient, or anyone else as a guest
 * with a display name. Patients and guests wait until the provider is in. A second tab takes the seat over.
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
      role = participantRole(user, event);
      if (role === "GUEST" && !input.displayName) throw new AppError("FIZ001", {}, { field: "displayName" });
    }
    assertJoinable(event, now);

    if (role === "PROVIDER" && event.status === "SCHEDULED") {
      if (!(await setEventStatus(tx, event.id, "SCHEDULED", "ONGOING"))) throw new AppError("FIZ302");
      await markRoomStarted(tx, event.id, now);
    }
    const existing = user && role !== "GUEST" ? await findUserSeat(tx, event.id, user.id) : undefined;
    if (existing && existing.presence !== "LEFT")
      assertNotJoinedHere(existing.connectionId, input.connectionId);
    const seats = await listSeats(tx, event.id);
    const providerPresent = seats.some((s) => s.role === "PROVIDER" && s.presence === "ADMITTED");
    const presence = admission(role, providerPresent);
    if (role === "PROVIDER") await admitWaiting(tx, event.id);
    const token = newSecretToken();
    const name = role === "GUEST" ? input.displayName! : user ? `${user.firstName} ${user.lastName}` : "";
    const seat = await takeSeat(
      tx,
      {
        eventId: event.id,
        userId: role === "GUEST" ? null : (user?.id ?? null),
        displayName: name,
        role,
        presence,
        connectionId: input.connectionId,
        tokenHash: hashSecretToken(token),
        tokenExpiresAt: new Date(Math.max(event.endOn.getTime(), now.getTime()) + TOKEN_GRACE_MS),
      },
      existing?.id,
    );
    await auditEvent(ctx, "visits.join", event, { role, displayName: name, takeover: Boolean(existing) }, tx);
    await notifyVisit(tx, event.id);
    // Where this tab's stream starts: past what a replaced tab was sent, but not past what the others send once
    // this commits, which may come before the tab opens its stream (they start talking to a new seat at once).
    const signalsAfter = existing ? await lastSignalId(tx, seat.id) : 0;
    return { token, participantId: seat.id, role, presence: seat.presence, eventId: event.id, signalsAfter };
  });
});

/** Who is in the room and whether this seat has been let in. */
const state = publicProcedure.input(visitTokenInput).query(async ({ ctx, input }) => {
  const seat = await seatFor(ctx.db, input.token);
  const seats = await listSeats(ctx.db, seat.eventId);
  return {
    me: { id: seat.id, role: seat.role, presence: seat.presence, connectionId: seat.connectionId },
    participants: seats
      .filter((s) => s.presence !== "LEFT")
      .map((s) => ({ id: s.id, displayName: s.displayName, role: s.role, presence: s.presence })),
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
  invitation,
  join,
  state,
  leave,
  finish,
  media,
  signal,
  events,
  chat: router({ send: sendMessage, list: messages }),
});

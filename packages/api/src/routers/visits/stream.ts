import {
  type DbOrTx,
  findEventById,
  findGuestById,
  findSeatById,
  findVideoRoom,
  lastSignalId,
  listSeats,
  listVisitMessages,
  signalsFor,
} from "@fizio/db";
import { visitEventsInput } from "@fizio/domain";
import { tracked } from "@trpc/server";
import { auditEvent } from "../../audit";
import type { Context } from "../../context";
import type { Channel } from "../../events/channel";
import type { VisitNotice } from "../../events/visit-hub";
import { publicProcedure } from "../../trpc";
import { seatFor, visibleSeats } from "./seat";

type Message = Awaited<ReturnType<typeof listVisitMessages>>[number];

/** Where a seat's stream stands: everyone in the room, and how far its chat and signals were sent. */
interface Cursor {
  signalId: number;
  messagesAfter: Date | undefined;
  participants: string;
}

/** How far back each chat read looks again, for a message whose transaction committed late. */
const MESSAGE_LOOKBACK_MS = 30_000;

async function* roomStream(
  ctx: Context,
  event: { id: string; organizationId: string; patientId: string | null },
  seatId: string,
  connectionId: string,
  start: Cursor,
  notices: Channel<VisitNotice>,
) {
  const db: DbOrTx = ctx.db;
  const cursor = { ...start };
  let first = true;
  const sent = new Set<string>();
  const wakes = notices[Symbol.asyncIterator]();
  try {
    for (;;) {
      const seat = await findSeatById(db, seatId);
      const room = seat && (await findVideoRoom(db, seat.eventId));
      if (!seat || !room) return;
      if (room.finishedAt) {
        yield tracked(String(cursor.signalId), { kind: "finished" as const });
        return;
      }
      if (seat.presence === "LEFT") {
        yield tracked(String(cursor.signalId), { kind: await whyLeft(db, seat.guestId) });
        return;
      }
      if (seat.connectionId !== connectionId) {
        yield tracked(String(cursor.signalId), { kind: "replaced" as const });
        return;
      }
      const participants = visibleSeats(seat, await listSeats(db, seat.eventId));
      const admitted = seat.presence === "ADMITTED";
      const since = cursor.messagesAfter && new Date(cursor.messagesAfter.getTime() - MESSAGE_LOOKBACK_MS);
      const messages: Message[] = admitted
        ? (await listVisitMessages(db, seat.eventId, since)).filter((m) => !sent.has(m.id))
        : [];
      const signals = admitted ? await signalsFor(db, seat.id, cursor.signalId) : [];
      const roster = JSON.stringify(participants);
      if (first || roster !== cursor.participants || messages.length > 0 || signals.length > 0) {
        cursor.participants = roster;
        cursor.signalId = signals.at(-1)?.id ?? cursor.signalId;
        cursor.messagesAfter = messages.at(-1)?.createdAt ?? cursor.messagesAfter;
        for (const m of messages) sent.add(m.id);
        if (messages.length > 0)
          await auditEvent(ctx, "visits.chat.read", event, {
            participantId: seat.id,
            ids: messages.map((m) => m.id),
          });
        yield tracked(String(cursor.signalId), {
          kind: "update" as const,
          me: { id: seat.id, role: seat.role, presence: seat.presence },
          participants,
          messages,
          signals: signals.map((s) => ({ from: s.from, body: s.body })),
        });
        first = false;
      }
      if ((await wakes.next()).done) return;
      // Several notices may wait; the next read catches up with all of them.
      notices.clear();
    }
  } finally {
    notices.close();
  }
}

/** Why a seat ended: it left, or the provider turned the guest away (denied at the door, removed, revoked). */
async function whyLeft(db: DbOrTx, guestId: string | null) {
  const guest = guestId ? await findGuestById(db, guestId) : undefined;
  if (guest?.status === "DENIED") return "denied" as const;
  if (guest?.status === "REMOVED" || guest?.status === "REVOKED") return "removed" as const;
  return "left" as const;
}

/**
 * A seat's live view of its room over SSE: who is in (and whether this seat was let in), new chat messages and
 * the WebRTC signals addressed to it; it ends with `finished`, `left`, `replaced` (another tab took the seat), or
 * for a guest `denied` or `removed` by the provider.
 * On reconnect the client sends the last id it had and gets the signals after it; a tab's first stream after
 * joining sends the join's `signalsAfter`; a reloaded page sends none and starts after the newest signal.
 */
export const events = publicProcedure.input(visitEventsInput).subscription(async ({ ctx, input, signal }) => {
  const seat = await seatFor(ctx.db, input.token);
  const event = (await findEventById(ctx.db, seat.eventId))!;
  // Listening starts before the first read, so no change falls between the two.
  const notices = await ctx.visitHub.subscribe(seat.eventId, signal);
  const resumed = input.lastEventId ? Number(input.lastEventId) : null;
  const start: Cursor = {
    signalId: resumed ?? (await lastSignalId(ctx.db, seat.id)),
    messagesAfter: undefined,
    participants: "",
  };
  return roomStream(ctx, event, seat.id, input.connectionId, start, notices);
});

import { type Db, VISIT_EVENTS_CHANNEL } from "@fizio/db";
import { TRPCError } from "@trpc/server";
import type { Logger } from "../context";
import type { Channel } from "./channel";
import { Fanout } from "./fanout";
import { PgListener } from "./pg-listener";

/**
 * Something changed in a room (a join, a leave, a chat message, a signal, the finish): read it again. The
 * database holds the state; a notice only wakes the streams, so a lost one (listener reconnect) costs a resync.
 */
export type VisitNotice = "changed";

export interface VisitHub {
  /** Notices for one room from now on; resolves once LISTEN is active. Ends when the signal aborts. */
  subscribe(eventId: string, signal?: AbortSignal): Promise<Channel<VisitNotice>>;
  close(): Promise<void>;
}

/** The process's fan-out of rooms' pg_notify wake-ups, across every server instance. */
export function createVisitHub(db: Db, log: Logger): VisitHub {
  const fanout = new Fanout<VisitNotice>();
  const listener = new PgListener(
    db,
    VISIT_EVENTS_CHANNEL,
    {
      onNotify: (eventId) => fanout.push(eventId, "changed"),
      onReconnect: () => fanout.pushAll("changed"),
    },
    log,
  );
  return {
    async subscribe(eventId, signal) {
      await listener.ready();
      return fanout.subscribe(eventId, signal);
    },
    async close() {
      fanout.closeAll(new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "server shutting down" }));
      await listener.close();
    },
  };
}

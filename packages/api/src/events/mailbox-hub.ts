import { type Db, MAILBOX_CHANNEL } from "@fizio/db";
import { TRPCError } from "@trpc/server";
import type { Logger } from "../context";
import type { Channel } from "./channel";
import { Fanout } from "./fanout";
import { PgListener } from "./pg-listener";

export interface MailboxHub {
  /** Wake-ups for one user's mailbox from now on (after LISTEN is active); read the mailbox again on each. */
  subscribe(userId: string, signal?: AbortSignal): Promise<Channel<true>>;
  close(): Promise<void>;
}

/** One LISTEN per process; a notice wakes only that user's subscribers (also after a reconnect: everyone). */
export function createMailboxHub(db: Db, log: Logger): MailboxHub {
  const fanout = new Fanout<true>();
  const listener = new PgListener(
    db,
    MAILBOX_CHANNEL,
    { onNotify: (userId) => fanout.push(userId, true), onReconnect: () => fanout.pushAll(true) },
    log,
  );
  return {
    async subscribe(userId, signal) {
      await listener.ready();
      return fanout.subscribe(userId, signal);
    },
    async close() {
      fanout.closeAll(new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "server shutting down" }));
      await listener.close();
    },
  };
}

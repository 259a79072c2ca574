import { type Db, RECORDING_PROGRESS_CHANNEL, type RecordingProgressEvent } from "@fizio/db";
import { TRPCError } from "@trpc/server";
import type { Logger } from "../context";
import type { Channel } from "./channel";
import { Fanout } from "./fanout";
import { PgListener } from "./pg-listener";

/** A progress event, or word that events may have been missed (the listener reconnected): read the row again. */
export type ProgressNotice = { kind: "event"; event: RecordingProgressEvent } | { kind: "resync" };

export interface RecordingProgressHub {
  /**
   * Notices for one recording from now on. Resolves once the shared LISTEN is active, so state read afterwards
   * and the notices together miss nothing. Ends when the signal aborts; fails when the hub closes.
   */
  subscribe(recordingId: string, signal?: AbortSignal): Promise<Channel<ProgressNotice>>;
  /**
   * Server shutdown: every subscription fails as unavailable, which the SSE client retries (on another
   * instance, from its last event), and the connection is released.
   */
  close(): Promise<void>;
}

/**
 * The process's fan-out of the workers' pg_notify progress: one LISTEN connection however many pages watch,
 * each notice delivered only to the subscribers of its recording (who were authorised for it on subscribing).
 */
export function createRecordingProgressHub(db: Db, log: Logger): RecordingProgressHub {
  const fanout = new Fanout<ProgressNotice>();
  const listener = new PgListener(
    db,
    RECORDING_PROGRESS_CHANNEL,
    {
      onNotify(payload) {
        let event: RecordingProgressEvent;
        try {
          event = JSON.parse(payload) as RecordingProgressEvent;
        } catch {
          log.warn({ payload }, "unreadable recording progress notification");
          return;
        }
        fanout.push(event.recordingId, { kind: "event", event });
      },
      onReconnect: () => fanout.pushAll({ kind: "resync" }),
    },
    log,
  );

  return {
    async subscribe(recordingId, signal) {
      await listener.ready();
      return fanout.subscribe(recordingId, signal);
    },
    async close() {
      fanout.closeAll(new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "server shutting down" }));
      await listener.close();
    },
  };
}

import { setTimeout as sleep } from "node:timers/promises";
import { AUDIT_LOOK_BACK_IDS, pendingAuditRows, sealAuditLog } from "@fizio/db";
import type { SystemTaskName, TaskPayload } from "@fizio/jobs";
import { expirePaymentCards } from "../billing/expire-cards";
import { sendEventReminder } from "../calendar/reminder-task";
import type { ApiServices } from "../context";
import { generateDocument } from "../documents/generate";
import { sendDueEngagementMessages } from "../engagement/send-due";
import { notifyAnalysisOutcome } from "../notifications/analysis-outcome";
import { deleteExpiredDataExports, exportPatientData } from "../records/export-patient-data";
import { abortStaleUploads } from "./abort-stale-uploads";

/**
 * The system jobs' schedule (graphile-worker crontab): graphile runs each line once across the server replicas. The
 * audit sealer shares its job key with the runs it queues itself under load, so the minute's run never doubles them.
 */
export const SYSTEM_CRONTAB =
  "0 * * * * abort_stale_uploads\n*/5 * * * * send_engagement_messages\n15 3 * * * expire_payment_cards\n45 3 * * * delete_expired_data_exports\n* * * * * seal_audit_log ?jobKey=seal_audit_log&jobKeyMode=preserve_run_at\n";

/**
 * A sealing run that found this many rows runs again after SEAL_AGAIN_MS rather than at the next minute, and no run
 * seals more than SEAL_BATCH rows (those left wait for the next): sealed a minute at a time, a busy server's audit
 * rows (about 12,000 at 200 a second) took a core for most of a second, and every request waiting meanwhile missed
 * its p99. Every second, a run under bench:api's 500 requests a second seals about 300 rows, a few tens of ms.
 * A backlog (rows left while no server was sealing; a server under load queues the sealer within seconds,
 * seal-nudge.ts) is worked off a batch a run, one run every 2 s or so (a delayed job waits for graphile-worker's
 * poll): run back to back, 19 batches a minute's worth under that load took a core and a connection for over a second.
 */
export const SEAL_AGAIN_AFTER_ROWS = 40;
export const SEAL_AGAIN_MS = 1_000;
export const SEAL_BATCH = 1_000;
/**
 * A run seals its rows in statements of at most SEAL_CHUNK rows, SEAL_CHUNK_GAP_MS apart. Postgres shares the server's
 * cores, and a run's rows in one statement (350-700 rows under bench:api's 500 requests a second) took a core for
 * 35-50 ms at once: the requests that arrived meanwhile queued behind it, and the queue took several times as long to
 * drain with the cores 80-90 % busy. A chunk is a few ms, and the gap lets the requests through.
 */
export const SEAL_CHUNK = 100;
export const SEAL_CHUNK_GAP_MS = 20;
/** Under load each run searches one of these slices of the look-back window in turn (the round takes 50 s). */
export const SEAL_LOOK_BACK_SLICES = 50;

/** What each system job does; the server's runner validates payloads before calling these. */
export type SystemTasks = {
  /** `attempt.last`: graphile will not retry this one, so a task that keeps a status on its row settles it. */
  [N in SystemTaskName]: (payload: TaskPayload<N>, attempt?: { last: boolean }) => Promise<void>;
};

export function createSystemTasks(services: ApiServices): SystemTasks {
  let busy = false;
  let slice = 0;
  return {
    deliver_email: ({ emailId }) => services.mailer.deliver(emailId),
    deliver_sms: ({ smsId }) => services.texter.deliver(smsId),
    notify_analysis_outcome: (payload) => notifyAnalysisOutcome(services, payload),
    generate_document: (payload) => generateDocument(services, payload),
    export_patient_data: (payload, attempt) => exportPatientData(services, payload, attempt),
    delete_expired_data_exports: () => deleteExpiredDataExports(services),
    send_engagement_messages: async () => {
      await sendDueEngagementMessages(services);
    },
    send_event_reminder: (payload) => sendEventReminder(services, payload),
    abort_stale_uploads: async () => {
      await abortStaleUploads(services);
    },
    seal_audit_log: async () => {
      // A quiet run (once a minute) searches the whole look-back window; a busy one (every few seconds) a slice.
      // Busy also when rows wait past the last seal: the minute's run may land on a replica that has not been
      // sealing, and its whole-window search under load held a connection and a core for up to a second.
      if (!busy) busy = (await pendingAuditRows(services.db)) >= SEAL_AGAIN_AFTER_ROWS;
      const width = AUDIT_LOOK_BACK_IDS / SEAL_LOOK_BACK_SLICES;
      const k = slice++ % SEAL_LOOK_BACK_SLICES;
      // The look-back is searched by the run's first chunk; the others seal past the last seal only.
      let lookBack = busy ? { from: k * width, to: (k + 1) * width } : undefined;
      let sealed = 0;
      for (;;) {
        const chunk = await sealAuditLog(services.db, {
          batch: Math.min(SEAL_CHUNK, SEAL_BATCH - sealed),
          lookBack,
        });
        sealed += chunk;
        if (chunk < SEAL_CHUNK || sealed >= SEAL_BATCH) break;
        lookBack = { from: 0, to: 0 };
        await sleep(SEAL_CHUNK_GAP_MS);
      }
      busy = sealed >= SEAL_AGAIN_AFTER_ROWS;
      if (busy)
        await services.queue.add(
          services.db,
          "seal_audit_log",
          {},
          { runAt: new Date(Date.now() + SEAL_AGAIN_MS) },
        );
    },
    expire_payment_cards: async () => {
      await expirePaymentCards(services);
    },
  };
}

import { z } from "zod";

/**
 * Every queued task: its payload (ids only; the task reads current state from the database, so a job never
 * acts on a stale snapshot), the job key that makes it one job per entity, and how often a transient fault
 * is retried (graphile-worker backs off exponentially between attempts).
 */
export const TASKS = {
  process_reference_video: {
    fleet: "analysis",
    payload: z.object({ referenceVideoId: z.uuid() }),
    jobKey: (p: { referenceVideoId: string }) => `process_reference_video:${p.referenceVideoId}`,
    maxAttempts: 5,
  },
  analyse_recording: {
    fleet: "analysis",
    payload: z.object({ recordingId: z.uuid() }),
    jobKey: (p: { recordingId: string }) => `analyse_recording:${p.recordingId}`,
    maxAttempts: 5,
  },
  /** Re-renders the annotated video of a recording even when its analysis is already complete. */
  render_annotated_video: {
    fleet: "analysis",
    payload: z.object({ recordingId: z.uuid() }),
    jobKey: (p: { recordingId: string }) => `render_annotated_video:${p.recordingId}`,
    maxAttempts: 5,
  },
  /** Delivers one outbox email by SMTP; requests only write the outbox, so they take the same time either way. */
  deliver_email: {
    fleet: "system",
    payload: z.object({ emailId: z.uuid() }),
    jobKey: (p: { emailId: string }) => `deliver_email:${p.emailId}`,
    maxAttempts: 8,
  },
  /** Delivers one outbox text message through the configured SMS provider. */
  deliver_sms: {
    fleet: "system",
    payload: z.object({ smsId: z.uuid() }),
    jobKey: (p: { smsId: string }) => `deliver_sms:${p.smsId}`,
    maxAttempts: 8,
  },
  /**
   * Sends the engagement-program messages that are due: run by the server's cron, and queued at once when an
   * enrolment's day-0 message is due immediately.
   */
  send_engagement_messages: {
    fleet: "system",
    payload: z.object({}),
    jobKey: () => "send_engagement_messages",
    maxAttempts: 5,
  },
  /** Renders a patient document's PDF and stores it (queued with the document's row). */
  generate_document: {
    fleet: "system",
    payload: z.object({ documentId: z.uuid() }),
    jobKey: (p: { documentId: string }) => `generate_document:${p.documentId}`,
    maxAttempts: 5,
  },
  /** Tells a patient their recording's analysis completed or failed (queued with the outcome's write). */
  notify_analysis_outcome: {
    fleet: "system",
    payload: z.object({ recordingId: z.uuid() }),
    jobKey: (p: { recordingId: string }) => `notify_analysis_outcome:${p.recordingId}`,
    maxAttempts: 5,
  },
  /**
   * An appointment reminder, queued to run a set time before the event; the start it was queued for rides
   * along, so a reminder for a moved event is recognised as stale. Cancelling the event removes the job.
   */
  send_event_reminder: {
    fleet: "system",
    payload: z.object({ eventId: z.uuid(), startOn: z.iso.datetime() }),
    jobKey: (p: { eventId: string }) => `send_event_reminder:${p.eventId}`,
    maxAttempts: 5,
  },
  /**
   * Run by the server's cron (no payload besides graphile's own): aborts uploads left open over a day, which
   * deletes their parts, and marks their rows expired.
   */
  abort_stale_uploads: {
    fleet: "system",
    payload: z.object({}),
    jobKey: () => "abort_stale_uploads",
    maxAttempts: 3,
  },
  /** Every minute, and every few seconds under load: seals new audit rows into the chain `pnpm audit:verify` checks. */
  seal_audit_log: {
    fleet: "system",
    payload: z.object({}),
    jobKey: () => "seal_audit_log",
    maxAttempts: 3,
  },
  /** Daily: flags payment cards past their expiry month, so they are shown as expired and never charged. */
  expire_payment_cards: {
    fleet: "system",
    payload: z.object({}),
    jobKey: () => "expire_payment_cards",
    maxAttempts: 3,
  },
  /** Makes a patient's own copy of their data (a zip) and emails them when it is ready (queued with its row). */
  export_patient_data: {
    fleet: "system",
    payload: z.object({ exportId: z.uuid() }),
    jobKey: (p: { exportId: string }) => `export_patient_data:${p.exportId}`,
    maxAttempts: 5,
  },
  /** Daily: deletes the files of patients' data copies past their expiry (the rows stay). */
  delete_expired_data_exports: {
    fleet: "system",
    payload: z.object({}),
    jobKey: () => "delete_expired_data_exports",
    maxAttempts: 3,
  },
} as const;

export type TaskName = keyof typeof TASKS;
type TasksOf<F extends string> = {
  [N in TaskName]: (typeof TASKS)[N]["fleet"] extends F ? N : never;
}[TaskName];
/** Tasks of the video fleet (workers/analysis). */
export type AnalysisTaskName = TasksOf<"analysis">;
/** Light tasks every server instance runs beside its requests (email delivery, housekeeping). */
export type SystemTaskName = TasksOf<"system">;
export type TaskPayload<N extends TaskName> = z.infer<(typeof TASKS)[N]["payload"]>;

export const TASK_NAMES = Object.keys(TASKS) as TaskName[];

export function isTaskName(name: string): name is TaskName {
  return Object.hasOwn(TASKS, name);
}

export class InvalidJobPayloadError extends Error {
  override readonly name = "InvalidJobPayloadError";

  constructor(
    readonly task: TaskName,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`invalid payload for ${task}: ${z.prettifyError(new z.ZodError(issues))}`);
  }
}

/** Validates a payload against its task's schema; throws InvalidJobPayloadError. */
export function parseJobPayload<N extends TaskName>(task: N, payload: unknown): TaskPayload<N> {
  const parsed = TASKS[task].payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayloadError(task, parsed.error.issues);
  return parsed.data as TaskPayload<N>;
}

export function jobKeyFor<N extends TaskName>(task: N, payload: TaskPayload<N>): string {
  return (TASKS[task].jobKey as (p: TaskPayload<N>) => string)(payload);
}

import type { AuditAction } from "@fizio/domain";
import type { Runner } from "graphile-worker";
import type pg from "pg";

/** Error text kept in the system log: enough to tell the failure, never a whole payload. */
const MAX_ERROR_LENGTH = 300;

/**
 * Writes an infrastructure event into the audit trail (organisation-less, actor-less, action `system.*`), where
 * /audit/system-log reads it and the hash chain covers it. A failure to write is logged, never thrown: the
 * system log must not take the job runner down with it.
 */
export async function recordSystemEvent(
  pool: pg.Pool,
  action: Extract<AuditAction, `system.${string}`>,
  entityId: string | null,
  details: Record<string, unknown>,
  onError: (error: unknown) => void,
): Promise<void> {
  await pool
    .query("insert into audit_log (action, entity, entity_id, details) values ($1, 'system', $2, $3)", [
      action,
      entityId,
      JSON.stringify(details),
    ])
    .catch(onError);
}

/** Each failed attempt of a job on this runner goes to the system log: task, attempt, error. */
export function recordJobFailures(
  runner: Runner,
  pool: pg.Pool,
  source: string,
  onError: (error: unknown) => void,
) {
  runner.events.on("job:failed", ({ job, error }) => {
    const message = error instanceof Error ? error.message : String(error);
    void recordSystemEvent(
      pool,
      "system.job.failed",
      String(job.id),
      {
        source,
        task: job.task_identifier,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
        error: message.slice(0, MAX_ERROR_LENGTH),
      },
      onError,
    );
  });
}

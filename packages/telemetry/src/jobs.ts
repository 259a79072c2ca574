import { type Queryable, queueDepth } from "@fizio/jobs";
import type * as Api from "@opentelemetry/api";
import type { Task, TaskList } from "graphile-worker";

/** Job durations (seconds): an email takes well under a second, an analysis minutes. */
export const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/**
 * How a job attempt ended: done, failed and to be retried, or failed for good (its last attempt; graphile-worker
 * counts the running attempt in `attempts`).
 */
export function jobOutcome(failed: boolean, job: { attempts: number; max_attempts: number }) {
  if (!failed) return "success";
  return job.attempts >= job.max_attempts ? "failed" : "retry";
}

export function createJobInstruments(api: typeof Api, tracer: Api.Tracer, meter: Api.Meter) {
  const duration = meter.createHistogram("fizio.job.duration", {
    description: "Duration of graphile-worker job attempts, per task and outcome",
    unit: "s",
    advice: { explicitBucketBoundaries: JOB_BUCKETS },
  });
  const depth = meter.createObservableGauge("fizio.job.queue.depth", {
    description: "Jobs due and waiting (state=ready) or taken by a worker (state=running), per task",
    unit: "{job}",
  });

  /** The task in a span `job <task>` (its database work as children) and its duration recorded. */
  const instrument =
    (name: string, task: Task): Task =>
    (payload, helpers) => {
      const started = performance.now();
      // The payload names a recording or an email: neither it nor the job key goes into telemetry.
      const attributes = { "job.task": name, "job.attempt": helpers.job.attempts };
      return tracer.startActiveSpan(
        `job ${name}`,
        { kind: api.SpanKind.CONSUMER, attributes },
        async (span) => {
          let failed = false;
          try {
            return await task(payload, helpers);
          } catch (error) {
            failed = true;
            span.setStatus({ code: api.SpanStatusCode.ERROR });
            throw error;
          } finally {
            const outcome = jobOutcome(failed, helpers.job);
            span.setAttribute("job.outcome", outcome);
            duration.record((performance.now() - started) / 1000, {
              "job.task": name,
              "job.outcome": outcome,
            });
            span.end();
          }
        },
      );
    };

  return {
    instrumentTasks(tasks: TaskList): TaskList {
      const instrumented: TaskList = {};
      for (const [name, task] of Object.entries(tasks)) if (task) instrumented[name] = instrument(name, task);
      return instrumented;
    },
    observeQueueDepth(db: Queryable, tasks: readonly string[]) {
      depth.addCallback(async (result) => {
        // A failed read leaves this export without the gauge rather than failing the whole export.
        const rows = await queueDepth(db, tasks).catch(() => []);
        for (const row of rows) {
          result.observe(row.ready, { "job.task": row.task, "job.state": "ready" });
          result.observe(row.running, { "job.task": row.task, "job.state": "running" });
        }
      });
    },
  };
}

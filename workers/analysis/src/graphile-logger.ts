import { Logger as GraphileLogger } from "graphile-worker";
import type { Logger } from "pino";

/** Routes graphile-worker's own log lines (job failures, retries, shutdown) into pino. */
export function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => {
    const child = logger.child({
      graphile: scope.label,
      taskIdentifier: scope.taskIdentifier,
      jobId: scope.jobId,
    });
    return (level, message, meta) => {
      const err = meta?.error;
      const fields = err ? { err } : {};
      if (level === "error") child.error(fields, message);
      else if (level === "warning") child.warn(fields, message);
      else if (level === "info") child.info(fields, message);
      else child.debug(fields, message);
    };
  });
}

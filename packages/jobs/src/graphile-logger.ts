import { Logger as GraphileLogger } from "graphile-worker";

type LogFn = (fields: object, message: string) => void;
/** The part of a pino logger this needs. */
export interface JobLogger {
  child(bindings: object): JobLogger;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
}

/** Routes graphile-worker's own log lines (job failures, retries, shutdown) into pino. */
export function graphileLogger(logger: JobLogger): GraphileLogger {
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

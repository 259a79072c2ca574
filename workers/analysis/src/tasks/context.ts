import type { Db } from "@fizio/db";
import type { Storage } from "@fizio/storage";
import type { JobHelpers } from "graphile-worker";
import type pg from "pg";
import type { Logger } from "pino";
import type { AnalysisEngine } from "../engine";

/** What every task of one worker slot shares. */
export interface TaskContext {
  db: Db;
  /** For queuing follow-up jobs. */
  pool: pg.Pool;
  storage: Storage;
  engine: AnalysisEngine;
  logger: Logger;
  /** This slot's own temporary directory; each job works in a fresh subdirectory of it. */
  scratchDir: string;
}

/** graphile-worker counts the running attempt in `attempts`; after the last one the job is not retried. */
export const isLastAttempt = (helpers: JobHelpers) => helpers.job.attempts >= helpers.job.max_attempts;

export const abortSignalOf = (helpers: JobHelpers) => helpers.abortSignal ?? new AbortController().signal;

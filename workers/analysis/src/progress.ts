import { type Db, publishRecordingProgress } from "@fizio/db";
import type { Logger } from "pino";

/**
 * Publishes a recording's progress (row + pg_notify) at most once per interval, however often the engine
 * reports; the latest value is never lost, only coalesced. Publishing failures are logged, not fatal: progress
 * is informative, the job's outcome is what matters.
 */
export class ProgressPublisher {
  private latest: { percent: number; stage: string } | null = null;
  private lastWrite = 0;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly recordingId: string,
    private readonly logger: Logger,
    private readonly intervalMs = 500,
  ) {}

  report(percent: number, stage: string): void {
    if (this.closed) return;
    this.latest = { percent, stage };
    this.schedule();
  }

  /** Stops publishing and waits for a write in flight, so nothing lands after the final status. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
  }

  private schedule(): void {
    if (this.timer || this.inFlight) return;
    const wait = this.lastWrite + this.intervalMs - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, wait);
      return;
    }
    const value = this.latest;
    this.latest = null;
    if (!value) return;
    this.lastWrite = Date.now();
    this.inFlight = publishRecordingProgress(this.db, this.recordingId, value)
      .then(
        () => undefined,
        (error: unknown) =>
          this.logger.warn({ err: error, recordingId: this.recordingId }, "progress not published"),
      )
      .finally(() => {
        this.inFlight = null;
        if (this.latest && !this.closed) this.schedule();
      });
  }
}

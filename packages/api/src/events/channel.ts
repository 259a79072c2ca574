/**
 * An async iterable fed by `push`: items wait in order until read, and iteration ends once `close` is called
 * and what was pushed before has been read; closed with an error, iteration then throws it.
 */
export class Channel<T> implements AsyncIterable<T> {
  private readonly buffer: T[] = [];
  private wake: (() => void) | null = null;
  private closed = false;
  private error: Error | null = null;

  constructor(private readonly onClose: () => void = () => {}) {}

  push(item: T): void {
    if (this.closed) return;
    this.buffer.push(item);
    this.wake?.();
  }

  /** Drops what waits unread: for wake-ups, where one read catches up with all of them. */
  clear(): void {
    this.buffer.length = 0;
  }

  close(error?: Error): void {
    if (this.closed) return;
    this.closed = true;
    this.error = error ?? null;
    this.onClose();
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    try {
      for (;;) {
        const next = this.buffer.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        if (this.closed) {
          if (this.error) throw this.error;
          return;
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = null;
      }
    } finally {
      this.close();
    }
  }
}

/** A signal for one seat, from one of this page's connections (its `session`). */
interface Outgoing<S> {
  to: string;
  signal: S;
}

/**
 * The signals a page sends, one request at a time: all that piled up for a seat while the last request was out
 * go together in the next, so a connection's description and its candidates cost a round trip or two, not one
 * each (on a busy machine each took up to a second, and a new connection's offer waited behind the old one's).
 * Signals of a connection closed meanwhile are dropped unsent; a failed request is tried again a few times, and
 * then given up: a connection that does not come up is opened again anyway.
 */
export function signalOutbox<S extends { session: string }>(options: {
  send: (to: string, signals: S[]) => Promise<unknown>;
  /** Whether this connection to that seat is still the page's current one. */
  isCurrent: (to: string, session: string) => boolean;
  /** The most signals in one request. */
  batch: number;
  attempts?: number;
  retryDelayMs?: number;
}) {
  const { send, isCurrent, batch, attempts = 3, retryDelayMs = 1_000 } = options;
  const queue: Outgoing<S>[] = [];
  let running = false;
  let drained: Promise<void> = Promise.resolve();
  let closed = false;

  /** The oldest recipient's signals, in order, up to a batch; the rest keep their places. */
  function nextBatch(): { to: string; signals: S[] } | null {
    for (let i = queue.length - 1; i >= 0; i--)
      if (!isCurrent(queue[i]!.to, queue[i]!.signal.session)) queue.splice(i, 1);
    const to = queue[0]?.to;
    if (to === undefined) return null;
    const signals: S[] = [];
    for (let i = 0; i < queue.length && signals.length < batch; )
      if (queue[i]!.to === to) signals.push(queue.splice(i, 1)[0]!.signal);
      else i++;
    return { to, signals };
  }

  async function sendWithRetries(to: string, batchOf: S[]) {
    for (let attempt = 1; !closed; attempt++) {
      const signals = batchOf.filter((s) => isCurrent(to, s.session));
      if (signals.length === 0) return;
      try {
        await send(to, signals);
        return;
      } catch {
        if (attempt >= attempts) return;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    }
  }

  async function drain() {
    try {
      for (let next = nextBatch(); next && !closed; next = nextBatch())
        await sendWithRetries(next.to, next.signals);
    } finally {
      running = false;
    }
  }

  return {
    push(to: string, signal: S) {
      if (closed) return;
      queue.push({ to, signal });
      if (running) return;
      running = true;
      drained = drain();
    },
    /** Settles once everything queued so far was sent or given up (for tests). */
    idle: () => drained,
    close() {
      closed = true;
      queue.length = 0;
    },
  };
}

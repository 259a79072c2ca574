/** Names held in this page, for browsers without Web Locks (and tests). */
const heldHere = new Set<string>();

const locks = () => (typeof navigator === "undefined" ? undefined : navigator.locks);

/**
 * Runs `work` only if no tab of this browser holds `name` (Web Locks, shared by the origin's tabs), so two tabs
 * never upload the same recording and an open recording is not taken for an abandoned one.
 */
export async function withDeviceLock(name: string, work: () => Promise<void>): Promise<void> {
  const api = locks();
  if (!api) {
    if (heldHere.has(name)) return;
    heldHere.add(name);
    try {
      return await work();
    } finally {
      heldHere.delete(name);
    }
  }
  await api.request(name, { ifAvailable: true }, async (lock) => {
    if (lock) await work();
  });
}

/** Holds `name` until the answer is called: a tab recording says so for as long as it records. */
export async function holdDeviceLock(name: string): Promise<() => void> {
  const api = locks();
  heldHere.add(name);
  if (!api) return () => heldHere.delete(name);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await new Promise<void>((acquired) => {
    void api.request(name, () => {
      acquired();
      return released;
    });
  });
  return () => {
    heldHere.delete(name);
    release();
  };
}

export const openRecordingLock = (localId: string) => `fizio-recording-open:${localId}`;
export const uploadLock = (localId: string) => `fizio-recording-upload:${localId}`;

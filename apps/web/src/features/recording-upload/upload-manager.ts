import { type LiveRepRecord, MAX_PARTS_PER_SIGN_REQUEST, readLiveReps, uploadIssues } from "@fizio/domain";
import { TRPCClientError } from "@trpc/client";
import { apiFailure } from "../../lib/api-error";
import { backoffMs } from "./backoff";
import { sha256OfChunks } from "./checksum";
import { openRecordingLock, uploadLock, withDeviceLock } from "./device-lock";
import { type FailureKind, failureKind } from "./failure-kind";
import { recordingFile } from "./file-name";
import { batches, confirmedBytes, partRange, planResume } from "./part-plan";
import { PartPutError, type PutPart, putPart } from "./put-part";
import { type RecordingStore, recordingStore } from "./store";
import type { RecordingState, StoredRecording } from "./store-schema";
import { trpcUploadApi, type UploadApi } from "./upload-api";

/** What the progress bar and the pending indicator show for one recording. */
export interface UploadView {
  localId: string;
  state: RecordingState;
  sent: number;
  total: number;
  offline: boolean;
  retrying: boolean;
  failure: string | null;
}

/** The live figures as the server would keep them, or none: ones it would drop are not sent at all. */
function sendableLiveReps(reps: LiveRepRecord[] | undefined): LiveRepRecord[] | undefined {
  if (!reps || reps.length === 0) return undefined;
  return readLiveReps(reps).reps ?? undefined;
}

/**
 * A recording no tab holds open and with no new chunk for this long was left by a closed tab (or a crash): it
 * is sealed and sent as it is.
 */
const ORPHAN_AFTER_MS = 60_000;
/** Uploaded rows are kept a while so a progress bar still shows "uploaded" after a reload. */
const FORGET_UPLOADED_AFTER_MS = 24 * 3600_000;
/** New server uploads tried for one recording before it is set aside as failed. */
const MAX_RESTARTS = 3;

/** The server refused the file for good, or it breaks the upload rules before being announced. */
class Refusal extends Error {
  constructor(readonly fiz: string) {
    super(fiz);
  }
}

function kindOf(error: unknown): { kind: FailureKind; fiz: string | null } {
  if (error instanceof Refusal) return { kind: "refused", fiz: error.fiz };
  if (error instanceof PartPutError)
    return { kind: failureKind({ status: error.status, fiz: null, params: {} }), fiz: null };
  if (error instanceof TRPCClientError) {
    const failure = apiFailure(error);
    return { kind: failureKind(failure), fiz: failure.fiz };
  }
  return { kind: "retry", fiz: null };
}

const isPending = (r: StoredRecording) => r.state === "sealed" || r.state === "uploading";

export interface UploadManagerDeps {
  store: () => Promise<RecordingStore>;
  api: UploadApi;
  putPart: PutPart;
  online: () => boolean;
  /** Fires "online" and "offline": the window, or a plain EventTarget in tests. */
  connectivity: EventTarget;
  now: () => number;
}

/**
 * Sends every sealed recording of the signed-in patient to S3 in presigned multipart parts, one recording at a
 * time, and keeps its chunks on the device until the server has confirmed the whole upload. Each part's ETag
 * is saved as it succeeds; after a reload, a closed tab or a lost connection it asks the server which parts
 * storage holds and sends only the rest. It waits while offline and retries other faults with backoff.
 */
export class UploadManager {
  private ownerId: string | null = null;
  private running = false;
  private again = false;
  private controller = new AbortController();
  private wake: (() => void) | null = null;
  private views: ReadonlyMap<string, UploadView> = new Map();
  private readonly live = new Map<string, Partial<UploadView>>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: UploadManagerDeps) {}

  /** The patient recordings are made for while the manager runs. */
  get owner(): string | null {
    return this.ownerId;
  }

  /** Starts for the signed-in patient; the answer stops it (sign-out, unmount). */
  start(ownerId: string): () => void {
    this.ownerId = ownerId;
    this.controller = new AbortController();
    const { signal } = this.controller;
    this.deps.connectivity.addEventListener("online", this.onConnectivity, { signal });
    this.deps.connectivity.addEventListener("offline", this.onConnectivity, { signal });
    this.kick();
    return () => {
      if (this.ownerId !== ownerId) return;
      this.ownerId = null;
      this.controller.abort();
      this.wake?.();
    };
  }

  /** Something changed (a recording was sealed, the connection came back): look at the queue again. */
  kick(): void {
    void this.refresh();
    if (this.running) {
      this.again = true;
      this.wake?.();
      return;
    }
    void this.run();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): ReadonlyMap<string, UploadView> => this.views;

  private onConnectivity = () => this.kick();

  private async refresh(): Promise<void> {
    const rows = await (await this.deps.store()).all();
    const views = new Map<string, UploadView>();
    for (const r of rows) {
      if (!this.mine(r)) continue;
      const live = this.live.get(r.localId) ?? {};
      views.set(r.localId, {
        localId: r.localId,
        state: r.state,
        sent: r.state === "uploaded" ? r.size : confirmedBytes(r.size, r.etags),
        total: r.size,
        offline: isPending(r) && !this.deps.online(),
        retrying: false,
        failure: r.failure,
        ...live,
      });
    }
    this.views = views;
    for (const listener of this.listeners) listener();
  }

  /** Progress changes often: the view is patched in memory rather than read again from IndexedDB. */
  private setLive(localId: string, change: Partial<UploadView>): void {
    this.live.set(localId, { ...this.live.get(localId), ...change });
    const view = this.views.get(localId);
    if (!view) return void this.refresh();
    this.views = new Map(this.views).set(localId, { ...view, ...change });
    for (const listener of this.listeners) listener();
  }

  private mine(r: StoredRecording): boolean {
    return r.ownerId === null || r.ownerId === this.ownerId;
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      do {
        this.again = false;
        const store = await this.deps.store();
        await this.tidy(store);
        const queue = (await store.all()).filter((r) => isPending(r) && this.mine(r));
        queue.sort((a, b) => a.createdAt - b.createdAt);
        for (const r of queue) {
          if (!this.ownerId) return;
          await withDeviceLock(uploadLock(r.localId), () => this.send(store, r.localId));
        }
      } while (this.again && this.ownerId);
    } finally {
      this.running = false;
      await this.refresh();
    }
  }

  /** Seals what a closed tab left mid-recording, and forgets old uploaded rows. */
  private async tidy(store: RecordingStore): Promise<void> {
    const now = this.deps.now();
    for (const r of await store.all()) {
      if (!this.mine(r)) continue;
      if (r.state === "recording" && now - r.updatedAt > ORPHAN_AFTER_MS) {
        await withDeviceLock(openRecordingLock(r.localId), () => this.sealOrphan(store, r));
      } else if (r.state === "uploaded" && now - r.updatedAt > FORGET_UPLOADED_AFTER_MS) {
        await store.remove(r.localId);
      }
    }
  }

  private async sealOrphan(store: RecordingStore, r: StoredRecording): Promise<void> {
    if (r.chunkCount === 0) return store.remove(r.localId);
    const sha256 = await sha256OfChunks(await store.chunks(r.localId));
    await store.seal(r.localId, { durationSeconds: null, breaks: [] }, sha256);
  }

  /** One recording until it is uploaded, refused, or the manager stops. */
  private async send(store: RecordingStore, localId: string): Promise<void> {
    let restarts = 0;
    let failures = 0;
    while (this.ownerId) {
      if (!this.deps.online()) {
        this.setLive(localId, { offline: true });
        await this.pause(null);
        continue;
      }
      this.setLive(localId, { offline: false });
      try {
        await this.sendOnce(store, localId);
        this.live.delete(localId);
        return;
      } catch (error) {
        const { kind, fiz } = kindOf(error);
        if (kind === "signedOut") return;
        if (kind === "refused" || (kind === "restart" && ++restarts > MAX_RESTARTS)) {
          await store.update(localId, () => ({ state: "failed", failure: fiz ?? "FIZ305" }));
          this.live.delete(localId);
          return;
        }
        if (kind === "restart")
          await store.update(localId, () => ({ state: "sealed", serverId: null, uploadId: null, etags: {} }));
        this.setLive(localId, { retrying: this.deps.online() });
        if (this.deps.online()) await this.pause(backoffMs(failures++));
      }
    }
  }

  /** Waits `ms` (or until back online when null); a kick or going online ends it early. */
  private pause(ms: number | null): Promise<void> {
    return new Promise((resolve) => {
      if (!this.ownerId) return resolve();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      if (ms !== null) timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private async sendOnce(store: RecordingStore, localId: string): Promise<void> {
    let r = await store.get(localId);
    if (!r || !isPending(r) || !r.sha256) return;
    if (!r.serverId) r = await this.announce(store, r);
    const id = r.serverId!;
    const listed = await this.deps.api.listParts({ id });
    if (listed.uploadStatus === "UPLOADED") return store.markUploaded(localId);

    const plan = planResume(r.size, r.etags, listed.parts);
    const confirmed = { ...plan.confirmed };
    await store.update(localId, () => ({ etags: confirmed }));
    let sent = confirmedBytes(r.size, confirmed);
    this.setLive(localId, { sent, retrying: false });
    const file = await store.file(localId, r.options.mimeType);
    const { signal } = this.controller;
    // Going offline aborts the part in flight at once rather than when its socket times out.
    const abortWhenOffline = new AbortController();
    const onOffline = () => abortWhenOffline.abort();
    this.deps.connectivity.addEventListener("offline", onOffline);
    try {
      for (const batch of batches(plan.toSend, MAX_PARTS_PER_SIGN_REQUEST)) {
        const { parts } = await this.deps.api.signParts({ id, partNumbers: batch });
        for (const part of parts) {
          const range = partRange(r.size, part.partNumber);
          const etag = await this.deps.putPart(
            part.url,
            file.slice(range.start, range.end),
            (loaded) => this.setLive(localId, { sent: sent + loaded }),
            AbortSignal.any([signal, abortWhenOffline.signal]),
          );
          confirmed[part.partNumber] = etag;
          await store.saveEtag(localId, part.partNumber, etag);
          sent += range.end - range.start;
          this.setLive(localId, { sent });
        }
      }
    } finally {
      this.deps.connectivity.removeEventListener("offline", onOffline);
    }
    const parts = Object.entries(confirmed).map(([n, etag]) => ({ partNumber: Number(n), etag }));
    await this.deps.api.complete({ id, parts: parts.sort((a, b) => a.partNumber - b.partNumber) });
    await store.markUploaded(localId);
  }

  /** uploads.start once; the server's id is saved at once, so a reload resumes this upload. */
  private async announce(store: RecordingStore, r: StoredRecording): Promise<StoredRecording> {
    const { fileName, contentType } = recordingFile(r.options.mimeType);
    const limits = await this.deps.api.limits();
    const [issue] = uploadIssues({ kind: "RECORDING", fileName, size: r.size, contentType }, limits);
    if (issue) throw new Refusal(issue.code);
    const started = await this.deps.api.start({
      fileName,
      contentType,
      size: r.size,
      checksumSha256: r.sha256!,
      activityId: r.options.activityId,
      referenceVideoId: r.options.referenceVideoId,
      activitySessionId: r.options.activitySessionId,
      durationSeconds: r.meta?.durationSeconds ?? null,
      recordingBreaks: r.meta?.breaks ?? [],
      recordingSets: r.meta?.sets ?? [],
      liveReps: sendableLiveReps(r.meta?.liveReps),
    });
    const updated = await store.update(r.localId, () => ({
      state: "uploading",
      serverId: started.id,
      uploadId: started.uploadId,
      partSize: started.partSize,
      etags: {},
    }));
    if (!updated) throw new Refusal("FIZ106");
    void this.refresh();
    return updated;
  }
}

export const uploadManager = new UploadManager({
  store: recordingStore,
  api: trpcUploadApi,
  putPart,
  online: () => navigator.onLine,
  connectivity: typeof window === "undefined" ? new EventTarget() : window,
  now: Date.now,
});

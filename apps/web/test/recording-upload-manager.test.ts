import "fake-indexeddb/auto";
import { createHash } from "node:crypto";
import { DEFAULT_ORGANIZATION_SETTINGS, UPLOAD_PART_SIZE, uploadLimitsOf } from "@fizio/domain";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { PartPutError, type PutPart } from "../src/features/recording-upload/put-part";
import { openSinkIn } from "../src/features/recording-upload/sink";
import { openRecordingStore, type RecordingStore } from "../src/features/recording-upload/store";
import type { UploadApi } from "../src/features/recording-upload/upload-api";
import { UploadManager } from "../src/features/recording-upload/upload-manager";

const options = {
  activityId: crypto.randomUUID(),
  activitySessionId: crypto.randomUUID(),
  mimeType: "video/webm",
};
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const md5 = (bytes: Uint8Array) => `"${createHash("md5").update(bytes).digest("hex")}"`;

/** Bytes for a recording, delivered as MediaRecorder would: many small chunks. */
function recordingBytes(size: number) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 11)) & 255;
  const chunks: Blob[] = [];
  for (let at = 0; at < size; at += 1_000_003) chunks.push(new Blob([bytes.subarray(at, at + 1_000_003)]));
  return { bytes, chunks };
}

const liveRep = {
  set: 1,
  startT: 0.5,
  endT: 3,
  durationSeconds: 2.5,
  confidence: 0.9,
  ranges: [{ joint: "KNEE", side: "LEFT", min: 80, max: 170 }],
  cue: "good",
  inRange: true,
  achieved: 90,
  target: 92,
} as const;

async function sealedRecording(store: RecordingStore, size: number, liveReps: unknown[] = [liveRep]) {
  const { bytes, chunks } = recordingBytes(size);
  const sink = await openSinkIn(store, options, "patient-1", () => {});
  for (const chunk of chunks) void sink.append(chunk);
  const { localId } = await sink.finish({
    durationSeconds: 12.5,
    breaks: [],
    sets: [
      { startSeconds: 0, endSeconds: 6 },
      { startSeconds: 6, endSeconds: 12.5 },
    ],
    liveReps: liveReps as never,
  });
  return { bytes, localId };
}

/** A server and storage in memory: parts PUT land in `stored`, listParts and complete read them. */
function fakeServer(bytes: Uint8Array) {
  const stored = new Map<number, { etag: string; size: number }>();
  const calls: string[] = [];
  const put: number[] = [];
  let completed = 0;
  let startInput: unknown;
  const api: UploadApi = {
    limits: async () => uploadLimitsOf(DEFAULT_ORGANIZATION_SETTINGS, "RECORDING"),
    start: async (input) => {
      calls.push("start");
      startInput = input;
      return { id: "server-1", uploadId: "u-1", partSize: UPLOAD_PART_SIZE };
    },
    signParts: async ({ partNumbers }) => ({
      parts: partNumbers.map((partNumber) => ({ partNumber, url: `s3://part/${partNumber}` })),
    }),
    listParts: async () => ({
      uploadStatus: completed ? "UPLOADED" : "UPLOADING",
      parts: [...stored].map(([partNumber, p]) => ({
        partNumber,
        etag: p.etag.replaceAll('"', ""),
        size: p.size,
      })),
    }),
    complete: async ({ parts }) => {
      const unquote = (etag = "") => etag.replaceAll('"', "");
      const whole =
        parts.length === stored.size &&
        parts.every((p) => unquote(stored.get(p.partNumber)?.etag) === unquote(p.etag));
      if (!whole)
        throw new TRPCClientError("FIZ305", {
          result: { error: { data: { httpStatus: 409, fiz: "FIZ305" } } } as never,
        });
      completed += 1;
      return {};
    },
  };
  const putPart: PutPart = async (url, body, onProgress) => {
    const partNumber = Number(url.split("/").pop());
    const part = new Uint8Array(await body.arrayBuffer());
    const planned = bytes.subarray((partNumber - 1) * UPLOAD_PART_SIZE, partNumber * UPLOAD_PART_SIZE);
    if (sha256(part) !== sha256(planned)) throw new Error(`part ${partNumber} is not the planned slice`);
    onProgress(part.length);
    put.push(partNumber);
    stored.set(partNumber, { etag: md5(part), size: part.length });
    return md5(part);
  };
  return { api, putPart, stored, calls, put, completed: () => completed, startInput: () => startInput };
}

function managerFor(store: RecordingStore, server: ReturnType<typeof fakeServer>, putPart = server.putPart) {
  return new UploadManager({
    store: async () => store,
    api: server.api,
    putPart,
    online: () => true,
    connectivity: new EventTarget(),
    now: Date.now,
  });
}

/** Until the manager's views say the recording reached `state`. */
function reaches(manager: UploadManager, localId: string, state: string) {
  return new Promise<void>((resolve) => {
    const check = () => manager.snapshot().get(localId)?.state === state && resolve();
    manager.subscribe(check);
    check();
  });
}

const size = 2 * UPLOAD_PART_SIZE + 4321;

describe("recording sink", () => {
  it("keeps every chunk in order and seals with the file's size and SHA-256", async () => {
    const store = await openRecordingStore(`sink-${crypto.randomUUID()}`);
    const { bytes, localId } = await sealedRecording(store, size);
    expect(await store.get(localId)).toMatchObject({
      state: "sealed",
      size,
      sha256: sha256(bytes),
      ownerId: "patient-1",
      meta: {
        durationSeconds: 12.5,
        breaks: [],
        sets: [
          { startSeconds: 0, endSeconds: 6 },
          { startSeconds: 6, endSeconds: 12.5 },
        ],
      },
    });
    const file = new Uint8Array(await (await store.file(localId, "video/webm")).arrayBuffer());
    expect(sha256(file)).toBe(sha256(bytes));
  });

  it("drops the chunks when the patient exits", async () => {
    const store = await openRecordingStore(`sink-${crypto.randomUUID()}`);
    const sink = await openSinkIn(store, options, null, () => {});
    await sink.append(new Blob([new Uint8Array(10)]));
    await sink.discard();
    expect(await store.all()).toEqual([]);
  });
});

describe("upload manager", () => {
  it("uploads a sealed recording once, then deletes its chunks", async () => {
    const store = await openRecordingStore(`up-${crypto.randomUUID()}`);
    const { bytes, localId } = await sealedRecording(store, size);
    const server = fakeServer(bytes);
    const manager = managerFor(store, server);
    const stop = manager.start("patient-1");
    await reaches(manager, localId, "uploaded");
    stop();
    expect(server.put).toEqual([1, 2, 3]);
    expect(server.completed()).toBe(1);
    expect(server.startInput()).toMatchObject({
      fileName: "recording.webm",
      size,
      checksumSha256: sha256(bytes),
      activitySessionId: options.activitySessionId,
      durationSeconds: 12.5,
      recordingSets: [
        { startSeconds: 0, endSeconds: 6 },
        { startSeconds: 6, endSeconds: 12.5 },
      ],
      liveReps: [liveRep],
    });
    expect(await store.chunks(localId)).toEqual([]);
    expect(manager.snapshot().get(localId)).toMatchObject({ sent: size, total: size });
  });

  it("leaves out live figures the server would drop, and uploads the recording all the same", async () => {
    const store = await openRecordingStore(`up-${crypto.randomUUID()}`);
    const { bytes, localId } = await sealedRecording(store, size, [{ ...liveRep, confidence: 3 }]);
    const server = fakeServer(bytes);
    const manager = managerFor(store, server);
    const stop = manager.start("patient-1");
    await reaches(manager, localId, "uploaded");
    stop();
    expect(server.completed()).toBe(1);
    expect(server.startInput()).toMatchObject({ liveReps: undefined });
  });

  it("after a lost connection and a reload, sends only the parts storage lacks", async () => {
    const store = await openRecordingStore(`up-${crypto.randomUUID()}`);
    const { bytes, localId } = await sealedRecording(store, size);
    const server = fakeServer(bytes);
    // The first tab sends part 1, then the network drops on part 2 and the tab is closed.
    let puts = 0;
    const failing: PutPart = async (...args) => {
      if (++puts > 1) throw new PartPutError(0);
      return server.putPart(...args);
    };
    const first = managerFor(store, server, failing);
    const stopFirst = first.start("patient-1");
    await new Promise<void>((resolve) =>
      first.subscribe(() => first.snapshot().get(localId)?.retrying && resolve()),
    );
    stopFirst();
    // The closed tab's lock on the recording is gone once its loop has ended.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await store.get(localId)).toMatchObject({ state: "uploading", serverId: "server-1" });
    expect(server.put).toEqual([1]);

    const second = managerFor(store, server);
    const stop = second.start("patient-1");
    await reaches(second, localId, "uploaded");
    stop();
    expect(server.calls).toEqual(["start"]);
    expect(server.put).toEqual([1, 2, 3]);
    expect(server.completed()).toBe(1);
  });

  it("waits while offline and starts as soon as the connection is back", async () => {
    const store = await openRecordingStore(`up-${crypto.randomUUID()}`);
    const { bytes, localId } = await sealedRecording(store, 1000);
    const server = fakeServer(bytes);
    const connectivity = new EventTarget();
    let online = false;
    const manager = new UploadManager({
      store: async () => store,
      api: server.api,
      putPart: server.putPart,
      online: () => online,
      connectivity,
      now: Date.now,
    });
    const stop = manager.start("patient-1");
    await new Promise<void>((resolve) => {
      const check = () => manager.snapshot().get(localId)?.offline && resolve();
      manager.subscribe(check);
      check();
    });
    expect(server.calls).toEqual([]);
    online = true;
    connectivity.dispatchEvent(new Event("online"));
    await reaches(manager, localId, "uploaded");
    stop();
    expect(server.put).toEqual([1]);
  });

  it("leaves another patient's recordings alone and keeps a refused file on the device", async () => {
    const store = await openRecordingStore(`up-${crypto.randomUUID()}`);
    const { bytes, localId } = await sealedRecording(store, size);
    const server = fakeServer(bytes);
    server.api.start = async () => {
      throw new TRPCClientError("FIZ111", {
        result: { error: { data: { httpStatus: 404, fiz: "FIZ111" } } } as never,
      });
    };
    const other = managerFor(store, server);
    other.start("patient-2")();
    const manager = managerFor(store, server);
    const stop = manager.start("patient-1");
    await reaches(manager, localId, "failed");
    stop();
    expect(await store.get(localId)).toMatchObject({ state: "failed", failure: "FIZ111" });
    expect((await store.chunks(localId)).length).toBeGreaterThan(0);
  });
});

import { createHash } from "node:crypto";
import { findRecording } from "@fizio/db";
import { addJob } from "@fizio/jobs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILURES } from "../src";
import { fakeVideo, Harness, waitFor } from "./support";

let h: Harness;

beforeAll(async () => {
  h = await Harness.create();
  await h.startWorker();
});
afterAll(() => h.close());

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A recording whose row carries the SHA-256 the browser announced when it started the upload. */
async function recordingAnnouncing(checksum: string, content: Buffer) {
  const reference = await h.referenceVideo({ ready: true });
  const recording = await h.recording(reference.id, content);
  await h.pool.query("update recordings set checksum_sha256 = $1 where id = $2", [checksum, recording.id]);
  await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
  return waitFor(async () => {
    const r = await findRecording(h.db, recording.id);
    return r && r.analysisStatus !== "IN_PROGRESS" ? r : null;
  }, `recording ${recording.id} to leave In Progress`);
}

describe("analyse_recording checks the original's SHA-256", () => {
  it("analyses an original whose bytes hash to the announced checksum", async () => {
    const content = fakeVideo();
    expect(await recordingAnnouncing(sha256(content), content)).toMatchObject({
      analysisStatus: "COMPLETED",
    });
  });

  it("fails, without retry, an original whose bytes differ from the recorded file", async () => {
    const content = fakeVideo();
    const other = sha256(Buffer.concat([content, Buffer.from([0])]));
    expect(await recordingAnnouncing(other, content)).toMatchObject({
      analysisStatus: "FAILED",
      failureCode: "UPLOAD_INCOMPLETE",
      failureReason: FAILURES.UPLOAD_INCOMPLETE,
      analysisAttempts: 1,
      annotatedKey: null,
    });
  });
});

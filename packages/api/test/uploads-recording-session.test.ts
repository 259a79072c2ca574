import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { findActivitySession, findRecording, schema } from "@fizio/db";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { fileOfParts, planWithVideoActivity, putParts, queuedJobs, readyGroup } from "./media";

let h: Harness;
let patient: Client;
let otherPatient: Client;
let activityId: string;

beforeAll(async () => {
  h = await createHarness();
  const provider = await h.signIn("provider@fizio.test");
  patient = await h.signIn("priya.shah@fizio.test");
  otherPatient = await h.signIn("patient@fizio.test");
  const { videoId } = await readyGroup(h, provider.api, "Squat");
  activityId = (await planWithVideoActivity(provider, "priya.shah@fizio.test", h, videoId)).activityId;
});
afterAll(() => h.t.drop());

const recordingRows = async () => (await h.t.db.select({ n: count() }).from(schema.recordings))[0]!.n;
const openMultipartUploads = async () =>
  (await readdir(join(h.storageDir, "fizio", "._S3rver_uploads")).catch(() => [])).length;

/** A recording of `parts` parts made in `activitySessionId`, sent whole and completed. */
async function uploadRecording(activitySessionId: string, parts = 1) {
  const file = fileOfParts(parts);
  const started = await patient.api.uploads.start({
    kind: "RECORDING",
    activityId,
    activitySessionId,
    fileName: "session.webm",
    contentType: "video/webm",
    size: file.length,
    durationSeconds: 30,
  });
  const etags = await putParts(
    patient.api,
    started,
    file,
    Array.from({ length: started.partCount }, (_, i) => i + 1),
  );
  return { started, etags };
}

describe("a recording names its activity session", () => {
  it("when the upload starts before the session completes, completing without a recording keeps it", async () => {
    const session = await patient.api.activitySessions.start({ planActivityId: activityId });
    const { started, etags } = await uploadRecording(session.id);
    expect((await findActivitySession(h.t.db, session.id))?.recordingId).toBe(started.id);

    const done = await patient.api.activitySessions.complete({ id: session.id, breaks: [] });
    expect(done).toMatchObject({ status: "COMPLETED", recordingId: started.id });
    await patient.api.uploads.complete({ id: started.id, parts: etags });
    expect((await findActivitySession(h.t.db, session.id))?.recordingId).toBe(started.id);
  });

  it("when the session completes first, the upload links it afterwards", async () => {
    const session = await patient.api.activitySessions.start({ planActivityId: activityId });
    const breaks = [{ startSeconds: 10, endSeconds: 15 }];
    expect(await patient.api.activitySessions.complete({ id: session.id, breaks })).toMatchObject({
      status: "COMPLETED",
      recordingId: null,
    });
    const { started } = await uploadRecording(session.id);
    expect(await findActivitySession(h.t.db, session.id)).toMatchObject({
      status: "COMPLETED",
      recordingId: started.id,
      breaks,
    });
  });

  it("refuses another patient's session (FIZ125) before opening anything", async () => {
    const theirs = await otherPatient.api.activitySessions.start({});
    const before = { rows: await recordingRows(), uploads: await openMultipartUploads() };
    const start = patient.api.uploads.start({
      kind: "RECORDING",
      activityId,
      activitySessionId: theirs.id,
      fileName: "session.webm",
      size: 100,
    });
    expect(await failure(start)).toEqual({ fiz: "FIZ125", code: "NOT_FOUND" });
    expect(await recordingRows()).toBe(before.rows);
    expect(await openMultipartUploads()).toBe(before.uploads);
    expect((await findActivitySession(h.t.db, theirs.id))?.recordingId).toBeNull();
  });
});

describe("bad input never loses a recording nor answers 500", () => {
  const base = { kind: "RECORDING", fileName: "session.webm", size: 100 } as const;

  it("refuses an empty, a wrongly named and an oversized file, and bad ids, with FIZ codes", async () => {
    const cases = [
      [{ ...base, activityId, size: 0 }, "FIZ058"],
      [{ ...base, activityId, fileName: "session.txt" }, "FIZ056"],
      [{ ...base, activityId, fileName: "session" }, "FIZ056"],
      [{ ...base, activityId, size: 2 * 1024 ** 3 }, "FIZ057"],
      [{ ...base, activityId, size: 1.5 }, "FIZ011"],
      [{ ...base, activityId, checksumSha256: "not-a-hash" }, "FIZ006"],
      [{ ...base, activityId, activitySessionId: "not-a-uuid" }, undefined],
      [{ ...base }, "FIZ042"],
    ] as const;
    for (const [input, fiz] of cases) {
      const result = await failure(patient.api.uploads.start(input));
      expect(result.code, JSON.stringify(input)).toBe("BAD_REQUEST");
      if (fiz) expect(result.fiz, JSON.stringify(input)).toBe(fiz);
    }
    expect(
      (
        await failure(
          patient.api.uploads.start({ ...base, activityId, activitySessionId: crypto.randomUUID() }),
        )
      ).fiz,
    ).toBe("FIZ125");
  });

  it("refuses bogus parts with FIZ codes and stays resumable, then completes once and queues one analysis", async () => {
    const session = await patient.api.activitySessions.start({});
    const { started, etags } = await uploadRecording(session.id, 2);
    type CompleteInput = Parameters<typeof patient.api.uploads.complete>[0];
    const bogus: [CompleteInput, string | undefined][] = [
      [{ id: started.id, parts: [] }, "FIZ001"],
      [{ id: started.id, parts: [{ partNumber: 0, etag: "x" }] }, "FIZ010"],
      [{ id: started.id, parts: [{ partNumber: 1, etag: "" }] }, undefined],
    ];
    for (const [input, fiz] of bogus) {
      const result = await failure(patient.api.uploads.complete(input));
      expect(result.code).toBe("BAD_REQUEST");
      if (fiz) expect(result.fiz).toBe(fiz);
    }
    const wrongEtag = [etags[0]!, { partNumber: 2, etag: '"0123456789abcdef"' }];
    expect(await failure(patient.api.uploads.complete({ id: started.id, parts: wrongEtag }))).toMatchObject({
      fiz: "FIZ305",
    });
    expect((await failure(patient.api.uploads.complete({ id: crypto.randomUUID(), parts: etags }))).fiz).toBe(
      "FIZ106",
    );
    expect((await failure(patient.api.uploads.signParts({ id: started.id, partNumbers: [3] }))).fiz).toBe(
      "FIZ009",
    );
    expect((await patient.api.uploads.listParts({ id: started.id })).parts).toHaveLength(2);

    const first = await patient.api.uploads.complete({ id: started.id, parts: etags });
    expect(await patient.api.uploads.complete({ id: started.id, parts: etags })).toEqual(first);
    expect(await queuedJobs(h, "analyse_recording", started.id)).toHaveLength(1);
    expect(await findRecording(h.t.db, started.id)).toMatchObject({
      uploadStatus: "UPLOADED",
      durationSeconds: 30,
    });
  });
});

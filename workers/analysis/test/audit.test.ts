import { findRecording, findReferenceVideo } from "@fizio/db";
import type { AnalysisResult } from "@fizio/domain";
import { addJob } from "@fizio/jobs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { completeRecording, WORKER_ACTOR } from "../src/tasks/outcomes";
import { Harness, waitFor } from "./support";

let h: Harness;

beforeAll(async () => {
  h = await Harness.create();
});
afterEach(() => h.stopWorker());
afterAll(() => h.close());

/** The worker has no query builder of its own: plain SQL over the harness's pool. */
async function auditOf(entityId: string) {
  const { rows } = await h.pool.query(
    `select organization_id as "organizationId", actor_id as "actorId", actor_email as "actorEmail", action,
            entity, details
       from audit_log where entity_id = $1 order by id`,
    [entityId],
  );
  return rows;
}

const settled = (recordingId: string) => h.settled(recordingId);

describe("the analysis worker's writes are audited", () => {
  it("audits a stored score and its annotated video as the system, under the recording's organisation", async () => {
    await h.startWorker();
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    const done = await settled(recording.id);
    expect(done.analysisStatus).toBe("COMPLETED");
    const system = { organizationId: h.organizationId, actorId: null, actorEmail: WORKER_ACTOR };
    expect(await auditOf(recording.id)).toMatchObject([
      {
        ...system,
        action: "analysis.recording.scored",
        entity: "recording",
        details: { overallAverageError: done.overallAverageError },
      },
      {
        ...system,
        action: "analysis.recording.completed",
        entity: "recording",
        details: { overallAverageError: done.overallAverageError, annotated: true },
      },
    ]);
  });

  it("audits a processed reference video, and a failed one with the recordings failed with it", async () => {
    await h.startWorker();
    const ready = await h.referenceVideo({ ready: false });
    await addJob(h.pool, "process_reference_video", { referenceVideoId: ready.id });
    await waitFor(
      async () => (await findReferenceVideo(h.db, ready.id))?.status === "READY",
      "the reference to be READY",
    );
    expect(await auditOf(ready.id)).toMatchObject([
      { actorEmail: WORKER_ACTOR, action: "analysis.reference.completed", entity: "reference_video" },
    ]);

    const broken = await h.referenceVideo({ ready: false, content: Buffer.from("%PDF-1.4") });
    const waiting = await h.recording(broken.id);
    await addJob(h.pool, "analyse_recording", { recordingId: waiting.id });
    await waitFor(
      async () => (await findRecording(h.db, waiting.id))?.progressStage === "waiting_for_reference",
      "the recording to wait for its reference",
    );
    await addJob(h.pool, "process_reference_video", { referenceVideoId: broken.id });
    expect(await settled(waiting.id)).toMatchObject({ analysisStatus: "FAILED" });
    const failedReference = (await findReferenceVideo(h.db, broken.id))!;
    expect(await auditOf(broken.id)).toMatchObject([
      {
        actorEmail: WORKER_ACTOR,
        action: "analysis.reference.failed",
        details: { failureCode: failedReference.failureCode },
      },
    ]);
    expect(await auditOf(waiting.id)).toMatchObject([
      {
        actorEmail: WORKER_ACTOR,
        action: "analysis.recording.failed",
        details: { failureCode: "REFERENCE_UNAVAILABLE" },
      },
    ]);
  });

  it("writes a result and its audit row together or not at all", async () => {
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    await h.pool.query(`
      create function fail_worker_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit store unavailable'; end $$`);
    await h.pool.query(
      "create trigger fail_worker_audit before insert on audit_log for each row execute function fail_worker_audit()",
    );
    const result: AnalysisResult = {
      schemaVersion: 1,
      overallAverageError: 5,
      joints: [],
      reps: [],
      repCount: 0,
      coverage: 1,
      durationSeconds: 3,
      framesAnalysed: 15,
      modelName: "test",
      cvFps: 5,
    };
    try {
      await expect(
        completeRecording(h.db, recording.id, {
          result,
          annotatedBucket: "fizio",
          annotatedKey: "annotated.mp4",
          thumbnailKey: "thumbnail.jpg",
          durationSeconds: 3,
        }),
      ).rejects.toThrow();
    } finally {
      await h.pool.query("drop trigger fail_worker_audit on audit_log");
    }
    expect(await findRecording(h.db, recording.id)).toMatchObject({
      analysisStatus: "IN_PROGRESS",
      analysisResult: null,
      annotatedKey: null,
    });
    expect(await auditOf(recording.id)).toEqual([]);
  });
});

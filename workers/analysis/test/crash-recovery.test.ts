import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { findRecording } from "@fizio/db";
import { addJob } from "@fizio/jobs";
import { storageConfigToEnv } from "@fizio/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnWorker, type WorkerProcess } from "./process";
import { folderOf, Harness, waitFor } from "./support";

let h: Harness;
const running: WorkerProcess[] = [];

beforeAll(async () => {
  h = await Harness.create();
});
afterAll(async () => {
  for (const w of running) w.child.kill("SIGKILL");
  await h.close();
});

const WORKER_ID = "analysis-crash-test-0";

async function start(delayMs: number) {
  const worker = await spawnWorker({
    DATABASE_URL: h.t.url,
    ...storageConfigToEnv(h.s3.config),
    WORKER_ID,
    ANALYSIS_ENGINE: "fake",
    ANALYSIS_FAKE_DELAY_MS: String(delayMs),
    // The worker's scratch space lands under <TMPDIR>/fizio-analysis.
    TMPDIR: h.dir,
  });
  running.push(worker);
  return worker;
}

const scratchOf = () => readdir(join(h.dir, "fizio-analysis", `${WORKER_ID}/0`.replaceAll("/", "_")));

describe("a worker process killed mid-job", () => {
  it("completes the job exactly once after a restart with the same worker id", async () => {
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    const first = await start(60_000);
    const job = await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    await waitFor(
      async () => h.eventsFor(recording.id).some((e) => e.stage === "pose"),
      "the analysis to be under way",
    );

    first.child.kill("SIGKILL");
    expect(await first.exited).toMatchObject({ signal: "SIGKILL" });
    // The dead worker still holds the job; graphile-worker alone would wait 4 hours before retrying it.
    expect(await h.jobFor(job.key)).toMatchObject({ locked_by: `${WORKER_ID}/0`, attempts: 1 });
    expect(await scratchOf()).toHaveLength(1);

    const second = await start(200);
    const done = await h.settled(recording.id);
    expect(done.analysisStatus).toBe("COMPLETED");
    await waitFor(async () => (await h.jobFor(job.key)) === null, "the job to be removed");

    expect(done.analysisAttempts).toBe(2);
    // The progress event travels by NOTIFY and can arrive after the row is read.
    await waitFor(
      async () => h.eventsFor(recording.id).some((e) => e.status === "COMPLETED" && e.stage === "done"),
      "the completion event",
    );
    const completed = h.eventsFor(recording.id).filter((e) => e.status === "COMPLETED");
    expect(completed.map((e) => e.stage)).toEqual(["annotating", "done"]);
    expect(await h.keysUnder(folderOf(recording.storageKey))).toEqual(
      [recording.storageKey, done.annotatedKey!, done.playableKey!, done.thumbnailKey!].sort(),
    );
    // The killed run's temporary files were removed when its slot started again.
    expect(await scratchOf()).toEqual([]);

    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it("on SIGTERM finishes the running job, then exits cleanly", async () => {
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    const worker = await start(2_000);
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    await waitFor(
      async () => h.eventsFor(recording.id).some((e) => e.stage === "pose"),
      "the analysis to be under way",
    );

    worker.child.kill("SIGTERM");
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(await findRecording(h.db, recording.id)).toMatchObject({
      analysisStatus: "COMPLETED",
      analysisAttempts: 1,
    });
  });
});

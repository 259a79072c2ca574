import { findRecording } from "@fizio/db";
import type { LiveRepRecord } from "@fizio/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { fileOfParts, planWithVideoActivity, readyGroup } from "./media";

let h: Harness;
let provider: Client;
let patient: Client;
let otherPatient: Client;
let northside: Client;
let activityId: string;

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  patient = await h.signIn("priya.shah@fizio.test");
  otherPatient = await h.signIn("patient@fizio.test");
  northside = await h.signIn("provider@northside.test");
  const { videoId } = await readyGroup(h, provider.api, "Squat");
  activityId = (await planWithVideoActivity(provider, "priya.shah@fizio.test", h, videoId)).activityId;
});
afterAll(() => h.t.drop());

const rep = (n: number): LiveRepRecord => ({
  set: 1,
  startT: n * 3,
  endT: n * 3 + 2.5,
  durationSeconds: 2.5,
  confidence: 0.92,
  ranges: [
    { joint: "KNEE", side: "LEFT", min: 88, max: 171 },
    { joint: "HIP", side: "LEFT", min: 95, max: 168 },
  ],
  cue: "good",
  inRange: true,
  achieved: 83,
  target: 80,
});

/** A recording's upload started in a fresh session of the activity, with `liveReps` as the browser sent them. */
async function startWith(liveReps: unknown) {
  const session = await patient.api.activitySessions.start({ planActivityId: activityId });
  const file = fileOfParts(1);
  return patient.api.uploads.start({
    kind: "RECORDING",
    activityId,
    activitySessionId: session.id,
    fileName: "session.webm",
    contentType: "video/webm",
    size: file.length,
    durationSeconds: 30,
    recordingSets: [{ startSeconds: 0, endSeconds: 30 }],
    liveReps,
  });
}

describe("the live figures of a recording (issue 50)", () => {
  it("are kept beside the recording and read with it by the patient and their provider", async () => {
    const reps = [rep(0), rep(1), rep(2)];
    const started = await startWith(reps);
    expect(started).toMatchObject({ liveRepsRefused: null });
    const stored = await findRecording(h.t.db, started.id);
    expect(stored?.liveReps).toEqual(reps);
    // The analysis is the record: nothing of it comes from the live figures.
    expect(stored?.analysisResult).toBeNull();
    expect((await patient.api.recordings.get({ id: started.id })).liveReps).toEqual(reps);
    expect((await provider.api.recordings.get({ id: started.id })).liveReps).toEqual(reps);
  });

  it("are dropped when malformed or too large (FIZ297), never the recording", async () => {
    const bad = await startWith([{ ...rep(0), confidence: 7 }]);
    expect(bad).toMatchObject({ liveRepsRefused: "FIZ297", uploadId: expect.any(String) });
    expect(await findRecording(h.t.db, bad.id)).toMatchObject({ liveReps: null, uploadStatus: "UPLOADING" });

    const huge = await startWith(Array.from({ length: 2000 }, (_, i) => rep(i)));
    expect(huge).toMatchObject({ liveRepsRefused: "FIZ297" });
    expect((await findRecording(h.t.db, huge.id))?.liveReps).toBeNull();

    const none = await startWith(undefined);
    expect(none).toMatchObject({ liveRepsRefused: null });
    expect((await findRecording(h.t.db, none.id))?.liveReps).toBeNull();
  });

  it("are not read by another organisation (FIZ415) or another patient", async () => {
    const started = await startWith([rep(0)]);
    expect((await failure(northside.api.recordings.get({ id: started.id }))).fiz).toBe("FIZ415");
    expect((await failure(otherPatient.api.recordings.get({ id: started.id }))).code).toMatch(
      /NOT_FOUND|FORBIDDEN/,
    );
  });
});

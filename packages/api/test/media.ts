import { randomBytes, randomUUID } from "node:crypto";
import {
  completeReferenceVideoProcessing,
  findUserByEmail,
  insertRecording,
  insertReferenceVideo,
  schema,
} from "@fizio/db";
import {
  addDays,
  type ReferenceTrack,
  todayIn,
  UPLOAD_PART_SIZE,
  type VideoGroupFields,
} from "@fizio/domain";
import { recordingKey, referenceVideoKey } from "@fizio/storage";
import { eq, sql } from "drizzle-orm";
import type { Client, Harness } from "./harness";

export const squat: VideoGroupFields = {
  name: "Squat",
  type: "ACTIVITY",
  joints: [
    { joint: "KNEE", tolerance: 10 },
    { joint: "HIP", tolerance: 15 },
  ],
  orientation: "PORTRAIT",
  direction: "SIDE",
  side: "LEFT",
};

/** Bytes for an upload of `parts` parts: whole parts and a short last one. */
export const fileOfParts = (parts: number) => randomBytes(UPLOAD_PART_SIZE * (parts - 1) + 1234);

type Api = Client["api"];
type StartInput = Parameters<Api["uploads"]["start"]>[0];
/** The start input of either kind, without the size (the file gives it). */
type StartWithoutSize = StartInput extends infer T ? (T extends unknown ? Omit<T, "size"> : never) : never;
type Started = Awaited<ReturnType<Api["uploads"]["start"]>>;

/** PUTs the given parts of `file` to their presigned URLs, as the browser does; returns each part's ETag. */
export async function putParts(api: Api, started: Started, file: Buffer, partNumbers: number[]) {
  const { parts } = await api.uploads.signParts({ id: started.id, partNumbers });
  const etags: { partNumber: number; etag: string }[] = [];
  for (const { partNumber, url } of parts) {
    const body = file.subarray((partNumber - 1) * started.partSize, partNumber * started.partSize);
    const res = await fetch(url, { method: "PUT", body });
    if (res.status !== 200) throw new Error(`part ${partNumber}: ${res.status} ${await res.text()}`);
    etags.push({ partNumber, etag: res.headers.get("etag")! });
  }
  return etags;
}

/** A whole upload: start, send every part, complete. */
export async function upload(api: Api, input: StartWithoutSize, file: Buffer) {
  const started = await api.uploads.start({ ...input, size: file.length } as StartInput);
  const parts = await putParts(
    api,
    started,
    file,
    Array.from({ length: started.partCount }, (_, i) => i + 1),
  );
  await api.uploads.complete({ id: started.id, parts });
  return started;
}

const track: ReferenceTrack = {
  schemaVersion: 1,
  view: "SIDE",
  joints: ["KNEE"],
  side: "LEFT",
  mainJoint: "KNEE",
  direction: "DECREASING",
  repCount: 1,
  repDurationSeconds: 2,
  fps: 5,
  sampleCount: 2,
  samples: [{ joint: "KNEE", side: "LEFT", values: [170, 90] }],
  live: {
    fps: 5,
    channels: [{ joint: "KNEE", side: "LEFT", angles: [170, 130, 90, 130, 170] }],
    reps: [{ startT: 0, durationSeconds: 2, ranges: [{ joint: "KNEE", side: "LEFT", min: 90, max: 170 }] }],
  },
};

/** What the worker does once it has processed a support video, with the keys it gives the images. */
export async function markProcessed(h: Harness, referenceVideoId: string) {
  const [video] = await h.t.db
    .select({ organizationId: schema.referenceVideos.organizationId })
    .from(schema.referenceVideos)
    .where(eq(schema.referenceVideos.id, referenceVideoId));
  const key = (name: string) => referenceVideoKey(video!.organizationId, referenceVideoId, name);
  return completeReferenceVideoProcessing(h.t.db, referenceVideoId, {
    track,
    previewKey: key("preview.jpg"),
    miniatureKey: key("miniature.jpg"),
    durationSeconds: 4,
  });
}

/** A group with one processed support video, ready for analysis. */
export async function readyGroup(h: Harness, api: Api, name: string) {
  const group = await api.videos.groups.create({ ...squat, name });
  const video = await upload(
    api,
    { kind: "REFERENCE_VIDEO", fileName: `${name}.mp4`, groupId: group.id, orientation: "PORTRAIT" },
    fileOfParts(1),
  );
  await markProcessed(h, video.id);
  return { group, videoId: video.id };
}

/** A current plan whose session today has one VIDEO activity measured against `referenceVideoId`. */
export async function planWithVideoActivity(
  provider: Client,
  patientEmail: string,
  h: Harness,
  referenceVideoId: string,
) {
  const patientId = (await findUserByEmail(h.t.db, patientEmail))!.id;
  const pain = (
    await provider.api.templates.assessments.list({ page: 1, pageSize: 5, search: "Pain and function" })
  ).items[0]!.id;
  const plan = await provider.api.plans.create({
    creationMode: "MANUAL",
    patientId,
    status: "CURRENT",
    name: `Squats for ${patientEmail}`,
    sessions: [
      {
        date: todayIn("UTC"),
        activities: [
          {
            type: "VIDEO",
            name: "Squats",
            referenceVideoId,
            reps: 10,
            sets: 2,
            side: "LEFT",
            direction: "SIDE",
            orientation: "PORTRAIT",
          },
        ],
      },
      {
        date: addDays(todayIn("UTC"), 3),
        activities: [{ type: "CUSTOM_TEXT", name: "Walk", description: "Walk" }],
      },
    ],
    assessmentTemplateIds: [pain],
  });
  const activityId = plan.sessions[0]!.activities[0]!.id;
  return { plan, activityId, laterActivityId: plan.sessions[1]!.activities[0]!.id };
}

/** graphile-worker jobs queued for a task about one entity, as the worker fleet would see them. */
export async function queuedJobs(h: Harness, task: string, entityId: string) {
  const { rows } = await h.t.db.execute<{ key: string; payload: Record<string, string> }>(
    sql`select j.key, p.payload from graphile_worker.jobs j join graphile_worker._private_jobs p using (id)
        where j.task_identifier = ${task} and p.payload::text like ${`%${entityId}%`} order by j.id`,
  );
  return rows;
}

/** An uploaded recording of the seeded patient with `email`, against a fresh one-joint reference `name`. */
export async function insertUploadedRecording(db: Harness["t"]["db"], email: string, name = "Squat") {
  const patient = (await findUserByEmail(db, email))!;
  const reference = await insertReferenceVideo(db, {
    organizationId: patient.organizationId,
    name,
    storageKey: referenceVideoKey(patient.organizationId, randomUUID(), "original.mp4"),
    joints: [{ joint: "KNEE", tolerance: 10 }],
    side: "LEFT",
    mainJoint: "KNEE",
    bodyView: "SIDE",
    createdBy: patient.providerId!,
  });
  return insertRecording(db, {
    organizationId: patient.organizationId,
    patientId: patient.id,
    referenceVideoId: reference.id,
    storageKey: recordingKey(patient.organizationId, randomUUID(), "original.webm"),
    uploadStatus: "UPLOADED",
  });
}

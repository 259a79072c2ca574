import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import {
  createDb,
  type Db,
  findRecording,
  insertOrganization,
  insertRecording,
  insertReferenceVideo,
  insertUser,
  RECORDING_PROGRESS_CHANNEL,
  type Recording,
  type RecordingProgressEvent,
  type ReferenceVideo,
  schema,
} from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { isAnnotating } from "@fizio/domain";
import { runMigrationsForQueue } from "@fizio/jobs";
import {
  createStorage,
  type LocalS3,
  recordingKey,
  referenceVideoKey,
  type Storage,
  startLocalS3,
} from "@fizio/storage";
import pg from "pg";
import pino from "pino";
import { startAnalysisWorker } from "../src";
import { createFakeEngine, type FakeEngineOptions } from "../src/engines/fake";

/** A WebM container signature followed by noise: a "video" to the fake engine. */
export const fakeVideo = (size = 4096) =>
  Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size)]);

export const READY_TRACK = {
  schemaVersion: 1 as const,
  view: "SIDE" as const,
  joints: ["KNEE" as const],
  side: "LEFT" as const,
  mainJoint: "KNEE" as const,
  direction: "DECREASING" as const,
  repCount: 1,
  repDurationSeconds: 2,
  fps: 5,
  sampleCount: 2,
  samples: [{ joint: "KNEE" as const, side: "LEFT" as const, values: [170, 90] }],
};

/**
 * Ends a pool and waits until its connections are really closed: pg's pool.end() resolves earlier, and the
 * test database's DROP ... WITH (FORCE) would then kill a closing connection, an unhandled error.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** One test file's world: a fresh database with the queue schema, a local S3 on a temp dir, and people. */
export class Harness {
  readonly events: RecordingProgressEvent[] = [];
  readonly pool: pg.Pool;
  private readonly s3Client: S3Client;
  private runningWorker: (() => Promise<void>) | null = null;

  private constructor(
    readonly t: TestDatabase,
    /** Used instead of the test database's own `db`, so its connections can be closed before the drop. */
    readonly db: Db,
    readonly s3: LocalS3,
    readonly storage: Storage,
    readonly dir: string,
    private readonly listener: pg.Client,
    readonly organizationId: string,
    readonly patientId: string,
    readonly providerId: string,
  ) {
    this.pool = new pg.Pool({ connectionString: t.url, max: 3 });
    this.s3Client = new S3Client({
      endpoint: s3.config.endpoint,
      region: s3.config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
    });
  }

  static async create(): Promise<Harness> {
    const t = await createTestDatabase();
    await runMigrationsForQueue(t.url);
    const db = createDb(t.url, { max: 3 });
    const dir = await mkdtemp(join(tmpdir(), "fizio-worker-test-"));
    const s3 = await startLocalS3({ dir: join(dir, "s3"), bucket: "fizio" });
    const storage = createStorage(s3.config);
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    await listener.query(`LISTEN ${RECORDING_PROGRESS_CHANNEL}`);
    const org = await insertOrganization(db, `Clinic ${randomUUID()}`);
    const person = (role: "ROLE_PROVIDER" | "ROLE_PATIENT") =>
      insertUser(db, {
        organizationId: org.id,
        role,
        email: `${randomUUID()}@worker.test`,
        name: "Test Person",
        firstName: "Test",
        lastName: "Person",
      });
    const provider = await person("ROLE_PROVIDER");
    const patient = await person("ROLE_PATIENT");
    const h = new Harness(t, db, s3, storage, dir, listener, org.id, patient.id, provider.id);
    listener.on("notification", (n) => h.events.push(JSON.parse(n.payload!)));
    return h;
  }

  /** Starts the worker on the fake engine; it is stopped by stopWorker() (or close()). */
  async startWorker(engine: FakeEngineOptions = {}): Promise<void> {
    await this.stopWorker();
    const worker = await startAnalysisWorker({
      connectionString: this.t.url,
      storage: this.storage,
      workerId: `test-${Math.random().toString(36).slice(2)}`,
      engine: createFakeEngine(engine),
      logger: pino({ level: "silent" }),
      scratchDir: join(this.dir, "scratch"),
      pollIntervalMs: 200,
    });
    this.runningWorker = worker.stop;
  }

  async stopWorker(): Promise<void> {
    await this.runningWorker?.();
    this.runningWorker = null;
  }

  async close(): Promise<void> {
    await this.stopWorker();
    await this.listener.end();
    await endPool(this.pool);
    await endPool(this.db.$client);
    this.storage.destroy();
    this.s3Client.destroy();
    await this.s3.stop();
    await this.t.drop();
    await rm(this.dir, { recursive: true, force: true });
  }

  /** `modelName`: the pose model a READY reference's track says built it (the fake engine's by default). */
  async referenceVideo(options: {
    ready: boolean;
    content?: Buffer;
    modelName?: string;
    /** The left elbow filmed from the front, instead of the left knee from the side. */
    elbow?: boolean;
  }): Promise<ReferenceVideo> {
    const id = randomUUID();
    const storageKey = referenceVideoKey(this.organizationId, id, "original.mp4");
    await this.putObject(storageKey, options.content ?? fakeVideo());
    return insertReferenceVideo(this.db, {
      id,
      organizationId: this.organizationId,
      name: `Squat ${id}`,
      storageKey,
      uploadStatus: "UPLOADED",
      joints: [{ joint: options.elbow ? "ELBOW" : "KNEE", tolerance: 10 }],
      side: "LEFT",
      mainJoint: options.elbow ? "ELBOW" : "KNEE",
      bodyView: options.elbow ? "FRONT" : "SIDE",
      createdBy: this.providerId,
      ...(options.ready
        ? { status: "READY" as const, track: { ...READY_TRACK, modelName: options.modelName ?? "fake" } }
        : {}),
    });
  }

  /** An uploaded recording whose original object, `fileName` in storage, is `content`. */
  async recording(
    referenceVideoId: string,
    content: Buffer = fakeVideo(),
    fileName = "original.webm",
    extra: Partial<Pick<Recording, "recordingSets">> = {},
  ): Promise<Recording> {
    const id = randomUUID();
    const storageKey = recordingKey(this.organizationId, id, fileName);
    await this.putObject(storageKey, content);
    return insertRecording(this.db, {
      id,
      organizationId: this.organizationId,
      patientId: this.patientId,
      referenceVideoId,
      storageKey,
      uploadStatus: "UPLOADED",
      ...extra,
    });
  }

  /**
   * Makes the recording one of a plan activity's (a patient's session of it), the activity with its own tolerance
   * when given: what a progression (plans.progress) leaves on the activities it changed.
   */
  async planActivityFor(recording: Recording, tolerance: number | null): Promise<void> {
    const [plan] = await this.db
      .insert(schema.treatmentPlans)
      .values({
        organizationId: this.organizationId,
        patientId: this.patientId,
        providerId: this.providerId,
        name: `Plan ${randomUUID()}`,
        status: "DRAFT",
        stage: "TREATMENT",
        creationMode: "MANUAL",
        createdBy: this.providerId,
      })
      .returning();
    const [session] = await this.db
      .insert(schema.planSessions)
      .values({ planId: plan!.id, position: 0, date: "2026-12-01" })
      .returning();
    const [activity] = await this.db
      .insert(schema.planActivities)
      .values({
        planId: plan!.id,
        sessionId: session!.id,
        position: 0,
        type: "VIDEO",
        name: "Squats",
        referenceVideoId: recording.referenceVideoId,
        reps: 5,
        sets: 1,
        startedAt: new Date(),
        tolerance,
      })
      .returning();
    await this.db.insert(schema.activitySessions).values({
      organizationId: this.organizationId,
      patientId: this.patientId,
      planActivityId: activity!.id,
      referenceVideoId: recording.referenceVideoId,
      recordingId: recording.id,
      begunAt: new Date(),
    });
  }

  async putObject(key: string, content: Buffer): Promise<void> {
    const path = join(this.dir, randomUUID());
    await writeFile(path, content);
    await this.storage.putFile(key, path, "application/octet-stream");
    await rm(path);
  }

  async keysUnder(prefix: string): Promise<string[]> {
    const out = await this.s3Client.send(
      new ListObjectsV2Command({ Bucket: this.s3.config.bucket, Prefix: prefix }),
    );
    return (out.Contents ?? []).map((o) => o.Key!).sort();
  }

  /** The job row graphile-worker keeps while a job is pending, running, retrying or permanently failed. */
  async jobFor(key: string) {
    const { rows } = await this.pool.query<{
      attempts: number;
      max_attempts: number;
      locked_by: string | null;
      last_error: string | null;
    }>("select attempts, max_attempts, locked_by, last_error from graphile_worker.jobs where key = $1", [
      key,
    ]);
    return rows[0] ?? null;
  }

  eventsFor(recordingId: string): RecordingProgressEvent[] {
    return this.events.filter((e) => e.recordingId === recordingId);
  }

  /** The recording once its job is over: Failed, or Completed with the annotated video's stage closed. */
  settled(recordingId: string, timeoutMs?: number): Promise<Recording> {
    return waitFor(
      async () => {
        const r = await findRecording(this.db, recordingId);
        if (!r || r.analysisStatus === "IN_PROGRESS") return null;
        return isAnnotating({ status: r.analysisStatus, stage: r.progressStage }) ? null : r;
      },
      `recording ${recordingId} to settle`,
      timeoutMs,
    );
  }
}

/** The key prefix an entity's objects share: everything up to the last slash. */
export const folderOf = (key: string) => key.slice(0, key.lastIndexOf("/") + 1);

export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  // A safety net, not a pace: a worker process starting on a busy 2-core machine can take this long.
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

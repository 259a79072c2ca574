import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { findUserByEmail, insertDocument, markDocumentReady, schema } from "@fizio/db";
import { DEFAULT_ORGANIZATION_SETTINGS, type FizCode, todayIn } from "@fizio/domain";
import { patientDataExportKey } from "@fizio/storage";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../src/root";
import { scopeOf, viewUrl } from "../src/signed-urls";
import { type Client, createHarness, failure, failureData, type Harness } from "./harness";
import { insertUploadedRecording, squat } from "./media";

/**
 * No storage key ever comes from a client, and no link is ever minted for another organisation's object. Every
 * procedure that takes or returns a file is in one of the two tables below; the checks at the end fail when a
 * procedure's input grows a key-like field, or a file of the API starts minting links, without a row here.
 */

let h: Harness;
let demoProvider: Client;
let demoAdmin: Client;

/** Who calls each file procedure: Northside's people reach for the demo clinic's files, the super admin for Northside's. */
const EMAILS = {
  northProvider: "provider@northside.test",
  northPatient: "patient@northside.test",
  northAdmin: "admin@northside.test",
  superAdmin: "superadmin@fizio.test",
} as const;
type Caller = keyof typeof EMAILS;
const as = {} as Record<Caller, Client>;

const today = todayIn("UTC");
const walk = { type: "CUSTOM_TEXT", name: "Walk", description: "Walk for ten minutes" } as const;
const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

/** The demo clinic's files, which Northside must never reach, and Northside's, which the demo clinic must not. */
const demo = { org: "", attachmentId: "", key: "", logoUploadId: "", documentId: "", recordingId: "" };
const demoMore = { groupId: "", videoId: "", patientAssessmentId: "" };
const north = {
  org: "",
  olivia: "",
  logoUploadId: "",
  logoKey: "",
  checkId: "",
  planId: "",
  conversationId: "",
  engagementTemplateId: "",
  activityTemplateId: "",
  sessionTemplateId: "",
  groupId: "",
  videoId: "",
  recordingId: "",
  documentId: "",
  attachmentId: "",
  attachmentKey: "",
  instructionActivityId: "",
  exportId: "",
};
const library = { catCamel: "", bridge: "", imageUploadId: "" };

const put = async (url: string, body: Buffer | string) => {
  const res = await fetch(url, { method: "PUT", body });
  if (!res.ok) throw new Error(`PUT ${res.status}`);
  return res.headers.get("etag")!.replaceAll('"', "");
};

const keyOfUpload = async (id: string) =>
  (await h.t.db.select().from(schema.fileUploads).where(eq(schema.fileUploads.id, id)))[0]!.storageKey;

async function logoUpload(admin: Client) {
  const started = await admin.api.settings.startLogoUpload({ contentType: "image/png", size: png.length });
  await admin.api.settings.completeLogoUpload({ id: started.id, etag: await put(started.url, png) });
  return started.id;
}

async function attachment(api: Client["api"], text: string) {
  const started = await api.messages.startAttachment({
    name: "Sheet.pdf",
    contentType: "application/pdf",
    size: text.length,
  });
  await api.messages.completeAttachment({
    attachmentId: started.attachmentId,
    etag: await put(started.url, text),
  });
  const [row] = await h.t.db
    .select()
    .from(schema.messageAttachments)
    .where(eq(schema.messageAttachments.id, started.attachmentId));
  return { id: started.attachmentId, key: row!.storageKey };
}

const firstOf = async <T>(rows: Promise<T[]>) => (await rows)[0]!;

beforeAll(async () => {
  h = await createHarness();
  demoProvider = await h.signIn("provider@fizio.test");
  demoAdmin = await h.signIn("admin@fizio.test");
  as.northAdmin = await h.signInOtherOrganizationAdmin();
  for (const caller of ["northProvider", "northPatient", "superAdmin"] as const)
    as[caller] = await h.signIn(EMAILS[caller]);
  const { northProvider, northAdmin, superAdmin } = as;
  const db = h.t.db;
  const alex = (await findUserByEmail(db, "patient@fizio.test"))!;
  const olivia = (await findUserByEmail(db, "patient@northside.test"))!;
  demo.org = alex.organizationId;
  north.org = olivia.organizationId;
  north.olivia = olivia.id;

  // The demo clinic's files.
  const demoFile = await attachment(demoProvider.api, "%PDF-1.4 demo clinic's private sheet");
  demo.attachmentId = demoFile.id;
  demo.key = demoFile.key;
  demo.logoUploadId = await logoUpload(demoAdmin);
  demo.documentId = (
    await insertDocument(db, {
      organizationId: demo.org,
      patientId: alex.id,
      authorId: alex.providerId!,
      name: "Summary",
      assessmentIds: [],
      planIds: [],
    })
  ).id;
  const ofDemo = <T extends { organizationId: unknown }>(table: T) =>
    eq(table.organizationId as never, demo.org);
  demo.recordingId = (await firstOf(db.select().from(schema.recordings).where(ofDemo(schema.recordings)))).id;
  demoMore.groupId = (
    await firstOf(db.select().from(schema.videoGroups).where(ofDemo(schema.videoGroups)))
  ).id;
  demoMore.videoId = (
    await firstOf(db.select().from(schema.referenceVideos).where(ofDemo(schema.referenceVideos)))
  ).id;
  demoMore.patientAssessmentId = (
    await firstOf(db.select().from(schema.patientAssessments).where(ofDemo(schema.patientAssessments)))
  ).id;

  // Northside's own records, each a place a foreign key could be planted.
  north.logoUploadId = await logoUpload(northAdmin);
  north.logoKey = await keyOfUpload(north.logoUploadId);
  north.checkId = (
    await northProvider.api.templates.assessments.create({
      name: "Shoulder check",
      questions: [{ text: "How is the shoulder?", type: "FREE_TEXT" }],
    })
  ).id;
  const plan = await northProvider.api.plans.create({
    creationMode: "MANUAL",
    patientId: olivia.id,
    name: "Shoulder",
    status: "CURRENT",
    sessions: [{ date: today, activities: [walk] }],
    assessmentTemplateIds: [north.checkId],
  });
  north.planId = plan.id;
  north.conversationId = (
    await northProvider.api.messages.send({ recipientIds: [olivia.id], subject: "Hello", body: "Welcome" })
  ).conversationId;
  north.engagementTemplateId = (
    await northProvider.api.engagement.templates.create({
      name: "Check-ins",
      messages: [{ startDay: 0, bodyEn: "How are you?" }],
    })
  ).id;
  north.activityTemplateId = (await northProvider.api.templates.activities.create(walk)).id;
  north.sessionTemplateId = (
    await northProvider.api.templates.sessions.create({ name: "Walking", activities: [walk] })
  ).id;
  north.groupId = (await northProvider.api.videos.groups.create({ ...squat, name: "North squat" })).id;
  north.videoId = (
    await northProvider.api.uploads.start({
      kind: "REFERENCE_VIDEO",
      fileName: "squat.mp4",
      groupId: north.groupId,
      orientation: "PORTRAIT",
      size: 1000,
    })
  ).id;
  await db
    .update(schema.referenceVideos)
    .set({ uploadStatus: "UPLOADED", status: "READY" })
    .where(eq(schema.referenceVideos.id, north.videoId));
  north.recordingId = (await insertUploadedRecording(db, "patient@northside.test")).id;
  const [northExport] = await db
    .insert(schema.dataExports)
    .values({ organizationId: north.org, patientId: olivia.id, status: "READY" })
    .returning();
  north.exportId = northExport!.id;
  await db
    .update(schema.dataExports)
    .set({
      storageKey: patientDataExportKey(north.org, north.exportId),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .where(eq(schema.dataExports.id, north.exportId));
  const northDocument = await insertDocument(db, {
    organizationId: north.org,
    patientId: olivia.id,
    authorId: olivia.providerId!,
    name: "Summary",
    assessmentIds: [],
    planIds: [],
  });
  await markDocumentReady(db, northDocument.id, {
    storageKey: `orgs/${north.org}/documents/${northDocument.id}/document.pdf`,
    size: 10,
  });
  north.documentId = northDocument.id;
  const northFile = await attachment(northProvider.api, "%PDF-1.4 north");
  north.attachmentId = northFile.id;
  north.attachmentKey = northFile.key;
  const session = (await northProvider.api.plans.get({ planId: plan.id })).sessions[0]!;
  // An instruction video is watched, so starting it links the video without waiting for its group's readiness.
  const [instruction] = await db
    .insert(schema.planActivities)
    .values({
      planId: plan.id,
      sessionId: session.id,
      position: 1,
      type: "INSTRUCTION_VIDEO",
      name: "Watch",
      referenceVideoId: north.videoId,
    })
    .returning();
  north.instructionActivityId = instruction!.id;

  // The shared library: an image activity in use and one that is not, and a finished picture upload.
  const images = await superAdmin.api.parameters.sets.options({ kind: "IMAGE_ACTIVITIES" });
  library.catCamel = images.find((v) => v.value === "Cat-camel")!.id;
  const image = async () => {
    const started = await superAdmin.api.parameters.sets.startImage({
      name: "bridge.png",
      contentType: "image/png",
      size: png.length,
    });
    return (
      await superAdmin.api.parameters.sets.completeImage({
        id: started.id,
        etag: await put(started.url, png),
      })
    ).id;
  };
  library.bridge = (
    await superAdmin.api.parameters.sets.create({
      kind: "IMAGE_ACTIVITIES",
      value: "Bridge",
      imageUploadId: await image(),
    })
  ).id;
  library.imageUploadId = await image();
}, 180_000);
afterAll(() => h.t.drop());

/** Every URL in a value, and whether one is a link to the object `key` names. */
const urlsIn = (value: unknown): string[] =>
  JSON.stringify(value ?? null).match(/https?:\/\/[^"\\\s]+/g) ?? [];
const linksTo = (value: unknown, key: string) => urlsIn(value).some((url) => url.includes(key));

/** The answer of a call, or its refusal as the browser would see it. */
async function attempt(promise: Promise<unknown>) {
  try {
    return { ok: true as const, value: await promise };
  } catch {
    return { ok: false as const, refusal: await failureData(promise) };
  }
}

/** Calls the procedure at `path` ("messages.attachmentUrl") as `client`. */
function call(client: Client, path: string, input: unknown): Promise<unknown> {
  const procedure = path
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], client.api);
  return (procedure as (input: unknown) => Promise<unknown>)(input);
}

async function lastDenial(key: string) {
  const [row] = await h.t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, "access.denied"), eq(schema.auditLog.entityId, key)))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

describe("defect 1: an activity's picture names another clinic's file", () => {
  it("refuses the other clinic's key on a plan activity, and /to-do links no object of theirs", async () => {
    const stored = await as.northProvider.api.plans.get({ planId: north.planId });
    const session = stored.sessions[0]!;
    // As the defect was found: the key in the activity, and with it the attachment's id where the picture goes now.
    const borrowed = {
      type: "CUSTOM_IMAGE",
      name: "x",
      imageKey: demo.key,
      imageId: demo.attachmentId,
    } as never;
    const refused = await failure(
      as.northProvider.api.plans.update({
        planId: north.planId,
        name: "Shoulder",
        sessions: [{ id: session.id, date: session.date, activities: [...session.activities, borrowed] }],
        assessmentTemplateIds: [north.checkId],
      }),
    );
    expect(refused).toEqual({ fiz: "FIZ106", code: "NOT_FOUND" });
    const todo = await as.northPatient.api.todo.today();
    expect(todo.activities.map((a) => a.name)).toEqual(["Walk", "Watch"]);
    expect(linksTo(todo, demo.key)).toBe(false);
  });
});

interface TakesFile {
  procedure: string;
  caller: Caller;
  /** The input naming a file by `ref`: another organisation's file's id, or its key in the id's place. */
  input: (ref: string) => unknown;
  foreignId: () => string;
  /** FIZ415 unless said otherwise, with why. */
  refusal?: FizCode;
}

/**
 * An activity's picture is one of the shared library's image activities, which no organisation owns: an id that
 * is not one (here, the demo clinic's attachment) is not a picture at all, 'File not found'.
 */
const NOT_A_LIBRARY_PICTURE = "FIZ106";
const picture = (ref: string) => ({ type: "CUSTOM_IMAGE", name: "Stretch", imageId: ref });

const TAKES_A_FILE: TakesFile[] = [
  {
    procedure: "messages.attachmentUrl",
    caller: "northProvider",
    input: (ref) => ({ attachmentId: ref }),
    foreignId: () => demo.attachmentId,
  },
  {
    procedure: "messages.completeAttachment",
    caller: "northProvider",
    input: (ref) => ({ attachmentId: ref, etag: "x" }),
    foreignId: () => demo.attachmentId,
  },
  {
    procedure: "messages.send",
    caller: "northProvider",
    input: (ref) => ({
      recipientIds: [north.olivia],
      subject: "Sheet",
      body: "Attached",
      attachmentIds: [ref],
    }),
    foreignId: () => demo.attachmentId,
  },
  {
    procedure: "messages.reply",
    caller: "northProvider",
    input: (ref) => ({ conversationId: north.conversationId, body: "Attached", attachmentIds: [ref] }),
    foreignId: () => demo.attachmentId,
  },
  {
    procedure: "engagement.templates.create",
    caller: "northProvider",
    input: (ref) => ({
      name: "Borrowed",
      messages: [{ startDay: 0, bodyEn: "Read this", attachmentId: ref }],
    }),
    foreignId: () => demo.attachmentId,
  },
  {
    procedure: "engagement.templates.update",
    caller: "northProvider",
    input: (ref) => ({
      id: north.engagementTemplateId,
      name: "Check-ins",
      messages: [{ startDay: 0, bodyEn: "Read this", attachmentId: ref }],
    }),
    foreignId: () => demo.attachmentId,
  },
  {
    procedure: "engagement.programs.update",
    caller: "northProvider",
    input: (ref) => ({
      id: north.engagementTemplateId,
      name: "Check-ins",
      messages: [{ startDay: 1, bodyEn: "Read this", attachmentId: ref }],
    }),
    foreignId: () => demo.attachmentId,
  },
  {
    procedure: "records.documents.url",
    caller: "northProvider",
    input: (ref) => ({ id: ref }),
    foreignId: () => demo.documentId,
  },
  {
    procedure: "records.documents.remove",
    caller: "northProvider",
    input: (ref) => ({ id: ref }),
    foreignId: () => demo.documentId,
  },
  {
    procedure: "recordings.get",
    caller: "northProvider",
    input: (ref) => ({ id: ref }),
    foreignId: () => demo.recordingId,
  },
  {
    procedure: "videos.groups.get",
    caller: "northProvider",
    input: (ref) => ({ id: ref }),
    foreignId: () => demoMore.groupId,
  },
  {
    procedure: "videos.groups.update",
    caller: "northProvider",
    input: (ref) => ({ ...squat, id: ref }),
    foreignId: () => demoMore.groupId,
  },
  {
    procedure: "videos.supportVideos.list",
    caller: "northProvider",
    input: (ref) => ({ groupId: ref }),
    foreignId: () => demoMore.groupId,
  },
  {
    procedure: "videos.supportVideos.delete",
    caller: "northProvider",
    input: (ref) => ({ id: ref }),
    foreignId: () => demoMore.videoId,
  },
  {
    procedure: "uploads.start",
    caller: "northProvider",
    input: (ref) => ({
      kind: "REFERENCE_VIDEO",
      fileName: "squat.mp4",
      groupId: ref,
      orientation: "PORTRAIT",
      size: 1000,
    }),
    foreignId: () => demoMore.groupId,
  },
  {
    procedure: "uploads.signParts",
    caller: "northProvider",
    input: (ref) => ({ id: ref, partNumbers: [1] }),
    foreignId: () => demoMore.videoId,
  },
  {
    procedure: "uploads.listParts",
    caller: "northProvider",
    input: (ref) => ({ id: ref }),
    foreignId: () => demoMore.videoId,
  },
  {
    procedure: "uploads.complete",
    caller: "northProvider",
    input: (ref) => ({ id: ref, parts: [{ partNumber: 1, etag: "x" }] }),
    foreignId: () => demoMore.videoId,
  },
  {
    procedure: "uploads.abort",
    caller: "northProvider",
    input: (ref) => ({ id: ref }),
    foreignId: () => demoMore.videoId,
  },
  {
    procedure: "activitySessions.start",
    caller: "northPatient",
    input: (ref) => ({ patientAssessmentId: ref, referenceVideoId: demoMore.videoId }),
    foreignId: () => demoMore.patientAssessmentId,
  },
  {
    procedure: "settings.completeLogoUpload",
    caller: "northAdmin",
    input: (ref) => ({ id: ref, etag: "x" }),
    foreignId: () => demo.logoUploadId,
  },
  {
    procedure: "parameters.sets.completeImage",
    caller: "superAdmin",
    input: (ref) => ({ id: ref, etag: "x" }),
    foreignId: () => north.logoUploadId,
  },
  {
    procedure: "parameters.sets.create",
    caller: "superAdmin",
    input: (ref) => ({ kind: "IMAGE_ACTIVITIES", value: "Borrowed", imageUploadId: ref }),
    foreignId: () => north.logoUploadId,
  },
  {
    procedure: "parameters.sets.update",
    caller: "superAdmin",
    input: (ref) => ({ kind: "IMAGE_ACTIVITIES", id: library.bridge, value: "Bridge", imageUploadId: ref }),
    foreignId: () => north.logoUploadId,
  },
  {
    procedure: "templates.activities.create",
    caller: "northProvider",
    input: picture,
    foreignId: () => demo.attachmentId,
    refusal: NOT_A_LIBRARY_PICTURE,
  },
  {
    procedure: "templates.activities.update",
    caller: "northProvider",
    input: (ref) => ({ ...picture(ref), id: north.activityTemplateId }),
    foreignId: () => demo.attachmentId,
    refusal: NOT_A_LIBRARY_PICTURE,
  },
  {
    procedure: "templates.sessions.create",
    caller: "northProvider",
    input: (ref) => ({ name: "Borrowed", activities: [picture(ref)] }),
    foreignId: () => demo.attachmentId,
    refusal: NOT_A_LIBRARY_PICTURE,
  },
  {
    procedure: "templates.sessions.update",
    caller: "northProvider",
    input: (ref) => ({ id: north.sessionTemplateId, name: "Walking", activities: [picture(ref)] }),
    foreignId: () => demo.attachmentId,
    refusal: NOT_A_LIBRARY_PICTURE,
  },
  {
    procedure: "plans.create",
    caller: "northProvider",
    input: (ref) => ({
      creationMode: "MANUAL",
      patientId: north.olivia,
      name: "Borrowed",
      sessions: [{ date: today, activities: [picture(ref)] }],
      assessmentTemplateIds: [north.checkId],
    }),
    foreignId: () => demo.attachmentId,
    refusal: NOT_A_LIBRARY_PICTURE,
  },
  {
    procedure: "plans.update",
    caller: "northProvider",
    input: (ref) => ({
      planId: north.planId,
      name: "Shoulder",
      sessions: [{ date: today, activities: [walk, picture(ref)] }],
      assessmentTemplateIds: [north.checkId],
    }),
    foreignId: () => demo.attachmentId,
    refusal: NOT_A_LIBRARY_PICTURE,
  },
];

describe("every procedure that takes a file, given another organisation's", () => {
  it.each(TAKES_A_FILE.map((row) => [row.procedure, row] as const))(
    "%s refuses its id and its key, and links nothing of theirs",
    async (_, row) => {
      const byId = await attempt(call(as[row.caller], row.procedure, row.input(row.foreignId())));
      expect(byId.ok, "the other organisation's id was accepted").toBe(false);
      expect(byId.ok || byId.refusal.fiz).toBe(row.refusal ?? "FIZ415");
      const byKey = await attempt(call(as[row.caller], row.procedure, row.input(demo.key)));
      expect(byKey.ok, "a storage key was accepted where an id goes").toBe(false);
      expect(byKey.ok || byKey.refusal.code).not.toBe("INTERNAL_SERVER_ERROR");
      for (const answer of [byId, byKey]) expect(urlsIn(answer)).toEqual([]);
    },
  );
});

interface ReturnsFile {
  procedure: string;
  caller: Caller;
  input: () => unknown;
  /** Points the record the procedure links to at `key`, as if a check before had missed it; returns the undo. */
  plant: (key: string) => Promise<() => Promise<void>>;
  /** The other organisation's key, from the caller's side. */
  foreignKey: () => string;
}

/** Sets columns of one row (by their names in the database) and gives back what puts them back. */
async function setColumns(table: string, id: string, values: Record<string, string | null>) {
  const columns = Object.keys(values);
  const assign = (from: Record<string, unknown>) =>
    sql.join(
      columns.map((c) => sql`${sql.identifier(c)} = ${from[c]}`),
      sql`, `,
    );
  const { rows } = await h.t.db.execute<Record<string, unknown>>(
    sql`select * from ${sql.identifier(table)} where id = ${id}`,
  );
  await h.t.db.execute(sql`update ${sql.identifier(table)} set ${assign(values)} where id = ${id}`);
  return async () => {
    await h.t.db.execute(sql`update ${sql.identifier(table)} set ${assign(rows[0]!)} where id = ${id}`);
  };
}

const plantLibraryPicture = (key: string) =>
  setColumns("parameter_values", library.catCamel, { image_key: key });
const plantNorthLogo = async (key: string) => {
  const where = eq(schema.organizationSettings.organizationId, north.org);
  const [before] = await h.t.db.select().from(schema.organizationSettings).where(where);
  await h.t.db.update(schema.organizationSettings).set({ logoKey: key }).where(where);
  return async () => {
    await h.t.db.update(schema.organizationSettings).set({ logoKey: before!.logoKey }).where(where);
  };
};
const plantNorthVideo = (key: string) =>
  setColumns("reference_videos", north.videoId, { preview_key: key, miniature_key: key });
const plantNorthRecording = (key: string) =>
  setColumns("recordings", north.recordingId, { thumbnail_key: key, annotated_key: key });

const RETURNS_A_FILE: ReturnsFile[] = [
  {
    procedure: "todo.today",
    caller: "northPatient",
    input: () => ({ timeZone: "UTC" }),
    plant: async (key) => {
      const session = (await as.northProvider.api.plans.get({ planId: north.planId })).sessions[0]!;
      const pictured = await h.t.db
        .insert(schema.planActivities)
        .values({
          planId: north.planId,
          sessionId: session.id,
          position: 9,
          type: "IMAGE",
          name: "Cat-camel",
          imageId: library.catCamel,
        })
        .returning();
      const undo = await plantLibraryPicture(key);
      return async () => {
        await undo();
        await h.t.db.delete(schema.planActivities).where(eq(schema.planActivities.id, pictured[0]!.id));
      };
    },
    foreignKey: () => demo.key,
  },
  {
    procedure: "parameters.sets.options",
    caller: "northProvider",
    input: () => ({ kind: "IMAGE_ACTIVITIES" }),
    plant: plantLibraryPicture,
    foreignKey: () => demo.key,
  },
  {
    procedure: "parameters.sets.list",
    caller: "superAdmin",
    input: () => ({ kind: "IMAGE_ACTIVITIES", page: 1, pageSize: 50 }),
    plant: plantLibraryPicture,
    foreignKey: () => north.attachmentKey,
  },
  {
    procedure: "parameters.sets.completeImage",
    caller: "superAdmin",
    input: () => ({ id: library.imageUploadId, etag: "x" }),
    plant: (key) => setColumns("file_uploads", library.imageUploadId, { storage_key: key }),
    foreignKey: () => north.attachmentKey,
  },
  {
    procedure: "settings.get",
    caller: "northAdmin",
    input: () => undefined,
    plant: plantNorthLogo,
    foreignKey: () => demo.key,
  },
  {
    procedure: "settings.current",
    caller: "northPatient",
    input: () => undefined,
    plant: plantNorthLogo,
    foreignKey: () => demo.key,
  },
  {
    procedure: "settings.update",
    caller: "northAdmin",
    input: () => DEFAULT_ORGANIZATION_SETTINGS,
    plant: plantNorthLogo,
    foreignKey: () => demo.key,
  },
  {
    procedure: "settings.completeLogoUpload",
    caller: "northAdmin",
    input: () => ({ id: north.logoUploadId, etag: "x" }),
    plant: (key) => setColumns("file_uploads", north.logoUploadId, { storage_key: key }),
    foreignKey: () => demo.key,
  },
  {
    procedure: "videos.groups.list",
    caller: "northProvider",
    input: () => ({ page: 1, pageSize: 20 }),
    plant: plantNorthVideo,
    foreignKey: () => demo.key,
  },
  {
    procedure: "videos.groups.get",
    caller: "northProvider",
    input: () => ({ id: north.groupId }),
    plant: plantNorthVideo,
    foreignKey: () => demo.key,
  },
  {
    procedure: "videos.groups.update",
    caller: "northProvider",
    input: () => ({ ...squat, name: "North squat", id: north.groupId }),
    plant: plantNorthVideo,
    foreignKey: () => demo.key,
  },
  {
    procedure: "videos.supportVideos.list",
    caller: "northProvider",
    input: () => ({ groupId: north.groupId }),
    plant: plantNorthVideo,
    foreignKey: () => demo.key,
  },
  {
    procedure: "activitySessions.start",
    caller: "northPatient",
    input: () => ({ planActivityId: north.instructionActivityId, timeZone: "UTC" }),
    plant: plantNorthVideo,
    foreignKey: () => demo.key,
  },
  {
    procedure: "recordings.list",
    caller: "northPatient",
    input: () => ({ page: 1, pageSize: 20 }),
    plant: plantNorthRecording,
    foreignKey: () => demo.key,
  },
  {
    procedure: "recordings.get",
    caller: "northPatient",
    input: () => ({ id: north.recordingId }),
    plant: plantNorthRecording,
    foreignKey: () => demo.key,
  },
  {
    procedure: "recordings.review",
    caller: "northProvider",
    input: () => ({ id: north.recordingId }),
    plant: async (key) => {
      const [recording] = await h.t.db
        .select({ referenceVideoId: schema.recordings.referenceVideoId })
        .from(schema.recordings)
        .where(eq(schema.recordings.id, north.recordingId));
      return setColumns("reference_videos", recording!.referenceVideoId, {
        storage_key: key,
        preview_key: key,
      });
    },
    foreignKey: () => demo.key,
  },
  {
    procedure: "profile.dataExport.download",
    caller: "northPatient",
    input: () => ({ id: north.exportId }),
    plant: (key) => setColumns("data_exports", north.exportId, { storage_key: key }),
    foreignKey: () => demo.key,
  },
  {
    procedure: "records.documents.url",
    caller: "northProvider",
    input: () => ({ id: north.documentId }),
    plant: (key) => setColumns("patient_documents", north.documentId, { storage_key: key }),
    foreignKey: () => demo.key,
  },
  {
    procedure: "messages.attachmentUrl",
    caller: "northProvider",
    input: () => ({ attachmentId: north.attachmentId }),
    plant: (key) => setColumns("message_attachments", north.attachmentId, { storage_key: key }),
    foreignKey: () => demo.key,
  },
];

describe("every procedure that returns a file, on a record pointing at another organisation's object", () => {
  it.each(RETURNS_A_FILE.map((row) => [row.procedure, row] as const))(
    "%s links its own, refuses the other's (FIZ415, audited) and never links it",
    async (_, row) => {
      const own = await attempt(call(as[row.caller], row.procedure, row.input()));
      expect(own.ok, JSON.stringify(own)).toBe(true);
      const key = row.foreignKey();
      const undo = await row.plant(key);
      try {
        const planted = await attempt(call(as[row.caller], row.procedure, row.input()));
        expect(planted.ok, "a link was minted for another organisation's object").toBe(false);
        expect(planted.ok || planted.refusal.fiz).toBe("FIZ415");
        expect(linksTo(planted, key)).toBe(false);
        expect(await lastDenial(key)).toMatchObject({
          actorEmail: EMAILS[row.caller],
          entity: "storage_object",
          details: { path: row.procedure },
        });
      } finally {
        await undo();
      }
    },
  );

  it("leaves a logo that may not be shown unsaved", async () => {
    const undo = await setColumns("file_uploads", north.logoUploadId, { storage_key: demo.key });
    try {
      expect(
        (await failure(as.northAdmin.api.settings.completeLogoUpload({ id: north.logoUploadId, etag: "x" })))
          .fiz,
      ).toBe("FIZ415");
    } finally {
      await undo();
    }
    expect((await as.northAdmin.api.settings.get()).logoUrl).toContain(north.logoKey);
  });
});

describe("the signer", () => {
  it("links the caller's organisation's objects and the shared library's, and nothing else", async () => {
    const northUser = (await findUserByEmail(h.t.db, "provider@northside.test"))!;
    const scope = scopeOf(northUser);
    expect(await viewUrl(h.storage, scope, north.logoKey)).toContain(north.logoKey);
    expect(await viewUrl(h.storage, scope, "library/activity-images/quad-sets.svg")).toContain(
      "quad-sets.svg",
    );
    expect(await viewUrl(h.storage, scope, "parameters/image-activities/a/image.png")).toContain("image.png");
    expect(await viewUrl(h.storage, scope, null)).toBeNull();
    for (const key of [
      demo.key,
      `orgs/${north.org}/../${demo.org}/message-attachments/a/file.pdf`,
      `orgs/${north.org}`,
      "parameters/image-activities/../../etc/passwd",
      "secrets/file.pdf",
      `/orgs/${north.org}/logo/a.png`,
    ])
      await expect(viewUrl(h.storage, scope, key), key).rejects.toMatchObject({ code: "FIZ415" });
    await expect(
      viewUrl(h.storage, { organizationId: north.org, actor: null }, demo.key),
    ).rejects.toMatchObject({
      code: "FIZ415",
    });
  });
});

// ---- Guards: the tables above must grow with the API.

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def: Def } })._zod?.def;

/** Every string field of a zod schema, by path, with its format (uuid for ids). */
function stringFields(
  schema: unknown,
  path: string,
  out: { path: string; format?: string }[],
  seen = new Set(),
) {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return out;
  seen.add(schema);
  const walk = (inner: unknown, at = path) => stringFields(inner, at, out, seen);
  switch (def.type) {
    case "object":
      for (const [name, field] of Object.entries(def.shape as Record<string, unknown>))
        walk(field, `${path}.${name}`);
      break;
    case "string":
      out.push({ path, format: def.format as string | undefined });
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
    case "catch":
      walk(def.innerType);
      break;
    case "pipe":
      walk(def.in);
      walk(def.out);
      break;
    case "array":
      walk(def.element, `${path}[]`);
      break;
    case "union":
      for (const option of def.options as unknown[]) walk(option);
      break;
    case "intersection":
      walk(def.left);
      walk(def.right);
      break;
    case "record":
      walk(def.valueType, `${path}{}`);
      break;
    case "tuple":
      for (const [i, item] of (def.items as unknown[]).entries()) walk(item, `${path}[${i}]`);
      break;
    case "lazy":
      walk((def.getter as () => unknown)());
      break;
  }
  return out;
}

const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: unknown[] } }> } })._def
    .procedures,
);
const inputFields = procedures.flatMap(([name, procedure]) =>
  procedure._def.inputs.flatMap((input) => stringFields(input, "", []).map((field) => ({ name, ...field }))),
);

/** Free text named like a file: the only ones allowed, each with why it is not a storage key. */
const KEY_LIKE = /key|storage|bucket|url|uri|path|logo|image|file|object/i;
const NOT_KEYS: Record<string, string> = {
  "audit.reportClientError .path": "the web page the browser's error happened on",
  "uploads.start .fileName":
    "the file's own name, kept for display; its key is minted from the upload's row id",
};

/** Fields that name a stored file by its row's id: their procedures must be in TAKES_A_FILE. */
const FILE_ID = /^(attachmentIds?|imageId|imageUploadId|fileId|uploadId)$/;

/**
 * The API's files that mint links, each with the procedures that reach it: a new one, or a procedure added to one,
 * must come with its row in RETURNS_A_FILE.
 */
const SIGNING_FILES: Record<string, string[]> = {
  "routers/activity-sessions/start.ts": ["activitySessions.start"],
  "routers/messages/attachments.ts": ["messages.attachmentUrl"],
  "routers/parameters/sets.ts": [
    "parameters.sets.list",
    "parameters.sets.options",
    "parameters.sets.completeImage",
  ],
  "routers/profile/data-export.ts": ["profile.dataExport.download"],
  "routers/recordings/read.ts": ["recordings.list", "recordings.get"],
  "routers/recordings/review.ts": ["recordings.review"],
  "routers/records/documents.ts": ["records.documents.url"],
  "routers/settings/index.ts": [
    "settings.get",
    "settings.current",
    "settings.update",
    "settings.completeLogoUpload",
  ],
  "routers/todo/index.ts": ["todo.today"],
  "routers/videos/views.ts": [
    "videos.groups.list",
    "videos.groups.get",
    "videos.groups.update",
    "videos.supportVideos.list",
  ],
};

const SRC = join(import.meta.dirname, "../src");
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });

describe("the file procedures' tables", () => {
  it("cover an API whose inputs carry no storage key", () => {
    const keyLike = inputFields
      .filter((f) => f.format !== "uuid" && KEY_LIKE.test(f.path.split(".").pop() ?? ""))
      .map((f) => `${f.name} ${f.path}`);
    expect([...new Set(keyLike)].sort()).toEqual(Object.keys(NOT_KEYS).sort());
  });

  it("list every procedure whose input names a stored file by id", () => {
    const taking = new Set(TAKES_A_FILE.map((row) => row.procedure));
    const naming = inputFields
      .filter((f) => FILE_ID.test(f.path.replaceAll("[]", "").split(".").pop() ?? ""))
      .map((f) => f.name);
    expect([...new Set(naming)].filter((name) => !taking.has(name))).toEqual([]);
  });

  it("list every procedure that mints a link, and only signed-urls.ts signs", () => {
    const files = sources(SRC).map((path) => ({
      path: relative(SRC, path),
      text: readFileSync(path, "utf8"),
    }));
    expect(files.filter((f) => f.text.includes("getSignedGetUrl(")).map((f) => f.path)).toEqual([
      "signed-urls.ts",
    ]);
    const signing = files
      .filter((f) => /\bviewUrl\(/.test(f.text) && f.path !== "signed-urls.ts")
      .map((f) => f.path);
    expect(signing.sort()).toEqual(Object.keys(SIGNING_FILES).sort());
    const returning = new Set(RETURNS_A_FILE.map((row) => row.procedure));
    expect(
      Object.values(SIGNING_FILES)
        .flat()
        .filter((p) => !returning.has(p)),
    ).toEqual([]);
    const names = new Set(procedures.map(([name]) => name));
    for (const row of [...TAKES_A_FILE, ...RETURNS_A_FILE])
      expect(names.has(row.procedure), row.procedure).toBe(true);
  });
});

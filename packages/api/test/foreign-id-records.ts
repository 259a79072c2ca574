import { randomUUID } from "node:crypto";
import { findUserByEmail, schema } from "@fizio/db";
import { addDays, pickActivityFields, todayIn } from "@fizio/domain";
import { and, eq } from "drizzle-orm";
import type { Client, Harness } from "./harness";
import { fileOfParts, markProcessed, readyGroup, squat, upload } from "./media";

/** The demo organisation's records: each id is another organisation's to Northside. */
export type Demo = Record<
  | "activitySession"
  | "activityTemplate"
  | "assessmentTemplate"
  | "attachment"
  | "billingEntry"
  | "card"
  | "caseNote"
  | "cashPatient"
  | "conversation"
  | "document"
  | "engagementTemplate"
  | "event"
  | "feeAdjustment"
  | "group"
  | "guest"
  | "healthPlan"
  | "invitation"
  | "logoUpload"
  | "medicalHistory"
  | "message"
  | "patient"
  | "patientAssessment"
  | "plan"
  | "planActivity"
  | "planSession"
  | "planTemplate"
  | "price"
  | "program"
  | "programMessage"
  | "provider"
  | "recording"
  | "referenceVideo"
  | "romVideo"
  | "sessionTemplate"
  | "videoEvent"
  | "visitSeat",
  string
>;

/** Northside's own records, for the fields a call names beside the foreign one. */
export type Own = Record<
  | "activitySession"
  | "activityTemplate"
  | "assessmentTemplate"
  | "conversation"
  | "engagementTemplate"
  | "event"
  | "feeAdjustment"
  | "patient"
  | "plan"
  | "planActivity"
  | "planTemplate"
  | "price"
  | "program"
  | "provider"
  | "romAssessment"
  | "romTemplate"
  | "sessionTemplate"
  | "visitToken",
  string
> & { planInput: PlanUpdate };

/** Northside's current plan as plans.update takes it back. */
export interface PlanUpdate {
  planId: string;
  name: string;
  sessions: { id?: string; date: string; activities: object[] }[];
  assessmentTemplateIds: string[];
}

export type Caller = "admin" | "provider" | "patient";

export const today = () => todayIn("UTC");
export const page = { page: 1, pageSize: 5 };
/** A time on the day after tomorrow. */
export const soon = (hour: number) => {
  const at = new Date(Date.now() + 3 * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at;
};
export const hour = (start: Date) => ({ startOn: start, endOn: new Date(start.getTime() + 3_600_000) });
/** A visit that can be joined now (from 30 minutes before its start). */
const startingSoon = () => {
  const start = new Date(Date.now() + 10 * 60_000);
  return { startOn: start, endOn: new Date(start.getTime() + 30 * 60_000) };
};
export const text = { type: "CUSTOM_TEXT", name: "Walk", description: "Walk" } as const;
export const video = (referenceVideoId: string) =>
  ({
    type: "VIDEO",
    name: "Squats",
    referenceVideoId,
    reps: 10,
    sets: 1,
    side: "LEFT",
    direction: "SIDE",
    orientation: "PORTRAIT",
  }) as const;
export const manualPlan = (patientId: string, assessmentTemplateId: string, activity: object = text) => ({
  creationMode: "MANUAL" as const,
  patientId,
  name: `Plan ${randomUUID().slice(0, 6)}`,
  sessions: [{ date: addDays(today(), 1), activities: [activity] }],
  assessmentTemplateIds: [assessmentTemplateId],
});
export const historyEntry = { kind: "CONDITION", status: "CURRENT", code: "M17.11" } as const;
export const healthPlan = {
  planName: "Medicare",
  planId: "1EG4-TE5-MK72",
  cob: "PRIMARY",
  primaryInsured: "SELF",
  primaryDateOfBirth: "1984-05-12",
  effectiveDate: "2025-01-01",
} as const;

const one = <T>(rows: T[]): T => rows[0]!;

/** Joins a video visit by the provider's link of its room: the seat (with its token) and the room. */
async function joinAsProvider(h: Harness, provider: Client, eventId: string) {
  await provider.api.visits.room({ eventId });
  const room = one(
    await h.t.db.select().from(schema.videoRooms).where(eq(schema.videoRooms.eventId, eventId)),
  );
  const seat = await provider.api.visits.join({
    invitationId: room.providerInvitationId,
    connectionId: randomUUID(),
  });
  return { seat, room };
}

/** Records of the demo organisation, made by its own staff and patient. */
export async function demoRecords(h: Harness): Promise<Demo> {
  const d = {} as Demo;
  const user = async (email: string) => (await findUserByEmail(h.t.db, email))!;
  const [admin, sam, alexSession] = await Promise.all([
    h.signIn("admin@fizio.test"),
    h.signIn("provider@fizio.test"),
    h.signIn("patient@fizio.test"),
  ]);
  const alex = await user("patient@fizio.test");
  const org = alex.organizationId;
  const samId = (await user("provider@fizio.test")).id;
  d.patient = alex.id;
  d.cashPatient = (await user("paciente@fizio.test")).id;
  // Not the default provider, who works in Northside too.
  d.provider = (await user("provider2@fizio.test")).id;
  d.plan = (await admin.api.plans.list({ ...page, patientId: d.patient })).items[0]!.id;
  const plan = await admin.api.plans.get({ planId: d.plan });
  d.planSession = plan.sessions[0]!.id;
  d.planActivity = plan.sessions[0]!.activities[0]!.id;
  d.patientAssessment = (await admin.api.records.assessments({ ...page, patientId: d.patient })).items[0]!.id;
  d.assessmentTemplate = (await sam.api.templates.assessments.list({ ...page, search: "Pain and function" }))
    .items[0]!.id;
  d.sessionTemplate = (await sam.api.templates.sessions.list(page)).items[0]!.id;
  d.planTemplate = (await sam.api.templates.plans.list(page)).items[0]!.id;
  d.activityTemplate = (await sam.api.templates.activities.list(page)).items[0]!.id;
  d.group = (await sam.api.videos.groups.list({ ...page, type: "ACTIVITY" })).items[0]!.id;
  d.referenceVideo = (await sam.api.videos.groups.get({ id: d.group })).supportVideos[0]!.id;
  d.romVideo = one(
    await h.t.db
      .select({ id: schema.referenceVideos.id })
      .from(schema.referenceVideos)
      .innerJoin(schema.videoGroups, eq(schema.videoGroups.id, schema.referenceVideos.groupId))
      .where(and(eq(schema.videoGroups.organizationId, org), eq(schema.videoGroups.type, "ROM"))),
  ).id;
  d.recording = (await admin.api.recordings.list({ ...page, patientId: d.patient })).items[0]!.id;
  const [session] = await h.t.db
    .select({ id: schema.activitySessions.id })
    .from(schema.activitySessions)
    .where(eq(schema.activitySessions.organizationId, org));
  d.activitySession =
    session?.id ?? (await alexSession.api.activitySessions.start({ planActivityId: d.planActivity })).id;
  d.event = (
    await admin.api.calendar.events.create({
      eventType: "NON_SERVICE",
      providerIds: [d.provider],
      ...hour(soon(9)),
    })
  ).id;
  d.videoEvent = (
    await admin.api.calendar.events.create({
      eventType: "SERVICE",
      providerIds: [samId],
      patientId: d.patient,
      serviceCode: "97110",
      video: true,
      ...startingSoon(),
    })
  ).id;
  const visit = await joinAsProvider(h, sam, d.videoEvent);
  d.visitSeat = visit.seat.participantId;
  d.invitation = visit.room.participantInvitationId;
  d.guest = (
    await sam.api.visits.invite({ eventId: d.videoEvent, name: "Alex's daughter", language: "ENGLISH" })
  ).guestId;
  d.conversation = (
    await sam.api.messages.send({ recipientIds: [d.patient], subject: "Knee", body: "How is it?" })
  ).conversationId;
  d.message = one(
    await h.t.db
      .select({ id: schema.messages.id })
      .from(schema.messages)
      .where(eq(schema.messages.conversationId, d.conversation)),
  ).id;
  d.attachment = one(
    await h.t.db
      .insert(schema.messageAttachments)
      .values({
        organizationId: org,
        ownerId: samId,
        name: "x-ray.pdf",
        contentType: "application/pdf",
        size: 10,
        storageKey: `orgs/${org}/message-attachments/x-ray.pdf`,
        status: "READY",
      })
      .returning(),
  ).id;
  d.engagementTemplate = (
    await sam.api.engagement.templates.create({
      name: "Knee program",
      messages: [{ startDay: 0, bodyEn: "Hi" }],
    })
  ).id;
  d.program = (
    await sam.api.engagement.programs.enroll({
      patientId: d.patient,
      templateId: d.engagementTemplate,
      name: "Knee program",
      startDate: today(),
      timeZone: "UTC",
    })
  ).id;
  d.programMessage = (await sam.api.engagement.programs.get({ id: d.program })).messages[0]!.id;
  d.caseNote = (
    await sam.api.records.caseNotes.create({ patientId: d.patient, note: { plan: "Squats" } })
  ).id;
  d.medicalHistory = (
    await sam.api.records.medicalHistory.create({ patientId: d.patient, entry: historyEntry })
  ).id;
  d.document = one(
    await h.t.db
      .insert(schema.patientDocuments)
      .values({
        organizationId: org,
        patientId: d.patient,
        authorId: samId,
        name: "Report",
        assessmentIds: [],
        planIds: [d.plan],
      })
      .returning(),
  ).id;
  d.healthPlan = (
    await admin.api.records.healthPlans.save({ patientId: d.patient, timeZone: "UTC", plans: [healthPlan] })
  )[0]!.id;
  d.logoUpload = (await admin.api.settings.startLogoUpload({ contentType: "image/png", size: 100 })).id;
  d.price = (await admin.api.billing.prices.list()).find((p) => p.description === "Sliding scale")!.id;
  d.feeAdjustment = (
    await admin.api.billing.feeAdjustments.create({
      patientId: d.cashPatient,
      priceId: d.price,
      startDate: today(),
    })
  ).id;
  d.billingEntry = one(
    await h.t.db
      .insert(schema.billingEntries)
      .values({
        organizationId: org,
        patientId: d.patient,
        source: "RTM",
        serviceCode: "98977",
        serviceName: "Device supply",
        serviceDate: today(),
        status: "BILLED",
      })
      .returning(),
  ).id;
  d.card = one(
    await h.t.db
      .insert(schema.paymentCards)
      .values({
        organizationId: org,
        patientId: d.patient,
        paymentMethodId: `pm_${randomUUID()}`,
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: 2040,
      })
      .returning(),
  ).id;
  return d;
}

/** A ROM video group of the organisation with one processed video, ready for analysis. */
async function readyRomVideo(h: Harness, api: Client["api"]) {
  const group = await api.videos.groups.create({
    ...squat,
    type: "ROM",
    name: "North elbow",
    joints: [{ joint: "ELBOW", tolerance: 10 }],
  });
  const started = await upload(
    api,
    { kind: "REFERENCE_VIDEO", fileName: "elbow.mp4", groupId: group.id, orientation: "PORTRAIT" },
    fileOfParts(1),
  );
  await markProcessed(h, started.id);
  return started.id;
}

/** Northside's own records, made by its admin, provider and patient. */
export async function northsideRecords(h: Harness, callers: Record<Caller, Client>): Promise<Own> {
  const n = {} as Own;
  const { admin, provider, patient } = callers;
  n.patient = (await findUserByEmail(h.t.db, "patient@northside.test"))!.id;
  n.provider = (await findUserByEmail(h.t.db, "provider@northside.test"))!.id;
  await admin.api.billing.patientSettings.update({
    patientId: n.patient,
    paymentType: "CASH",
    enforcePaymentMethod: false,
  });
  n.price = (await admin.api.billing.prices.list())[0]!.id;
  n.feeAdjustment = (
    await admin.api.billing.feeAdjustments.create({
      patientId: n.patient,
      priceId: n.price,
      startDate: today(),
    })
  ).id;
  n.assessmentTemplate = (
    await provider.api.templates.assessments.create({
      name: "North check-in",
      questions: [{ text: "How do you feel?", type: "FREE_TEXT" }],
    })
  ).id;
  const romVideo = await readyRomVideo(h, provider.api);
  n.romTemplate = (
    await provider.api.templates.assessments.create({
      name: "North elbow range",
      kind: "RANGE_OF_MOTION",
      romVideoIds: [romVideo],
    })
  ).id;
  n.romAssessment = (
    await provider.api.assessments.assign({ patientId: n.patient, templateId: n.romTemplate })
  ).id;
  const { videoId } = await readyGroup(h, provider.api, "North squat");
  n.activityTemplate = (await provider.api.templates.activities.create({ ...text, name: "North walk" })).id;
  n.sessionTemplate = (
    await provider.api.templates.sessions.create({ name: "North session", activities: [text] })
  ).id;
  n.planTemplate = (
    await provider.api.templates.plans.create({
      name: "North plan",
      sessions: [{ sessionTemplateId: n.sessionTemplate, dayOffset: 0 }],
      assessmentTemplateIds: [n.assessmentTemplate],
    })
  ).id;
  const plan = await provider.api.plans.create({
    ...manualPlan(n.patient, n.assessmentTemplate),
    sessions: [{ date: today(), activities: [video(videoId)] }],
    status: "CURRENT",
  });
  n.plan = plan.id;
  n.planActivity = plan.sessions[0]!.activities[0]!.id;
  n.planInput = {
    planId: plan.id,
    name: plan.name,
    sessions: plan.sessions.map((s) => ({
      id: s.id,
      date: s.date,
      activities: s.activities.map((a) => ({ id: a.id, ...pickActivityFields(a) })),
    })),
    assessmentTemplateIds: plan.assessmentTemplateIds,
  };
  n.activitySession = (await patient.api.activitySessions.start({ planActivityId: n.planActivity })).id;
  n.event = (
    await admin.api.calendar.events.create({
      eventType: "NON_SERVICE",
      providerIds: [n.provider],
      ...hour(soon(8)),
    })
  ).id;
  const visit = await provider.api.calendar.events.create({
    eventType: "SERVICE",
    providerIds: [n.provider],
    patientId: n.patient,
    serviceCode: "97110",
    video: true,
    ...startingSoon(),
  });
  n.visitToken = (await joinAsProvider(h, provider, visit.id)).seat.token;
  n.conversation = (
    await patient.api.messages.send({ recipientIds: [n.provider], subject: "Hi", body: "Hi Nora" })
  ).conversationId;
  n.engagementTemplate = (
    await provider.api.engagement.templates.create({
      name: "North program",
      messages: [{ startDay: 0, bodyEn: "Hi" }],
    })
  ).id;
  n.program = (
    await provider.api.engagement.programs.enroll({
      patientId: n.patient,
      templateId: n.engagementTemplate,
      name: "North program",
      startDate: today(),
      timeZone: "UTC",
    })
  ).id;
  return n;
}

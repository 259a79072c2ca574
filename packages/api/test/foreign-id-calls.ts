import { randomUUID } from "node:crypto";
import { addDays } from "@fizio/domain";
import {
  type Caller,
  type Demo,
  healthPlan,
  historyEntry,
  hour,
  manualPlan,
  type Own,
  type PlanUpdate,
  page,
  soon,
  text,
  today,
  video,
} from "./foreign-id-records";

/** A call naming another organisation's record (`d`'s) in one field, and the caller's own (`n`'s) elsewhere. */
export interface ForeignCall {
  as: Caller;
  input: (d: Demo, n: Own) => unknown;
}

/** The same call by each of `roles`. */
const byEach = (roles: Caller[], input: ForeignCall["input"]): ForeignCall[] =>
  roles.map((as) => ({ as, input }));

const range = () => ({ from: soon(0), to: new Date(soon(0).getTime() + 48 * 3_600_000) });
const group = {
  name: "Renamed",
  type: "ACTIVITY",
  joints: [{ joint: "KNEE", tolerance: 10 }],
  orientation: "PORTRAIT",
  direction: "SIDE",
  side: "LEFT",
} as const;
const newPatient = () => ({
  role: "ROLE_PATIENT",
  email: `${randomUUID().slice(0, 8)}@northside.test`,
  firstName: "New",
  lastName: "Patient",
});
/** Northside's own plan as an update, with one more session. */
const withSession = (n: Own, session: PlanUpdate["sessions"][number]) => ({
  ...n.planInput,
  sessions: [...n.planInput.sessions, session],
});
const planTemplate = (sessionTemplateId: string, assessmentTemplateId: string) => ({
  name: `Plan template ${randomUUID().slice(0, 6)}`,
  sessions: [{ sessionTemplateId, dayOffset: 0 }],
  assessmentTemplateIds: [assessmentTemplateId],
});
const recordingStart = { kind: "RECORDING", fileName: "a.mp4", size: 1000 } as const;
const program = (patientId: string, templateId: string) => ({
  patientId,
  templateId,
  name: `Program ${randomUUID().slice(0, 6)}`,
  startDate: today(),
  timeZone: "UTC",
});

/** "procedure field" → the calls naming another organisation's record in that field, by the roles it serves. */
/** A plan progression of `activityId` in every remaining session. */
const progression = (planId: string, activityId: string) => ({
  planId,
  activityId,
  fromSessionId: null,
  today: today(),
  changes: { reps: 12 },
});

export const FOREIGN_CALLS: Record<string, ForeignCall[]> = {
  "activitySessions.begin id": byEach(["patient"], (d) => ({ id: d.activitySession })),
  "activitySessions.complete id": byEach(["patient"], (d) => ({ id: d.activitySession })),
  "activitySessions.complete recordingId": byEach(["patient"], (d, n) => ({
    id: n.activitySession,
    recordingId: d.recording,
  })),
  "activitySessions.feedback id": byEach(["patient"], (d) => ({
    id: d.activitySession,
    painLevel: "MILD",
    difficulty: "EASY",
    speed: "SLOW",
  })),
  "activitySessions.mine planId": byEach(["patient"], (d) => ({ planId: d.plan })),
  "activitySessions.start patientAssessmentId": byEach(["patient"], (d) => ({
    patientAssessmentId: d.patientAssessment,
    referenceVideoId: d.romVideo,
  })),
  "activitySessions.start planActivityId": byEach(["patient"], (d) => ({ planActivityId: d.planActivity })),
  "activitySessions.start referenceVideoId": byEach(["patient"], (d, n) => ({
    patientAssessmentId: n.romAssessment,
    referenceVideoId: d.romVideo,
  })),
  "assessments.assign patientId": byEach(["provider"], (d, n) => ({
    patientId: d.patient,
    templateId: n.assessmentTemplate,
  })),
  "assessments.assign templateId": byEach(["provider"], (d, n) => ({
    patientId: n.patient,
    templateId: d.assessmentTemplate,
  })),
  "assessments.get assessmentId": byEach(["admin", "provider", "patient"], (d) => ({
    assessmentId: d.patientAssessment,
  })),
  "assessments.submit assessmentId": byEach(["patient"], (d) => ({
    assessmentId: d.patientAssessment,
    answers: {},
  })),
  "audit.export patientId": byEach(["admin"], (d) => ({ patientId: d.patient })),
  "audit.list patientId": byEach(["admin"], (d) => ({ ...page, patientId: d.patient })),
  "billing.cards.delete cardId": byEach(["patient"], (d) => ({ cardId: d.card })),
  "billing.cards.setPrimary cardId": byEach(["patient"], (d) => ({ cardId: d.card })),
  "billing.entries.list patientId": byEach(["admin", "provider"], (d) => ({
    ...page,
    patientId: d.patient,
  })),
  "billing.entries.recompute entryId": byEach(["admin"], (d) => ({ entryId: d.billingEntry })),
  "billing.feeAdjustments.create patientId": byEach(["admin"], (d, n) => ({
    patientId: d.cashPatient,
    priceId: n.price,
    startDate: today(),
  })),
  "billing.feeAdjustments.create priceId": byEach(["admin"], (d, n) => ({
    patientId: n.patient,
    priceId: d.price,
    startDate: today(),
  })),
  "billing.feeAdjustments.delete adjustmentId": byEach(["admin"], (d) => ({ adjustmentId: d.feeAdjustment })),
  "billing.feeAdjustments.list patientId": byEach(["admin", "provider"], (d) => ({ patientId: d.patient })),
  "billing.feeAdjustments.update adjustmentId": byEach(["admin"], (d, n) => ({
    adjustmentId: d.feeAdjustment,
    priceId: n.price,
    startDate: today(),
  })),
  "billing.feeAdjustments.update priceId": byEach(["admin"], (d, n) => ({
    adjustmentId: n.feeAdjustment,
    priceId: d.price,
    startDate: today(),
  })),
  "billing.patientSettings.update patientId": byEach(["admin"], (d) => ({
    patientId: d.patient,
    paymentType: "CASH",
    enforcePaymentMethod: false,
  })),
  "billing.prices.delete priceId": byEach(["admin"], (d) => ({ priceId: d.price })),
  "billing.prices.update priceId": byEach(["admin"], (d) => ({
    priceId: d.price,
    description: "Mine now",
    amountCents: 100,
  })),
  "billing.rtm.bill patientId": byEach(["admin"], (d) => ({ patientId: d.patient, periodStart: today() })),
  "billing.rtm.logReview patientId": byEach(["provider"], (d) => ({
    surface: "CHART",
    patientId: d.patient,
    seconds: 30,
  })),
  "billing.rtm.logReview recordingId": byEach(["provider"], (d) => ({
    recordingId: d.recording,
    seconds: 30,
  })),
  "billing.rtm.reviewTime patientId": byEach(["admin", "provider"], (d) => ({ patientId: d.patient })),
  "billing.rtm.status patientId": byEach(["admin", "provider"], (d) => ({ patientId: d.patient })),
  "billing.transactions.export patientId": byEach(["admin"], (d) => ({ patientId: d.patient })),
  "billing.transactions.list patientId": byEach(["admin"], (d) => ({ ...page, patientId: d.patient })),
  "billing.transactions.patientSummary patientId": byEach(["admin"], (d) => ({ patientId: d.patient })),
  "billing.transactions.record cardId": byEach(["admin"], (d, n) => ({
    patientId: n.patient,
    amountCents: 1000,
    method: "CARD",
    cardId: d.card,
  })),
  "billing.transactions.record patientId": byEach(["admin"], (d) => ({
    patientId: d.cashPatient,
    amountCents: 1000,
    method: "CASH",
  })),
  "calendar.availability.get providerId": byEach(["admin", "provider"], (d) => ({ providerId: d.provider })),
  "calendar.availability.save providerId": byEach(["admin", "provider"], (d) => ({
    providerId: d.provider,
    enabled: true,
    timeZone: "America/New_York",
    slots: [],
  })),
  "calendar.booking.book providerId": byEach(["patient"], (d) => ({
    providerId: d.provider,
    timeZone: "America/New_York",
    startOn: soon(18),
  })),
  "calendar.booking.cancel eventId": byEach(["patient"], (d) => ({ eventId: d.videoEvent })),
  "calendar.booking.reschedule eventId": byEach(["patient"], (d) => ({
    eventId: d.videoEvent,
    timeZone: "America/New_York",
    startOn: soon(19),
  })),
  "calendar.booking.slots providerId": byEach(["patient"], (d) => ({
    providerId: d.provider,
    timeZone: "America/New_York",
    from: today(),
    to: today(),
  })),
  "calendar.events.create patientId": byEach(["admin", "provider"], (d, n) => ({
    eventType: "SERVICE",
    providerIds: [n.provider],
    patientId: d.patient,
    serviceCode: "97110",
    ...hour(soon(14)),
  })),
  "calendar.events.create providerIds[]": byEach(["admin", "provider"], (d) => ({
    eventType: "NON_SERVICE",
    providerIds: [d.provider],
    ...hour(soon(15)),
  })),
  "calendar.events.delete eventId": byEach(["admin", "provider"], (d) => ({ eventId: d.event })),
  "calendar.events.get eventId": byEach(["admin", "provider", "patient"], (d) => ({ eventId: d.videoEvent })),
  "calendar.events.list patientId": byEach(["admin", "provider"], (d) => ({
    ...page,
    ...range(),
    patientId: d.patient,
  })),
  "calendar.events.list providerId": byEach(["admin", "provider", "patient"], (d) => ({
    ...page,
    ...range(),
    providerId: d.provider,
  })),
  "calendar.events.move eventId": byEach(["admin", "provider"], (d) => ({
    eventId: d.event,
    ...hour(soon(16)),
  })),
  "calendar.events.range providerId": byEach(["admin", "provider"], (d) => ({
    ...range(),
    providerId: d.provider,
  })),
  "calendar.events.setStatus eventId": byEach(["admin", "provider"], (d) => ({
    eventId: d.event,
    status: "CANCELLED",
  })),
  "calendar.events.update eventId": byEach(["admin", "provider"], (d, n) => ({
    eventId: d.event,
    eventType: "NON_SERVICE",
    providerIds: [n.provider],
    ...hour(soon(17)),
  })),
  "calendar.events.update patientId": byEach(["admin", "provider"], (d, n) => ({
    eventId: n.event,
    eventType: "SERVICE",
    providerIds: [n.provider],
    patientId: d.patient,
    serviceCode: "97110",
    ...hour(soon(18)),
  })),
  "calendar.events.update providerIds[]": byEach(["admin", "provider"], (d, n) => ({
    eventId: n.event,
    eventType: "NON_SERVICE",
    providerIds: [n.provider, d.provider],
    ...hour(soon(19)),
  })),
  "engagement.history patientId": byEach(["admin", "provider"], (d) => ({ ...page, patientId: d.patient })),
  "engagement.programs.cancel id": byEach(["provider"], (d) => ({ id: d.program })),
  "engagement.programs.delete id": byEach(["provider"], (d) => ({ id: d.program })),
  "engagement.programs.enroll patientId": byEach(["provider"], (d, n) =>
    program(d.patient, n.engagementTemplate),
  ),
  "engagement.programs.enroll templateId": byEach(["provider"], (d, n) =>
    program(n.patient, d.engagementTemplate),
  ),
  "engagement.programs.get id": byEach(["admin", "provider"], (d) => ({ id: d.program })),
  "engagement.programs.list patientId": byEach(["admin", "provider"], (d) => ({
    ...page,
    patientId: d.patient,
  })),
  "engagement.programs.update id": byEach(["provider"], (d) => ({
    id: d.program,
    name: "Program",
    messages: [{ startDay: 0, bodyEn: "Hi" }],
  })),
  "engagement.programs.update messages[].attachmentId": byEach(["provider"], (d, n) => ({
    id: n.program,
    name: "North program",
    messages: [{ startDay: 0, bodyEn: "Hi", attachmentId: d.attachment }],
  })),
  "engagement.programs.update messages[].id": byEach(["provider"], (d, n) => ({
    id: n.program,
    name: "North program",
    messages: [{ id: d.programMessage, startDay: 0, bodyEn: "Hi" }],
  })),
  "engagement.templates.create messages[].attachmentId": byEach(["provider"], (d) => ({
    name: "With a file",
    messages: [{ startDay: 0, bodyEn: "Hi", attachmentId: d.attachment }],
  })),
  "engagement.templates.delete id": byEach(["provider"], (d) => ({ id: d.engagementTemplate })),
  "engagement.templates.get id": byEach(["provider"], (d) => ({ id: d.engagementTemplate })),
  "engagement.templates.update id": byEach(["provider"], (d) => ({
    id: d.engagementTemplate,
    name: "Mine",
    messages: [{ startDay: 0, bodyEn: "Hi" }],
  })),
  "engagement.templates.update messages[].attachmentId": byEach(["provider"], (d, n) => ({
    id: n.engagementTemplate,
    name: "North program",
    messages: [{ startDay: 0, bodyEn: "Hi", attachmentId: d.attachment }],
  })),
  "messages.attachmentUrl attachmentId": byEach(["provider", "patient"], (d) => ({
    attachmentId: d.attachment,
  })),
  "messages.completeAttachment attachmentId": byEach(["provider"], (d) => ({
    attachmentId: d.attachment,
    etag: "etag",
  })),
  "messages.markRead conversationId": byEach(["provider", "patient"], (d) => ({
    conversationId: d.conversation,
  })),
  "messages.remove messageId": byEach(["provider", "patient"], (d) => ({ messageId: d.message })),
  "messages.reply attachmentIds[]": byEach(["provider"], (d, n) => ({
    conversationId: n.conversation,
    body: "Here",
    attachmentIds: [d.attachment],
  })),
  "messages.reply conversationId": byEach(["provider", "patient"], (d) => ({
    conversationId: d.conversation,
    body: "Hi",
  })),
  "messages.send attachmentIds[]": byEach(["provider"], (d, n) => ({
    recipientIds: [n.patient],
    subject: "File",
    body: "Here",
    attachmentIds: [d.attachment],
  })),
  "messages.send recipientIds[]": byEach(["provider", "patient"], (d) => ({
    recipientIds: [d.provider],
    subject: "Hello",
    body: "Hello there",
  })),
  "messages.thread conversationId": byEach(["provider", "patient"], (d) => ({
    conversationId: d.conversation,
  })),
  "patients.chart patientId": byEach(["admin", "provider"], (d) => ({ patientId: d.patient })),
  "patients.get patientId": byEach(["admin", "provider"], (d) => ({ patientId: d.patient })),
  "plans.create assessmentTemplateIds[]": byEach(["provider"], (d, n) =>
    manualPlan(n.patient, d.assessmentTemplate),
  ),
  "plans.create patientId": byEach(["admin", "provider"], (d, n) =>
    manualPlan(d.patient, n.assessmentTemplate),
  ),
  "plans.create sessions[].activities[].id": byEach(["provider"], (d, n) =>
    manualPlan(n.patient, n.assessmentTemplate, { ...text, id: d.planActivity }),
  ),
  "plans.create sessions[].activities[].referenceVideoId": byEach(["provider"], (d, n) =>
    manualPlan(n.patient, n.assessmentTemplate, video(d.referenceVideo)),
  ),
  "plans.create sessions[].id": byEach(["provider"], (d, n) => ({
    ...manualPlan(n.patient, n.assessmentTemplate),
    sessions: [{ id: d.planSession, date: addDays(today(), 1), activities: [text] }],
  })),
  "plans.create templateId": byEach(["provider"], (d, n) => ({
    creationMode: "GENERATION",
    patientId: n.patient,
    templateId: d.planTemplate,
    startDate: today(),
  })),
  "plans.delete planId": byEach(["admin", "provider"], (d) => ({ planId: d.plan })),
  "plans.get planId": byEach(["admin", "provider"], (d) => ({ planId: d.plan })),
  "plans.list patientId": byEach(["admin", "provider"], (d) => ({ ...page, patientId: d.patient })),
  "plans.progress activityId": byEach(["admin", "provider"], (d, n) => progression(n.plan, d.planActivity)),
  "plans.progress fromSessionId": byEach(["provider"], (d, n) => ({
    ...progression(n.plan, n.planActivity),
    fromSessionId: d.planSession,
  })),
  "plans.progress planId": byEach(["admin", "provider"], (d, n) => progression(d.plan, n.planActivity)),
  "plans.transition planId": byEach(["admin", "provider"], (d) => ({ planId: d.plan, status: "COMPLETED" })),
  "plans.update assessmentTemplateIds[]": byEach(["provider"], (d, n) => ({
    ...n.planInput,
    assessmentTemplateIds: [...n.planInput.assessmentTemplateIds, d.assessmentTemplate],
  })),
  "plans.update planId": byEach(["admin", "provider"], (d, n) => ({ ...n.planInput, planId: d.plan })),
  "plans.update sessions[].activities[].id": byEach(["provider"], (d, n) =>
    withSession(n, { date: addDays(today(), 2), activities: [{ ...text, id: d.planActivity }] }),
  ),
  "plans.update sessions[].activities[].referenceVideoId": byEach(["provider"], (d, n) =>
    withSession(n, { date: addDays(today(), 2), activities: [video(d.referenceVideo)] }),
  ),
  "plans.update sessions[].id": byEach(["provider"], (d, n) =>
    withSession(n, { id: d.planSession, date: addDays(today(), 2), activities: [text] }),
  ),
  "recordings.activities patientId": byEach(["admin", "provider"], (d) => ({ patientId: d.patient })),
  "recordings.comment id": byEach(["admin", "provider"], (d) => ({ id: d.recording, body: "Well done" })),
  "recordings.comments id": byEach(["admin", "provider", "patient"], (d) => ({ id: d.recording })),
  "recordings.get id": byEach(["admin", "provider", "patient"], (d) => ({ id: d.recording })),
  "recordings.jointProgress groupId": byEach(["admin", "patient"], (d, n) => ({
    patientId: n.patient,
    groupId: d.group,
  })),
  "recordings.jointProgress patientId": byEach(["admin", "provider"], (d) => ({ patientId: d.patient })),
  "recordings.list groupId": byEach(["admin", "patient"], (d) => ({ ...page, groupId: d.group })),
  "recordings.list patientId": byEach(["admin", "provider"], (d) => ({ ...page, patientId: d.patient })),
  "recordings.markReviewed id": byEach(["admin", "provider"], (d) => ({ id: d.recording })),
  "recordings.progress id": byEach(["admin", "patient"], (d) => ({ id: d.recording })),
  "recordings.rerender id": byEach(["admin"], (d) => ({ id: d.recording })),
  "recordings.review id": byEach(["admin", "provider"], (d) => ({ id: d.recording })),
  "records.assessments patientId": byEach(["admin", "provider"], (d) => ({ ...page, patientId: d.patient })),
  "records.caseNotes.create addendumTo": byEach(["provider"], (d, n) => ({
    patientId: n.patient,
    note: { plan: "More" },
    addendumTo: d.caseNote,
  })),
  "records.caseNotes.create patientId": byEach(["provider"], (d) => ({
    patientId: d.patient,
    note: { plan: "More" },
  })),
  "records.caseNotes.list patientId": byEach(["admin", "provider"], (d) => ({ patientId: d.patient })),
  "records.caseNotes.sign id": byEach(["provider"], (d) => ({ id: d.caseNote })),
  "records.caseNotes.update id": byEach(["provider"], (d) => ({ id: d.caseNote, note: { plan: "Changed" } })),
  "records.documents.create assessmentIds[]": byEach(["provider"], (d, n) => ({
    patientId: n.patient,
    name: "Report A",
    assessmentIds: [d.patientAssessment],
  })),
  "records.documents.create patientId": byEach(["provider"], (d, n) => ({
    patientId: d.patient,
    name: "Report",
    planIds: [n.plan],
  })),
  "records.documents.create planIds[]": byEach(["provider"], (d, n) => ({
    patientId: n.patient,
    name: "Report P",
    planIds: [d.plan],
  })),
  "records.documents.list patientId": byEach(["admin", "provider"], (d) => ({
    patientId: d.patient,
  })),
  "records.documents.remove id": byEach(["provider"], (d) => ({ id: d.document })),
  "records.documents.url id": byEach(["admin", "provider"], (d) => ({ id: d.document })),
  "records.fhir patientId": byEach(["admin", "provider"], (d) => ({ patientId: d.patient })),
  "records.healthPlans.list patientId": byEach(["admin", "provider", "patient"], (d) => ({
    patientId: d.patient,
  })),
  "records.healthPlans.save patientId": byEach(["admin"], (d) => ({ patientId: d.patient, plans: [] })),
  "records.healthPlans.save plans[].id": byEach(["admin", "patient"], (d, n) => ({
    patientId: n.patient,
    plans: [{ ...healthPlan, id: d.healthPlan }],
  })),
  "records.medicalHistory.create patientId": byEach(["provider", "patient"], (d) => ({
    patientId: d.patient,
    entry: historyEntry,
  })),
  "records.medicalHistory.list patientId": byEach(["admin", "provider", "patient"], (d) => ({
    patientId: d.patient,
  })),
  "records.medicalHistory.remove id": byEach(["provider", "patient"], (d) => ({ id: d.medicalHistory })),
  "records.medicalHistory.update id": byEach(["provider"], (d) => ({
    id: d.medicalHistory,
    entry: historyEntry,
  })),
  "records.sessions patientId": byEach(["admin", "provider"], (d) => ({ ...page, patientId: d.patient })),
  "records.sessions planId": byEach(["admin"], (d, n) => ({ ...page, patientId: n.patient, planId: d.plan })),
  "records.treatmentPlans patientId": byEach(["admin", "provider"], (d) => ({
    ...page,
    patientId: d.patient,
  })),
  "settings.completeLogoUpload id": byEach(["admin"], (d) => ({ id: d.logoUpload, etag: "etag" })),
  "templates.activities.create referenceVideoId": [
    ...byEach(["provider"], (d) => ({
      ...video(d.referenceVideo),
      name: `Squats ${randomUUID().slice(0, 6)}`,
    })),
    // The joints chosen to cue are checked against the video only once it is the caller's own.
    ...byEach(["provider"], (d) => ({
      ...video(d.referenceVideo),
      name: `Cued squats ${randomUUID().slice(0, 6)}`,
      liveCues: true,
      cueJoints: ["KNEE"],
    })),
  ],
  "templates.activities.delete id": byEach(["provider"], (d) => ({ id: d.activityTemplate })),
  "templates.activities.get id": byEach(["provider"], (d) => ({ id: d.activityTemplate })),
  "templates.activities.update id": byEach(["provider"], (d) => ({ ...text, id: d.activityTemplate })),
  "templates.activities.update referenceVideoId": byEach(["provider"], (d, n) => ({
    ...video(d.referenceVideo),
    name: "North walk",
    id: n.activityTemplate,
  })),
  "templates.assessments.create romVideoIds[]": byEach(["provider"], (d) => ({
    name: "Foreign ROM",
    kind: "RANGE_OF_MOTION",
    romVideoIds: [d.romVideo],
  })),
  "templates.assessments.delete id": byEach(["provider"], (d) => ({ id: d.assessmentTemplate })),
  "templates.assessments.get id": byEach(["provider"], (d) => ({ id: d.assessmentTemplate })),
  "templates.assessments.update id": byEach(["provider"], (d) => ({
    id: d.assessmentTemplate,
    name: "Mine",
    questions: [{ text: "How?", type: "FREE_TEXT" }],
  })),
  "templates.assessments.update romVideoIds[]": byEach(["provider"], (d, n) => ({
    id: n.romTemplate,
    name: "North elbow range",
    kind: "RANGE_OF_MOTION",
    romVideoIds: [d.romVideo],
  })),
  "templates.plans.create assessmentTemplateIds[]": byEach(["provider"], (d, n) =>
    planTemplate(n.sessionTemplate, d.assessmentTemplate),
  ),
  "templates.plans.create sessions[].sessionTemplateId": byEach(["provider"], (d, n) =>
    planTemplate(d.sessionTemplate, n.assessmentTemplate),
  ),
  "templates.plans.delete id": byEach(["provider"], (d) => ({ id: d.planTemplate })),
  "templates.plans.get id": byEach(["provider"], (d) => ({ id: d.planTemplate })),
  "templates.plans.update assessmentTemplateIds[]": byEach(["provider"], (d, n) => ({
    ...planTemplate(n.sessionTemplate, d.assessmentTemplate),
    id: n.planTemplate,
  })),
  "templates.plans.update id": byEach(["provider"], (d, n) => ({
    ...planTemplate(n.sessionTemplate, n.assessmentTemplate),
    id: d.planTemplate,
  })),
  "templates.plans.update sessions[].sessionTemplateId": byEach(["provider"], (d, n) => ({
    ...planTemplate(d.sessionTemplate, n.assessmentTemplate),
    id: n.planTemplate,
  })),
  "templates.sessions.create activities[].referenceVideoId": byEach(["provider"], (d) => ({
    name: "Foreign video",
    activities: [video(d.referenceVideo)],
  })),
  "templates.sessions.delete id": byEach(["provider"], (d) => ({ id: d.sessionTemplate })),
  "templates.sessions.get id": byEach(["provider"], (d) => ({ id: d.sessionTemplate })),
  "templates.sessions.update activities[].referenceVideoId": byEach(["provider"], (d, n) => ({
    id: n.sessionTemplate,
    name: "North session",
    activities: [video(d.referenceVideo)],
  })),
  "templates.sessions.update id": byEach(["provider"], (d) => ({
    id: d.sessionTemplate,
    name: "Mine",
    activities: [text],
  })),
  "todo.startActivity activityId": byEach(["patient"], (d) => ({ activityId: d.planActivity })),
  "uploads.abort id": byEach(["patient", "provider"], (d) => ({ id: d.recording })),
  "uploads.complete id": byEach(["patient"], (d) => ({
    id: d.recording,
    parts: [{ partNumber: 1, etag: "e" }],
  })),
  "uploads.listParts id": byEach(["patient"], (d) => ({ id: d.recording })),
  "uploads.signParts id": byEach(["patient"], (d) => ({ id: d.recording, partNumbers: [1] })),
  "uploads.start activityId": [
    ...byEach(["patient"], (d) => ({ ...recordingStart, activityId: d.planActivity })),
    // Live figures sent with a recording of another organisation's activity store nothing.
    ...byEach(["patient"], (d) => ({ ...recordingStart, activityId: d.planActivity, liveReps: [] })),
  ],
  "uploads.start activitySessionId": byEach(["patient"], (d, n) => ({
    ...recordingStart,
    activityId: n.planActivity,
    activitySessionId: d.activitySession,
  })),
  "uploads.start groupId": byEach(["admin", "provider"], (d) => ({
    kind: "REFERENCE_VIDEO",
    fileName: "a.mp4",
    size: 1000,
    groupId: d.group,
    orientation: "PORTRAIT",
  })),
  "uploads.start referenceVideoId": byEach(["patient"], (d, n) => ({
    ...recordingStart,
    activityId: n.planActivity,
    referenceVideoId: d.referenceVideo,
  })),
  "users.create providerId": byEach(["admin"], (d) => ({ ...newPatient(), providerId: d.provider })),
  "users.create referringProviderId": byEach(["admin"], (d, n) => ({
    ...newPatient(),
    providerId: n.provider,
    referringProviderId: d.provider,
  })),
  "users.delete userId": byEach(["admin"], (d) => ({ userId: d.patient })),
  "users.disable userId": byEach(["admin"], (d) => ({ userId: d.patient })),
  "users.enable userId": byEach(["admin"], (d) => ({ userId: d.patient })),
  "users.expunge userId": byEach(["admin"], (d) => ({ userId: d.patient })),
  "users.get userId": byEach(["admin"], (d) => ({ userId: d.patient })),
  "users.resetTwoFactor userId": byEach(["admin"], (d) => ({ userId: d.patient })),
  "users.providerWorkload userId": byEach(["admin"], (d) => ({ userId: d.provider })),
  "users.reassignPatients fromProviderId": byEach(["admin"], (d, n) => ({
    fromProviderId: d.provider,
    toProviderId: n.provider,
  })),
  "users.reassignPatients toProviderId": byEach(["admin"], (d, n) => ({
    fromProviderId: n.provider,
    toProviderId: d.provider,
  })),
  "users.restore userId": byEach(["admin"], (d) => ({ userId: d.patient })),
  "users.update providerId": byEach(["admin"], (d, n) => ({
    userId: n.patient,
    firstName: "Olivia",
    lastName: "Novak",
    providerId: d.provider,
  })),
  "users.update referringProviderId": byEach(["admin"], (d, n) => ({
    userId: n.patient,
    firstName: "Olivia",
    lastName: "Novak",
    providerId: n.provider,
    referringProviderId: d.provider,
  })),
  "users.update userId": byEach(["admin"], (d) => ({ userId: d.patient, firstName: "A", lastName: "B" })),
  "videos.groups.delete id": byEach(["admin", "provider"], (d) => ({ id: d.group })),
  "videos.groups.get id": byEach(["admin", "provider"], (d) => ({ id: d.group })),
  "videos.groups.update id": byEach(["admin", "provider"], (d) => ({ ...group, id: d.group })),
  "videos.supportVideos.delete id": byEach(["admin", "provider"], (d) => ({ id: d.referenceVideo })),
  "videos.supportVideos.list groupId": byEach(["admin", "provider"], (d) => ({ groupId: d.group })),
  "visits.guests.admit guestId": byEach(["admin", "provider"], (d) => ({ guestId: d.guest })),
  "visits.guests.deny guestId": byEach(["admin", "provider"], (d) => ({ guestId: d.guest })),
  "visits.guests.list eventId": byEach(["admin", "provider"], (d) => ({ eventId: d.videoEvent })),
  "visits.guests.remove guestId": byEach(["admin", "provider"], (d) => ({ guestId: d.guest })),
  "visits.guests.revoke guestId": byEach(["admin", "provider"], (d) => ({ guestId: d.guest })),
  "visits.invite eventId": byEach(["admin", "provider"], (d) => ({
    eventId: d.videoEvent,
    email: "guest@example.test",
    name: "Guest",
    language: "ENGLISH",
  })),
  "visits.join invitationId": byEach(["patient"], (d) => ({
    invitationId: d.invitation,
    connectionId: "connection-1",
  })),
  "visits.room eventId": byEach(["admin", "provider", "patient"], (d) => ({ eventId: d.videoEvent })),
  "visits.signal to": byEach(["provider"], (d, n) => ({
    token: n.visitToken,
    to: d.visitSeat,
    signals: [{ session: "session-1", toSession: null, kind: "hello" }],
  })),
};

const LIBRARY_PICTURE = "a picture of the shared library's image activities, every organisation's";

/** Fields that name no record of one organisation, or that the spec refuses another way, with the reason. */
export const EXEMPT_FIELDS: Record<string, string> = {
  "auth.switchOrganization organizationId": "an organisation one is not assigned to: FIZ414 (spec §8)",
  "calendar.public.appointment appointmentId": "public: the booking's own link, checked by its token",
  "calendar.public.cancel appointmentId": "public: the booking's own link, checked by its token",
  "parameters.codes.delete id": "the super admin's code lists are every organisation's",
  "profile.sessions.revoke sessionId":
    "a user's own sessions: another user's, in any organisation, is FIZ415 (idle-logoff.test.ts)",
  "profile.dataExport.download id":
    "a patient's own copy of their data: another clinic's or another patient's is FIZ415 (data-export.test.ts)",
  "parameters.sets.completeImage id":
    "the super admin's parameter sets (their pictures) are every organisation's",
  "parameters.sets.create imageUploadId":
    "the super admin's parameter sets (their pictures) are every organisation's",
  "parameters.sets.update imageUploadId":
    "the super admin's parameter sets (their pictures) are every organisation's",
  "plans.create sessions[].activities[].imageId": LIBRARY_PICTURE,
  "plans.update sessions[].activities[].imageId": LIBRARY_PICTURE,
  "templates.activities.create imageId": LIBRARY_PICTURE,
  "templates.activities.update imageId": LIBRARY_PICTURE,
  "templates.sessions.create activities[].imageId": LIBRARY_PICTURE,
  "templates.sessions.update activities[].imageId": LIBRARY_PICTURE,
  "parameters.codes.update id": "the super admin's code lists are every organisation's",
  "parameters.sets.delete id": "the super admin's parameter sets are every organisation's",
  "parameters.sets.update id": "the super admin's parameter sets are every organisation's",
  "users.create organizationIds[]": "an organisation assignment an admin may not make: FIZ414 (spec §8)",
  "users.update organizationIds[]": "an organisation assignment an admin may not make: FIZ414 (spec §8)",
  "visits.invitation invitationId": "public: what the invitation link itself shows whoever holds it",
};

import { type Answers, addDays, computeBillingEntry, engagementDueAt, todayIn } from "@fizio/domain";
import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { createConversation, insertMessage, markThreadRead } from "../queries/messages";
import {
  assessmentTemplates,
  billingEntries,
  engagementProgramMessages,
  engagementPrograms,
  engagementTemplateMessages,
  engagementTemplates,
  events,
  healthPlans,
  patientAssessments,
  prices,
  transactions,
  users,
} from "../schema";

const DAY = 86_400_000;
/** The demo clinic's calendar: its settings' default zone. */
const ZONE = "America/New_York";
/** The demo's visits' service (97110 is billed per 15 minutes in the SERVICES codes). */
const SERVICE = { code: "97110", name: "Therapeutic exercise", unit: "FIFTEEN_MINUTES" as const };

export interface CareIds {
  organizationId: string;
  sam: string;
  alex: string;
  lucia: string;
  priya: string;
  marcus: string;
}

/**
 * The clinic's paperwork and follow-up around the demo's visits, relative to `now`: Alex's primary health plan
 * and every completed visit billed (to his plan; Marcus's to himself, paid in cash at the desk), answered
 * assessments beside the pending ones, and Priya half-way through an engagement program whose first messages went
 * out. Runs after the appointments and the prices.
 */
export async function seedDemoCare(db: DbOrTx, ids: CareIds, now: Date): Promise<void> {
  const today = todayIn(ZONE, now);
  await db.insert(healthPlans).values({
    patientId: ids.alex,
    position: 0,
    planName: "Blue Harbor PPO",
    planId: "BHP-448120937",
    group: "GRP-20417",
    cob: "PRIMARY",
    primaryInsured: "SELF",
    primaryDateOfBirth: "1984-05-12",
    effectiveDate: addDays(today, -400),
  });
  await db.update(users).set({ paymentType: "CASH" }).where(eq(users.id, ids.marcus));
  await billCompletedVisits(db, ids.organizationId);
  const [marcusVisit] = await db
    .select()
    .from(billingEntries)
    .where(eq(billingEntries.patientId, ids.marcus));
  if (marcusVisit?.amountCents)
    await db.insert(transactions).values({
      organizationId: ids.organizationId,
      patientId: ids.marcus,
      amountCents: marcusVisit.amountCents,
      method: "CASH",
      status: "SUCCEEDED",
      note: "Paid at the desk after the visit.",
      recordedBy: ids.sam,
      createdAt: new Date(now.getTime() - 29 * DAY),
    });
  await seedAnsweredAssessments(db, ids, now);
  await seedEngagementProgram(db, ids, now);
}

/** Each completed service visit's entry, as completing it bills one (packages/api's billCompletedEvent). */
async function billCompletedVisits(db: DbOrTx, organizationId: string) {
  const [standard] = await db
    .select({ id: prices.id, amountCents: prices.amountCents })
    .from(prices)
    .where(and(eq(prices.organizationId, organizationId), eq(prices.standard, true)));
  const done = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.organizationId, organizationId),
        eq(events.status, "COMPLETED"),
        isNotNull(events.patientId),
      ),
    )
    .orderBy(events.startOn);
  for (const event of done) {
    const patientId = event.patientId!;
    const [patient] = await db
      .select({ paymentType: users.paymentType, providerId: users.providerId })
      .from(users)
      .where(eq(users.id, patientId));
    const plans = await db
      .select({
        id: healthPlans.id,
        cob: healthPlans.cob,
        planName: healthPlans.planName,
        planId: healthPlans.planId,
      })
      .from(healthPlans)
      .where(eq(healthPlans.patientId, patientId));
    const minutes = Math.round((event.endOn.getTime() - event.startOn.getTime()) / 60_000);
    const serviceDate = todayIn(ZONE, event.startOn);
    const outcome = computeBillingEntry({
      service: SERVICE,
      minutes,
      serviceDate,
      patient: { paymentType: patient?.paymentType ?? null, healthPlans: plans },
      standardPrice: standard,
      adjustments: [],
    });
    if (!outcome.ok) throw new Error(`the demo visit ${event.id} cannot be billed: ${outcome.code}`);
    const plan = plans.find((p) => p.id === outcome.entry.healthPlanId);
    await db.insert(billingEntries).values({
      ...outcome.entry,
      organizationId,
      patientId,
      source: "EVENT",
      eventId: event.id,
      providerId: patient?.providerId ?? null,
      serviceDate,
      minutes,
      status: "BILLED",
      planName: plan?.planName ?? null,
      planId: plan?.planId ?? null,
      createdAt: event.endOn,
      updatedAt: event.endOn,
    });
  }
}

/** Answers to a template's questions by their ids (the seed's templates name them). */
async function answer(
  db: DbOrTx,
  values: { organizationId: string; patientId: string; template: string; assignedBy: string | null },
  answers: Answers,
  submittedAt: Date,
) {
  const [template] = await db
    .select()
    .from(assessmentTemplates)
    .where(
      and(
        eq(assessmentTemplates.organizationId, values.organizationId),
        eq(assessmentTemplates.name, values.template),
      ),
    );
  if (!template) throw new Error(`the demo has no assessment template "${values.template}"`);
  await db.insert(patientAssessments).values({
    organizationId: values.organizationId,
    patientId: values.patientId,
    templateId: template.id,
    name: template.name,
    questions: template.questions,
    isIntake: template.isIntake,
    status: "SUBMITTED",
    answers,
    assignedBy: values.assignedBy,
    assignedAt: new Date(submittedAt.getTime() - 2 * 3600_000),
    submittedAt,
    updatedAt: submittedAt,
  });
}

/**
 * What patients already answered: Alex's intake at his first visit and a home exercise check three weeks ago,
 * Lucía's intake two days ago (her therapist asked for it in their thread). Their pending ones come with their plans.
 */
async function seedAnsweredAssessments(db: DbOrTx, ids: CareIds, now: Date) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const org = ids.organizationId;
  await answer(
    db,
    { organizationId: org, patientId: ids.alex, template: "Intake assessment", assignedBy: null },
    {
      reason: "My right knee hurts since I fell on the stairs.",
      areas: ["Knee"],
      "pain-now": 6,
      "onset-date": todayIn(ZONE, ago(70)),
      "onset-how": "An injury or accident",
      "worse-with": ["Stairs", "Walking"],
      goal: "Walk my dog for half an hour.",
    },
    ago(57),
  );
  await answer(
    db,
    { organizationId: org, patientId: ids.alex, template: "Home exercise check", assignedBy: ids.sam },
    { days: 4, barriers: ["Not enough time"] },
    ago(21),
  );
  await answer(
    db,
    { organizationId: org, patientId: ids.lucia, template: "Intake assessment", assignedBy: null },
    {
      reason: "Dolor en la zona lumbar al estar sentada en el trabajo.",
      areas: ["Back"],
      "pain-now": 5,
      "onset-date": todayIn(ZONE, ago(120)),
      "onset-how": "Gradually, with no clear cause",
      "worse-with": ["Sitting", "Bending or lifting"],
      goal: "Trabajar una jornada completa sin dolor.",
    },
    ago(2),
  );
}

/** A six-week program of short messages, in English and Spanish. */
const PROGRAM_MESSAGES = [
  {
    startDay: 0,
    bodyEn:
      "Welcome! Over the next weeks I will send you short tips to keep your knee moving. Reply any time.",
    bodyEs:
      "¡Bienvenida! Durante las próximas semanas le enviaré consejos breves para su rodilla. Responda cuando quiera.",
  },
  {
    startDay: 3,
    bodyEn: "Tip: a little soreness after exercise is normal; sharp pain is not. Tell me if it lasts a day.",
    bodyEs:
      "Consejo: algo de molestia tras el ejercicio es normal; un dolor agudo no. Avíseme si dura un día.",
  },
  {
    startDay: 7,
    bodyEn: "One week in: how many days did you do your exercises? Even two short sessions count.",
    bodyEs: "Una semana: ¿cuántos días hizo sus ejercicios? Incluso dos sesiones cortas cuentan.",
  },
  {
    startDay: 14,
    bodyEn: "Try taking the stairs once a day, one step at a time, holding the rail.",
    bodyEs: "Pruebe a subir las escaleras una vez al día, escalón a escalón, sujetándose a la barandilla.",
  },
  {
    startDay: 21,
    bodyEn: "Three weeks: time to make your walks five minutes longer if your knee allows.",
    bodyEs: "Tres semanas: alargue sus paseos cinco minutos si la rodilla se lo permite.",
  },
  {
    startDay: 42,
    bodyEn: "Six weeks done. Let's review your progress at your next visit.",
    bodyEs: "Seis semanas. Revisaremos su progreso en la próxima consulta.",
  },
];

/**
 * Priya's program, enrolled ten days ago: the messages of days 0, 3 and 7 went out in its thread (she answered
 * the third, and Sam read her answer), the rest are due later, so its status is in progress.
 */
async function seedEngagementProgram(db: DbOrTx, ids: CareIds, now: Date) {
  const name = "Knee check-ins";
  const [template] = await db
    .insert(engagementTemplates)
    .values({ organizationId: ids.organizationId, name, createdById: ids.sam })
    .returning();
  await db
    .insert(engagementTemplateMessages)
    .values(PROGRAM_MESSAGES.map((m) => ({ ...m, templateId: template!.id })));
  const startDate = addDays(todayIn(ZONE, now), -10);
  const enrolledAt = new Date(now.getTime() - 10 * DAY);
  const timing = { startDate, timeZone: ZONE, enrolledAt };
  const dueAt = (startDay: number) => engagementDueAt(timing, startDay);
  const sent = PROGRAM_MESSAGES.filter((m) => dueAt(m.startDay) <= now);
  const conversation = await createConversation(db, {
    organizationId: ids.organizationId,
    subject: name,
    participantIds: [ids.sam, ids.priya],
    at: dueAt(0),
  });
  const [program] = await db
    .insert(engagementPrograms)
    .values({
      organizationId: ids.organizationId,
      patientId: ids.priya,
      providerId: ids.sam,
      templateId: template!.id,
      name,
      startDate,
      timeZone: ZONE,
      enrolledAt,
      conversationId: conversation.id,
      updatedAt: enrolledAt,
    })
    .returning();
  for (const m of PROGRAM_MESSAGES) {
    const at = dueAt(m.startDay);
    const message = sent.includes(m)
      ? await insertMessage(db, {
          conversationId: conversation.id,
          authorId: ids.sam,
          recipientIds: [ids.priya],
          body: m.bodyEn,
          at,
        })
      : undefined;
    await db.insert(engagementProgramMessages).values({
      ...m,
      programId: program!.id,
      dueAt: at,
      sentAt: message ? at : null,
      messageId: message?.id ?? null,
    });
  }
  await markThreadRead(db, conversation.id, ids.priya, new Date(dueAt(7).getTime() + 3600_000));
  const replyAt = new Date(dueAt(7).getTime() + 2 * 3600_000);
  await insertMessage(db, {
    conversationId: conversation.id,
    authorId: ids.priya,
    recipientIds: [ids.sam],
    body: "Four days this week, and the stairs feel easier.",
    at: replyAt,
  });
  // Sam read it that afternoon: the demo's unread messages are Lucía's.
  await markThreadRead(db, conversation.id, ids.sam, new Date(replyAt.getTime() + 3 * 3600_000));
}

import { randomUUID } from "node:crypto";
import {
  type ActivityFieldsInput,
  type AssessmentTemplateFormInput,
  activityInput,
  addDays,
  assessmentTemplateInput,
  pickActivityFields,
  planFromTemplate,
  todayIn,
  withQuestionIds,
} from "@fizio/domain";
import type { DbOrTx } from "../client";
import { insertAssessmentTemplate } from "../queries/assessments";
import { parameterValueOptions } from "../queries/parameters";
import {
  assignPlanAssessments,
  getPlanTemplateContent,
  insertActivityTemplate,
  insertPlan,
  insertPlanTemplate,
  insertSessionTemplate,
} from "../queries/treatment";
import { seedDemoReferenceVideo } from "./media";

export const INTAKE_TEMPLATE_NAME = "Intake assessment";

const JOINT_AREAS = ["Neck", "Shoulder", "Back", "Elbow", "Wrist", "Hip", "Knee", "Ankle"];

const intake: AssessmentTemplateFormInput = {
  name: INTAKE_TEMPLATE_NAME,
  description: "What every new patient answers before their first session.",
  questions: [
    { id: "reason", text: "What brings you to physical therapy?", type: "FREE_TEXT" },
    { id: "areas", text: "Where is your pain or problem?", type: "MULTI_SELECT", choices: JOINT_AREAS },
    {
      id: "pain-now",
      text: "How bad is your pain right now, from 0 (no pain) to 10 (worst imaginable)?",
      type: "NUMBER",
      min: 0,
      max: 10,
    },
    { id: "onset-date", text: "When did the problem start?", type: "DATE" },
    {
      id: "onset-how",
      text: "How did it start?",
      type: "SINGLE_SELECT",
      choices: ["An injury or accident", "After surgery", "Gradually, with no clear cause", "Other"],
    },
    {
      id: "worse-with",
      text: "What makes it worse?",
      type: "MULTI_SELECT",
      choices: ["Sitting", "Standing", "Walking", "Bending or lifting", "Stairs", "Lying down"],
      required: false,
    },
    { id: "goal", text: "What would you most like to be able to do again?", type: "FREE_TEXT" },
  ],
};

const painCheckIn: AssessmentTemplateFormInput = {
  name: "Pain and function check-in",
  description: "A short weekly check on pain and everyday activities.",
  questions: [
    { id: "pain-now", text: "Pain right now, from 0 (none) to 10 (worst)", type: "NUMBER", min: 0, max: 10 },
    {
      id: "compared",
      text: "Compared with last week, your pain is",
      type: "SINGLE_SELECT",
      choices: ["Much better", "A little better", "About the same", "A little worse", "Much worse"],
    },
    {
      id: "managed",
      text: "Which of these could you do this week without pain?",
      type: "MULTI_SELECT",
      choices: [
        "Walk for 15 minutes",
        "Climb a flight of stairs",
        "Sleep through the night",
        "Carry shopping",
      ],
      required: false,
    },
    { id: "notes", text: "Anything else your therapist should know?", type: "FREE_TEXT", required: false },
  ],
};

const kneeFunction: AssessmentTemplateFormInput = {
  name: "Knee function questionnaire",
  questions: [
    {
      id: "stairs",
      text: "How difficult is going up and down stairs?",
      type: "SINGLE_SELECT",
      choices: ["Not difficult", "A little difficult", "Quite difficult", "Very difficult", "I cannot do it"],
    },
    {
      id: "walk-minutes",
      text: "How many minutes can you walk before you need to stop?",
      type: "NUMBER",
      min: 0,
      max: 600,
    },
    {
      id: "swelling",
      text: "Does your knee swell after activity?",
      type: "SINGLE_SELECT",
      choices: ["Never", "Sometimes", "Often", "Always"],
    },
    { id: "surgery-date", text: "Date of knee surgery, if you had one", type: "DATE", required: false },
  ],
};

const adherence: AssessmentTemplateFormInput = {
  name: "Home exercise check",
  questions: [
    {
      id: "days",
      text: "On how many days this week did you do your exercises?",
      type: "NUMBER",
      min: 0,
      max: 7,
    },
    {
      id: "barriers",
      text: "What got in the way?",
      type: "MULTI_SELECT",
      choices: ["Pain", "Not enough time", "I forgot", "Not sure how to do them", "Nothing"],
    },
  ],
};

function template(seed: AssessmentTemplateFormInput) {
  const parsed = assessmentTemplateInput.parse(seed);
  return { ...parsed, questions: withQuestionIds(parsed.questions, randomUUID) };
}

const activity = (input: ActivityFieldsInput) => activityInput.parse(input);

/** The built-in image activities' ids (migration 0021 adds them to the shared library), by their name. */
type LibraryImages = Record<"Quad sets" | "Cat-camel", string>;

const libraryOf = (images: LibraryImages) => [
  activity({
    type: "TEXT",
    name: "Ice the joint",
    description: "Wrap an ice pack in a thin towel and hold it on the sore joint.",
    duration: 900,
    frequency: 2,
  }),
  activity({
    type: "TEXT",
    name: "Heel slides",
    description:
      "Lie on your back and slowly slide your heel towards you, bending the knee, then straighten it.",
    reps: 10,
    sets: 2,
    breakTimeInSeconds: 30,
    side: "BOTH",
  }),
  activity({
    type: "IMAGE",
    name: "Quad sets",
    description:
      "Tighten the muscle on the front of your thigh, pressing the back of the knee down. Hold 5 seconds.",
    imageId: images["Quad sets"],
    reps: 10,
    sets: 3,
    breakTimeInSeconds: 30,
  }),
  activity({
    type: "IMAGE",
    name: "Cat-camel",
    description: "On hands and knees, slowly round your back up, then let it sag. Move within comfort.",
    imageId: images["Cat-camel"],
    reps: 10,
  }),
  activity({
    type: "CUSTOM_TEXT",
    name: "Easy walk",
    description: "Walk at a comfortable pace on level ground. Stop if the pain goes above 5 out of 10.",
    duration: 600,
  }),
  activity({
    type: "CUSTOM_TEXT",
    name: "Pelvic tilts",
    description:
      "Lying on your back with knees bent, flatten your lower back into the floor, hold, then relax.",
    reps: 12,
    sets: 2,
  }),
];

/** Recorded and measured against the demo's elbow flexion reference video. */
const elbowCurls = (referenceVideoId: string) =>
  activity({
    type: "VIDEO",
    name: "Elbow curls",
    description: "Facing the camera, bend your left elbow to bring the hand up, then lower it slowly.",
    referenceVideoId,
    reps: 5,
    sets: 2,
    breakTimeInSeconds: 20,
    side: "LEFT",
    direction: "FRONT",
    orientation: "LANDSCAPE",
  });

async function libraryImages(db: DbOrTx): Promise<LibraryImages> {
  const rows = await parameterValueOptions(db, "IMAGE_ACTIVITIES");
  const idOf = (name: keyof LibraryImages) => {
    const row = rows.find((r) => r.value === name);
    if (!row) throw new Error(`the shared library has no image activity "${name}"`);
    return row.id;
  };
  return { "Quad sets": idOf("Quad sets"), "Cat-camel": idOf("Cat-camel") };
}

/**
 * Treatment content for the demo organisation: the intake assessment (so new patients see real questions at
 * onboarding), assessment templates (one measuring the elbow's range of motion on camera), activity, session
 * and plan templates, the elbow flexion reference videos (an exercise's and a ROM one), and a
 * current plan for patient@fizio.test whose first session is today, with the recorded elbow curls added to
 * every session (the knee templates stay free of video so plans made from them do not wait for processing).
 */
export async function seedTreatmentContent(
  db: DbOrTx,
  ids: {
    organizationId: string;
    providerId: string;
    patientId: string;
    spanishPatientId?: string;
    now?: Date;
  },
): Promise<void> {
  const owner = { organizationId: ids.organizationId, createdBy: ids.providerId };
  await insertAssessmentTemplate(db, {
    ...template(intake),
    organizationId: ids.organizationId,
    isIntake: true,
  });
  const pain = await insertAssessmentTemplate(db, { ...template(painCheckIn), ...owner });
  const knee = await insertAssessmentTemplate(db, { ...template(kneeFunction), ...owner });
  await insertAssessmentTemplate(db, { ...template(adherence), ...owner });

  const library = libraryOf(await libraryImages(db));
  const byName = (name: string) => library.find((a) => a.name === name)!;
  for (const a of library) await insertActivityTemplate(db, owner, a);
  const { referenceVideoId } = await seedDemoReferenceVideo(db, ids);
  const rom = await seedDemoReferenceVideo(db, ids, "ROM");
  await insertAssessmentTemplate(db, {
    ...owner,
    name: "Elbow range of motion",
    description: "How far the elbow bends and straightens, measured on camera in degrees.",
    kind: "RANGE_OF_MOTION",
    questions: [],
    romVideoIds: [rom.referenceVideoId],
  });
  const curls = elbowCurls(referenceVideoId);
  await insertActivityTemplate(db, owner, curls);
  const armSession = await insertSessionTemplate(
    db,
    owner,
    { name: "Arm strength", description: "Upper-limb strength for using crutches." },
    [curls],
  );
  await insertPlanTemplate(
    db,
    owner,
    {
      name: "Elbow strengthening",
      description: "Two weeks of elbow flexion, measured on camera.",
      stage: "TREATMENT",
      longTermGoal: "Lift a full shopping bag without pain.",
      diagnosis: "Elbow weakness after immobilisation",
    },
    {
      sessions: [0, 2, 4, 7, 9, 11].map((dayOffset) => ({ sessionTemplateId: armSession.id, dayOffset })),
      assessmentTemplateIds: [pain.id],
    },
  );

  const kneeSession = await insertSessionTemplate(
    db,
    owner,
    { name: "Knee mobility", description: "Early-stage knee range and strength." },
    [byName("Easy walk"), byName("Heel slides"), byName("Quad sets"), byName("Ice the joint")],
  );
  const backSession = await insertSessionTemplate(
    db,
    owner,
    { name: "Low back basics", description: "Gentle mobility for non-specific low back pain." },
    [byName("Pelvic tilts"), byName("Cat-camel"), byName("Easy walk")],
  );

  const kneePlan = await insertPlanTemplate(
    db,
    owner,
    {
      name: "Knee rehab: phase 1",
      description: "Two weeks of early knee rehabilitation, every other day.",
      stage: "TREATMENT",
      longTermGoal: "Walk 30 minutes and climb stairs without pain.",
      diagnosis: "Knee pain",
    },
    {
      sessions: [0, 2, 4, 7, 9, 11].map((dayOffset) => ({ sessionTemplateId: kneeSession.id, dayOffset })),
      assessmentTemplateIds: [knee.id, pain.id],
    },
  );
  const backPlan = await insertPlanTemplate(
    db,
    owner,
    {
      name: "Low back pain programme",
      description: "Three weeks of twice-weekly mobility.",
      stage: "TREATMENT",
      longTermGoal: "Sit through a working day without back pain.",
      diagnosis: "Non-specific low back pain",
    },
    {
      sessions: [0, 3, 7, 10, 14, 17].map((dayOffset) => ({ sessionTemplateId: backSession.id, dayOffset })),
      assessmentTemplateIds: [pain.id],
    },
  );

  const content = await getPlanTemplateContent(db, kneePlan.id);
  const generated = planFromTemplate(
    {
      sessions: content.sessions,
      assessmentTemplateIds: content.assessments.map((a) => a.id),
    },
    todayIn("UTC", ids.now),
  );
  for (const session of generated.sessions) session.activities.push(pickActivityFields(curls));
  const plan = await insertPlan(
    db,
    {
      organizationId: ids.organizationId,
      patientId: ids.patientId,
      providerId: ids.providerId,
      name: kneePlan.name,
      status: "CURRENT",
      stage: "TREATMENT",
      longTermGoal: kneePlan.longTermGoal,
      diagnosis: kneePlan.diagnosis,
      creationMode: "GENERATION",
      templateId: kneePlan.id,
      createdBy: ids.providerId,
    },
    generated,
  );
  await assignPlanAssessments(db, plan, ids.providerId);
  if (ids.spanishPatientId)
    await seedSpanishPlan(db, { ...ids, patientId: ids.spanishPatientId }, backPlan.id, ids.now);
}

/** The low back activities as a Spanish-speaking patient reads them: their therapist wrote them in Spanish. */
const SPANISH: Record<string, { name: string; description: string }> = {
  "Pelvic tilts": {
    name: "Basculación pélvica",
    description:
      "Tumbado boca arriba con las rodillas dobladas, apoye la zona lumbar contra el suelo, mantenga y relaje.",
  },
  "Cat-camel": {
    name: "Gato-camello",
    description: "A cuatro patas, redondee la espalda hacia arriba y luego déjela caer. Muévase sin dolor.",
  },
  "Easy walk": {
    name: "Paseo suave",
    description: "Camine a un ritmo cómodo en terreno llano. Pare si el dolor pasa de 5 sobre 10.",
  },
};

/** Lucía's current plan, started a week ago, in Spanish: the low back programme with its texts translated. */
async function seedSpanishPlan(
  db: DbOrTx,
  ids: { organizationId: string; providerId: string; patientId: string },
  templateId: string,
  now = new Date(),
) {
  const content = await getPlanTemplateContent(db, templateId);
  const generated = planFromTemplate(
    { sessions: content.sessions, assessmentTemplateIds: content.assessments.map((a) => a.id) },
    addDays(todayIn("UTC", now), -7),
  );
  for (const session of generated.sessions)
    session.activities = session.activities.map((a) => ({ ...a, ...SPANISH[a.name] }));
  const plan = await insertPlan(
    db,
    {
      organizationId: ids.organizationId,
      patientId: ids.patientId,
      providerId: ids.providerId,
      name: "Programa para el dolor lumbar",
      status: "CURRENT",
      stage: "TREATMENT",
      longTermGoal: "Pasar una jornada de trabajo sentada sin dolor de espalda.",
      diagnosis: "Dolor lumbar inespecífico",
      creationMode: "GENERATION",
      templateId,
      createdBy: ids.providerId,
    },
    generated,
  );
  await assignPlanAssessments(db, plan, ids.providerId);
}

import {
  findCurrentPlanSchedule,
  findImageActivities,
  findPlanActivity,
  findPlanForUpdate,
  markActivityStarted,
  type PlanActivityRow,
} from "@fizio/db";
import {
  type ActivityState,
  AppError,
  assertSessionOpen,
  doneActivityIds,
  isSessionOpen,
  pickActivityFields,
  planActivityStates,
  startActivityInput,
  todayIn,
  todayInput,
  todoSession,
} from "@fizio/domain";
import { assertSameOrganization, planActivityOf } from "../../access";
import { audit } from "../../audit";
import type { UserContext } from "../../context";
import { scopeOf, viewUrl } from "../../signed-urls";
import { roleProcedure, router } from "../../trpc";

const patientProcedure = roleProcedure("ROLE_PATIENT");

const activityView = (a: PlanActivityRow) => ({ id: a.id, ...pickActivityFields(a), startedAt: a.startedAt });

/**
 * With their pictures' addresses, for activities shown as a picture on /to-do and in their session: each is the
 * shared library's picture of the image activity the activity names.
 */
async function withImages(
  ctx: UserContext,
  activities: readonly PlanActivityRow[],
  stateOf: (activity: PlanActivityRow) => ActivityState,
) {
  const imageIds = [...new Set(activities.flatMap((a) => (a.imageId ? [a.imageId] : [])))];
  const keys = new Map(
    (await findImageActivities(ctx.db, imageIds)).map((image) => [image.id, image.imageKey]),
  );
  const scope = scopeOf(ctx.user);
  return Promise.all(
    activities.map(async (a) => ({
      ...activityView(a),
      state: stateOf(a),
      imageUrl: await viewUrl(ctx.storage, scope, a.imageId ? keys.get(a.imageId) : null),
    })),
  );
}

/**
 * /to-do: the current plan's session the dashboard calls current (today's, or a missed one still to catch up,
 * whatever the hour), else today's finished one, else the next one with the date it opens. A session that is
 * not open yet is listed so the patient sees what is coming, but its activities cannot be started.
 */
const today = patientProcedure.input(todayInput).query(async ({ ctx, input }) => {
  const date = todayIn(input.timeZone);
  const current = await findCurrentPlanSchedule(ctx.db, ctx.user.id);
  if (!current) return { today: date, plan: null, session: null, activities: [] };
  const { plan, sessions, attempts } = current;
  const states = planActivityStates(sessions, attempts, date);
  const completed = doneActivityIds(states);
  const scheduled = sessions.map((s) => ({ ...s, activityIds: s.activities.map((a) => a.id) }));
  const session = todoSession(scheduled, completed, date);
  const open = session ? isSessionOpen(session, date) : false;
  return {
    today: date,
    plan: { id: plan.id, name: plan.name, longTermGoal: plan.longTermGoal },
    session: session && {
      id: session.id,
      date: session.date,
      number: scheduled.indexOf(session) + 1,
      total: sessions.length,
      open,
      nextDate: open ? null : session.date,
    },
    activities: session
      ? await withImages(ctx, session.activities, (a) => states.get(a.id) ?? "NOT_STARTED")
      : [],
  };
});

/**
 * The patient starts an activity of their current plan: its session must be open (FIZ246). From then on the
 * activity is locked against edits (FIZ221). Starting again keeps the first start time.
 */
const startActivity = patientProcedure.input(startActivityInput).mutation(async ({ ctx, input }) => {
  return ctx.db.transaction(async (tx) => {
    const found = await findPlanActivity(tx, input.activityId);
    if (found) assertSameOrganization(ctx.user, "plan_activity", planActivityOf(found));
    if (!found || found.plan.patientId !== ctx.user.id) throw new AppError("FIZ111");
    const plan = await findPlanForUpdate(tx, found.plan.id);
    if (plan?.status !== "CURRENT") throw new AppError("FIZ413");
    assertSessionOpen(found.session, todayIn(input.timeZone));
    const activity = await markActivityStarted(tx, found.activity.id);
    if (!found.activity.startedAt)
      await audit(ctx, "plans.activity.start", "plan_activity", activity.id, { planId: plan.id }, tx);
    return activityView(activity);
  });
});

export const todoRouter = router({ today, startActivity });

import { getPlanContent, setActivityDoses } from "@fizio/db";
import { progressionTargets, progressPlanInput } from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import { notifyPatientOf } from "../../notifications/notify";
import { staffProcedure } from "../../trpc";
import { assertNoForeignContent } from "./content-ids";
import { loadPlanFor, planDetail } from "./load-plan";

/**
 * Progresses one activity in one write: new reps, sets or duration for its copies from a session onward (or every
 * remaining session). Under the plan's lock, so a session the patient starts meanwhile is either already history
 * (kept) or starts with the new dose. One audit row and one notification for the whole change.
 */
export const progress = staffProcedure.input(progressPlanInput).mutation(async ({ ctx, input }) => {
  const plan = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const stored = await loadPlanFor(ctx.user, input.planId, tx, { lock: true });
      await assertNoForeignContent(tx, ctx.user, [
        { id: input.fromSessionId ?? undefined, activities: [{ id: input.activityId }] },
      ]);
      const content = await getPlanContent(tx, stored.id);
      const targets = progressionTargets({ status: stored.status, sessions: content.sessions }, input);
      await setActivityDoses(tx, stored.id, targets);
      if (stored.status === "CURRENT")
        await notifyPatientOf(ctx, tx, stored, "planChanged", { about: stored.name, path: "/home" });
      await audit(
        ctx,
        "plans.progress",
        "treatment_plan",
        stored.id,
        {
          activityName: targets[0]?.fields.name,
          fromSessionId: input.fromSessionId,
          changes: input.changes,
          activityIds: targets.map((t) => t.activityId),
        },
        tx,
      );
      return stored;
    }),
  );
  return planDetail(ctx.db, plan);
});

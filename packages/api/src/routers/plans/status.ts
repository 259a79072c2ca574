import {
  assignPlanAssessments,
  countStartedActivities,
  deletePlan,
  findCurrentPlan,
  setPlanStatus,
} from "@fizio/db";
import {
  AppError,
  assertPlanDeletable,
  assertPlanTransition,
  assertSingleCurrentPlan,
  planIdInput,
  transitionPlanInput,
} from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import { notifyPatientOf } from "../../notifications/notify";
import { staffProcedure } from "../../trpc";
import { loadPlanFor, planDetail } from "./load-plan";

/** Moves the plan along the status machine (FIZ219); going live needs no other current plan (FIZ232). */
export const transition = staffProcedure.input(transitionPlanInput).mutation(async ({ ctx, input }) => {
  const plan = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const stored = await loadPlanFor(ctx.user, input.planId, tx, { lock: true });
      assertPlanTransition(stored.status, input.status);
      if (input.status === "CURRENT")
        assertSingleCurrentPlan((await findCurrentPlan(tx, stored.patientId))?.id ?? null, stored.id);
      const moved = await setPlanStatus(tx, stored.id, stored.status, input.status);
      if (!moved) throw new AppError("FIZ302");
      if (moved.status === "CURRENT") {
        await assignPlanAssessments(tx, moved, ctx.user.id);
        await notifyPatientOf(ctx, tx, moved, "planAssigned", { about: moved.name, path: "/home" });
      }
      await audit(
        ctx,
        "plans.transition",
        "treatment_plan",
        stored.id,
        { from: stored.status, to: moved.status },
        tx,
      );
      return moved;
    }),
  );
  return planDetail(ctx.db, plan);
});

/**
 * A plan that records care stays: completed (FIZ220) or worked on by the patient (FIZ278). The patient keeps any
 * assessments the plan gave them. The plan's lock holds off an activity starting meanwhile.
 */
export const remove = staffProcedure.input(planIdInput).mutation(async ({ ctx, input }) => {
  await ctx.db.transaction(async (tx) => {
    const plan = await loadPlanFor(ctx.user, input.planId, tx, { lock: true });
    assertPlanDeletable(plan.status, await countStartedActivities(tx, plan.id));
    await deletePlan(tx, plan.id);
    await audit(
      ctx,
      "plans.delete",
      "treatment_plan",
      plan.id,
      { patientId: plan.patientId, name: plan.name, status: plan.status },
      tx,
    );
  });
  return { ok: true as const };
});

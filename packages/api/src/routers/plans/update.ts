import { assignPlanAssessments, countLiveAssessmentTemplates, getPlanContent, updatePlan } from "@fizio/db";
import { assertPlanUpdate, updatePlanInput } from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import { notifyPatientOf } from "../../notifications/notify";
import { staffProcedure } from "../../trpc";
import { assertSessionActivityImages } from "../templates/activity-images";
import { assertSessionActivityVideos, videoUsesOf } from "../templates/activity-videos";
import { assertAllFound } from "../templates/own-template";
import { assertNoForeignContent } from "./content-ids";
import { loadPlanFor, planDetail } from "./load-plan";

/**
 * Saves the edited plan under the plan's lock: the rules (ended plan, started activities FIZ221, assessments
 * kept FIZ248) are checked against what is stored at that moment. Assessments added to a live plan are given
 * to the patient straight away.
 */
export const update = staffProcedure.input(updatePlanInput).mutation(async ({ ctx, input }) => {
  const plan = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const stored = await loadPlanFor(ctx.user, input.planId, tx, { lock: true });
      const content = await getPlanContent(tx, stored.id);
      const storedTemplateIds = content.assessments.map((a) => a.assessmentTemplateId);
      await assertNoForeignContent(tx, ctx.user, input.sessions);
      assertPlanUpdate(
        { status: stored.status, sessions: content.sessions, assessmentTemplateIds: storedTemplateIds },
        input,
      );
      await assertSessionActivityVideos(
        tx,
        ctx.user,
        input.sessions,
        videoUsesOf(content.sessions.flatMap((s) => s.activities)),
      );
      await assertSessionActivityImages(tx, input.sessions);
      const added = input.assessmentTemplateIds.filter((id) => !storedTemplateIds.includes(id));
      await assertAllFound(
        tx,
        ctx.user,
        "assessment_template",
        added,
        "assessmentTemplateIds",
        countLiveAssessmentTemplates,
      );
      const updated = await updatePlan(
        tx,
        stored,
        {
          name: input.name,
          stage: input.stage,
          longTermGoal: input.longTermGoal,
          diagnosis: input.diagnosis,
        },
        input,
      );
      if (updated.status === "CURRENT") {
        await assignPlanAssessments(tx, updated, ctx.user.id);
        await notifyPatientOf(ctx, tx, updated, "planChanged", { about: updated.name, path: "/home" });
      }
      await audit(
        ctx,
        "plans.update",
        "treatment_plan",
        stored.id,
        {
          name: input.name,
          sessions: input.sessions.length,
          activities: input.sessions.reduce((n, s) => n + s.activities.length, 0),
          assessmentTemplateIds: input.assessmentTemplateIds,
        },
        tx,
      );
      return updated;
    }),
  );
  return planDetail(ctx.db, plan);
});

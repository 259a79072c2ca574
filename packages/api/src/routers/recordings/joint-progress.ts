import { listCompletedResults } from "@fizio/db";
import { jointProgressInput, jointProgress as progressOf } from "@fizio/domain";
import { assertNoForeignRecords, loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { appProcedure } from "../../trpc";

/**
 * Per-joint average error over time for a patient's charts: one point per completed recording, optionally of
 * one activity (video group) and range of days. Reads the patient's record, so it is audited.
 */
export const jointProgress = appProcedure.input(jointProgressInput).query(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  await assertNoForeignRecords(ctx.db, ctx.user, "video_group", [input.groupId]);
  const results = await listCompletedResults(ctx.db, patient.id, input);
  await audit(ctx, "recordings.jointProgress", "user", patient.id, {
    groupId: input.groupId ?? null,
    from: input.from ?? null,
    to: input.to ?? null,
  });
  return progressOf(results);
});

import {
  deleteProgram,
  deleteProgramMessages,
  findEngagementTemplate,
  insertProgram,
  insertProgramMessages,
  listProgramHistory,
  listPrograms,
  type ProgramScope,
  updateProgramMessage,
  updateProgramRow,
} from "@fizio/db";
import {
  AppError,
  assertProgramDeletable,
  assertProgramUpdatable,
  engagementDueAt,
  engagementStatus,
  enrollProgramInput,
  listProgramsInput,
  planProgramUpdate,
  programHistoryInput,
  programIdInput,
  todayIn,
  updateProgramInput,
} from "@fizio/domain";
import { assertNoForeignRecords, assertSameOrganization, loadPatientFor } from "../../access";
import { audit, auditListRead } from "../../audit";
import { withConflicts } from "../../conflicts";
import type { UserContext } from "../../context";
import {
  assertAttachmentsUsable,
  loadProgramFor,
  programAuthorFor,
  withAttachmentNames,
} from "../../engagement/load";
import { staffProcedure } from "../../trpc";

async function scopeFor(ctx: UserContext, patientId: string | undefined): Promise<ProgramScope> {
  if (patientId) await loadPatientFor(ctx.user, patientId, ctx.db);
  return {
    organizationId: ctx.user.organizationId,
    providerId: ctx.user.role === "ROLE_PROVIDER" ? ctx.user.id : undefined,
    patientId,
  };
}

/** /records/engagement/program: programs with their derived status; a read of patients' records, audited. */
export const listProgramsProcedure = staffProcedure.input(listProgramsInput).query(async ({ ctx, input }) => {
  const page = await listPrograms(ctx.db, await scopeFor(ctx, input.patientId), input);
  await auditListRead(ctx, "engagement.programs.list", input.patientId, input, page.items);
  return {
    ...page,
    items: page.items.map((p) => ({
      ...p,
      status: engagementStatus({
        startDate: p.startDate,
        today: todayIn(p.timeZone),
        sent: p.sent,
        total: p.total,
        cancelled: p.cancelledAt !== null,
      }),
    })),
  };
});

/** /records/engagement/history: what went out, read or not, and the replies. */
export const historyProcedure = staffProcedure.input(programHistoryInput).query(async ({ ctx, input }) => {
  const page = await listProgramHistory(ctx.db, await scopeFor(ctx, input.patientId), input);
  await auditListRead(ctx, "engagement.history.list", input.patientId, input, page.items);
  return page;
});

export const getProgram = staffProcedure.input(programIdInput).query(async ({ ctx, input }) => {
  const { program, status } = await loadProgramFor(ctx, input.id);
  await audit(ctx, "engagement.program.read", "patient", program.patientId, { programId: program.id });
  return { ...program, status, messages: await withAttachmentNames(ctx.db, program.messages) };
});

/**
 * Enrols a roster patient from a template, starting today or later in the chosen zone (FIZ015). Messages due at
 * once (a day-0 welcome) are sent by a job queued in the same transaction.
 */
export const enroll = staffProcedure.input(enrollProgramInput).mutation(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const template = await findEngagementTemplate(ctx.db, input.templateId);
  if (!template) throw new AppError("FIZ116");
  assertSameOrganization(ctx.user, "engagement_template", template);
  if (input.startDate < todayIn(input.timeZone)) throw new AppError("FIZ015", {}, { field: "startDate" });
  const provider = await programAuthorFor(ctx.db, patient);
  const enrolledAt = new Date();
  const schedule = { startDate: input.startDate, timeZone: input.timeZone, enrolledAt };
  const items = template.messages.map((m) => ({
    startDay: m.startDay,
    bodyEn: m.bodyEn,
    bodyEs: m.bodyEs,
    attachmentId: m.attachmentId,
    dueAt: engagementDueAt(schedule, m.startDay),
  }));
  const program = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const row = await insertProgram(
        tx,
        {
          organizationId: ctx.user.organizationId,
          patientId: patient.id,
          providerId: provider.id,
          templateId: template.id,
          name: input.name,
          startDate: input.startDate,
          timeZone: input.timeZone,
          enrolledAt,
        },
        items,
      );
      if (items.some((m) => m.dueAt <= enrolledAt)) await ctx.queue.add(tx, "send_engagement_messages", {});
      await audit(
        ctx,
        "engagement.program.enroll",
        "patient",
        patient.id,
        { programId: row.id, templateId: template.id },
        tx,
      );
      return row;
    }),
  );
  return { id: program.id };
});

/** Renames a program and edits its unsent messages (FIZ223 when completed, FIZ224 for a sent message). */
export const updateProgram = staffProcedure.input(updateProgramInput).mutation(async ({ ctx, input }) => {
  await assertAttachmentsUsable(
    ctx,
    input.messages.map((m) => m.attachmentId),
  );
  await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const { program, status } = await loadProgramFor(ctx, input.id, { lock: true, db: tx });
      assertProgramUpdatable(status);
      await assertNoForeignRecords(
        tx,
        ctx.user,
        "program_message",
        input.messages.map((m) => m.id),
      );
      const plan = planProgramUpdate(program.messages, input.messages);
      const dueAt = (day: number) => engagementDueAt(program, day);
      await updateProgramRow(tx, program.id, { name: input.name });
      await deleteProgramMessages(tx, plan.remove);
      for (const m of plan.update) await updateProgramMessage(tx, m.id, { ...m, dueAt: dueAt(m.startDay) });
      await insertProgramMessages(
        tx,
        program.id,
        plan.insert.map((m) => ({ ...m, dueAt: dueAt(m.startDay) })),
      );
      await audit(
        ctx,
        "engagement.program.update",
        "patient",
        program.patientId,
        {
          programId: program.id,
          inserted: plan.insert.length,
          updated: plan.update.length,
          removed: plan.remove.length,
        },
        tx,
      );
    }),
  );
  return { id: input.id };
});

/** Stops a program: nothing more goes out; what was sent stays in the patient's inbox and the history. */
export const cancelProgram = staffProcedure.input(programIdInput).mutation(async ({ ctx, input }) => {
  await ctx.db.transaction(async (tx) => {
    const { program, status } = await loadProgramFor(ctx, input.id, { lock: true, db: tx });
    assertProgramUpdatable(status);
    await updateProgramRow(tx, program.id, { cancelledAt: new Date() });
    await audit(
      ctx,
      "engagement.program.cancel",
      "patient",
      program.patientId,
      { programId: program.id },
      tx,
    );
  });
  return { ok: true as const };
});

export const deleteProgramProcedure = staffProcedure
  .input(programIdInput)
  .mutation(async ({ ctx, input }) => {
    await ctx.db.transaction(async (tx) => {
      const { program, status, sent } = await loadProgramFor(ctx, input.id, { lock: true, db: tx });
      assertProgramDeletable(status, sent);
      await deleteProgram(tx, program.id);
      await audit(
        ctx,
        "engagement.program.delete",
        "patient",
        program.patientId,
        { programId: program.id },
        tx,
      );
    });
    return { ok: true as const };
  });

import {
  deleteDocument,
  findDocument,
  findPatientAssessment,
  findPlan,
  insertDocument,
  listDocuments,
  type PatientDocumentRow,
} from "@fizio/db";
import { AppError, createDocumentInput, documentIdInput, patientRecordInput } from "@fizio/domain";
import { assertSameOrganization, loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import type { UserContext } from "../../context";
import { scopeOf, viewUrl, viewUrlsExpireAt } from "../../signed-urls";
import { router, staffProcedure } from "../../trpc";

async function loadDocumentFor(ctx: UserContext, id: string): Promise<PatientDocumentRow> {
  const document = await findDocument(ctx.db, id);
  if (!document) throw new AppError("FIZ106");
  assertSameOrganization(ctx.user, "patient_document", document);
  await loadPatientFor(ctx.user, document.patientId, ctx.db);
  return document;
}

/**
 * Each assessment and plan must be the patient's: another organisation's is FIZ415, another patient's or an
 * unknown one FIZ122 / FIZ121.
 */
async function assertPatientItems(
  ctx: UserContext,
  patientId: string,
  assessmentIds: string[],
  planIds: string[],
) {
  for (const id of assessmentIds) {
    const a = await findPatientAssessment(ctx.db, id);
    if (a) assertSameOrganization(ctx.user, "patient_assessment", a);
    if (a?.patientId !== patientId) throw new AppError("FIZ122", {}, { field: "assessmentIds" });
  }
  for (const id of planIds) {
    const p = await findPlan(ctx.db, id);
    if (p) assertSameOrganization(ctx.user, "treatment_plan", p);
    if (p?.patientId !== patientId) throw new AppError("FIZ121", {}, { field: "planIds" });
  }
}

const list = staffProcedure.input(patientRecordInput).query(async ({ ctx, input }) => {
  await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const rows = await listDocuments(ctx.db, input.patientId);
  await audit(ctx, "records.documents.list", "patient", input.patientId, {
    ids: rows.map((r) => r.document.id),
  });
  return rows.map(({ document, authorFirstName, authorLastName }) => ({
    id: document.id,
    name: document.name,
    status: document.status,
    failing: document.status === "PENDING" && document.error !== null,
    size: document.size,
    createdAt: document.createdAt,
    readyAt: document.readyAt,
    author: `${authorFirstName} ${authorLastName}`,
    mine: document.authorId === ctx.user.id,
    assessmentCount: document.assessmentIds.length,
    planCount: document.planIds.length,
  }));
});

/** The row and its generate_document job in one transaction: a document never waits for a job that is not there. */
const create = staffProcedure.input(createDocumentInput).mutation(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  await assertPatientItems(ctx, patient.id, input.assessmentIds, input.planIds);
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertDocument(tx, {
        organizationId: patient.organizationId,
        patientId: patient.id,
        authorId: ctx.user.id,
        name: input.name,
        assessmentIds: input.assessmentIds,
        planIds: input.planIds,
      });
      await ctx.queue.add(tx, "generate_document", { documentId: created.id });
      await audit(
        ctx,
        "records.documents.create",
        "patient",
        patient.id,
        {
          documentId: created.id,
          assessmentIds: input.assessmentIds,
          planIds: input.planIds,
        },
        tx,
      );
      return created;
    }),
  );
  return { id: row.id };
});

/** A short-lived link to a READY document; downloading a patient's record is audited. */
const url = staffProcedure.input(documentIdInput).query(async ({ ctx, input }) => {
  const document = await loadDocumentFor(ctx, input.id);
  if (document.status !== "READY") throw new AppError("FIZ106");
  await audit(ctx, "records.documents.download", "patient", document.patientId, { documentId: document.id });
  const url = await viewUrl(ctx.storage, scopeOf(ctx.user), document.storageKey, {
    downloadAs: `${document.name}.pdf`,
  });
  return { url, expiresAt: viewUrlsExpireAt() };
});

/** Spec §6: a user cannot delete another user's document (FIZ240). */
const remove = staffProcedure.input(documentIdInput).mutation(async ({ ctx, input }) => {
  const document = await loadDocumentFor(ctx, input.id);
  if (document.authorId !== ctx.user.id) throw new AppError("FIZ240");
  await ctx.db.transaction(async (tx) => {
    await deleteDocument(tx, document.id);
    await ctx.queue.remove(tx, `generate_document:${document.id}`);
    await audit(
      ctx,
      "records.documents.delete",
      "patient",
      document.patientId,
      { documentId: document.id },
      tx,
    );
  });
  if (document.storageKey) await ctx.storage.deleteObject(document.storageKey).catch(() => {});
  return { ok: true as const };
});

export const documentsRouter = router({ list, create, url, remove });

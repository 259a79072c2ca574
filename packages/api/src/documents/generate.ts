import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  findDocument,
  findPatientAssessment,
  findPersonIn,
  findPlan,
  getPlanContent,
  latestResults,
  markDocumentReady,
  noteDocumentError,
} from "@fizio/db";
import type { TaskPayload } from "@fizio/jobs";
import { patientDocumentKey } from "@fizio/storage";
import type { ApiServices } from "../context";
import { localeOf } from "../notifications/notify";
import { withRomMovements } from "../routers/assessments/rom-results";
import { clinicContact } from "../settings";
import { renderDocumentPdf } from "./render-pdf";

/**
 * The generate_document job: renders the PDF from the record as it is now, stores it under the document's own
 * key (a rerun overwrites it) and marks the document READY once. A failure (storage down) is noted on the row
 * and thrown, so graphile retries with backoff.
 */
export async function generateDocument(services: ApiServices, payload: TaskPayload<"generate_document">) {
  const { db, storage } = services;
  const document = await findDocument(db, payload.documentId);
  if (!document || document.status === "READY") return;
  const dir = await mkdtemp(join(tmpdir(), "fizio-document-"));
  try {
    // The document's patient and records as its organisation knows them: an id from elsewhere prints nothing.
    const patient = await findPersonIn(db, document.organizationId, document.patientId);
    if (!patient) return;
    const clinic = await clinicContact(services, document.organizationId);
    const ofDocument = (r: { organizationId: string; patientId: string }) =>
      r.organizationId === document.organizationId && r.patientId === patient.id;
    const rows = [];
    for (const id of document.assessmentIds) {
      const a = await findPatientAssessment(db, id);
      if (a && ofDocument(a)) rows.push(a);
    }
    const assessments = await withRomMovements(db, rows);
    const plans = [];
    for (const id of document.planIds) {
      const plan = await findPlan(db, id);
      if (!plan || !ofDocument(plan)) continue;
      const content = await getPlanContent(db, plan.id);
      plans.push({
        name: plan.name,
        status: plan.status,
        longTermGoal: plan.longTermGoal,
        diagnosis: plan.diagnosis,
        sessions: content.sessions.map((s) => ({
          date: s.date,
          activities: s.activities.map((a) => ({ name: a.name, reps: a.reps, sets: a.sets })),
        })),
      });
    }
    const bytes = await renderDocumentPdf({
      locale: localeOf(patient.preferredLanguage),
      title: document.name,
      clinic,
      patient: { name: `${patient.firstName} ${patient.lastName}`, dateOfBirth: patient.dateOfBirth },
      generatedAt: new Date(),
      timeZone: "UTC",
      assessments,
      plans,
      results: await latestResults(db, patient.id),
    });
    const path = join(dir, "document.pdf");
    await writeFile(path, bytes);
    const key = patientDocumentKey(document.organizationId, document.id);
    await storage.putFile(key, path, "application/pdf");
    await markDocumentReady(db, document.id, { storageKey: key, size: bytes.length });
  } catch (error) {
    await noteDocumentError(db, document.id, String(error)).catch(() => {});
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  findDataExport,
  findPersonIn,
  forgetDataExportFile,
  listExpiredDataExports,
  listPatientFiles,
  markDataExportReady,
  noteDataExportError,
  writeAudit,
} from "@fizio/db";
import { DATA_EXPORT_TTL_DAYS } from "@fizio/domain";
import { renderActionEmail } from "@fizio/i18n";
import type { TaskPayload } from "@fizio/jobs";
import { isObjectNotFoundError, patientDataExportKey } from "@fizio/storage";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { ApiServices } from "../context";
import { buildPatientBundle } from "../fhir/bundle";
import { loadPatientRecord } from "../fhir/load";
import { localeOf } from "../notifications/notify";

/** Who the audit trail names for what the export job does on the patient's behalf. */
const JOB_ACTOR = "job export_patient_data";

/** A file name safe in any zip tool: letters, digits, dot, dash and underscore. */
const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, "_").slice(0, 80) || "file";

/**
 * Writes a zip to `path` entry by entry: the record as FHIR (deflated), documents and videos stored as they are
 * (already compressed). Streams each file, so a patient with hours of recordings needs no more memory than one chunk.
 */
async function writeZip(
  path: string,
  entries: ({ name: string; text: string } | { name: string; file: string })[],
): Promise<void> {
  const out = createWriteStream(path);
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else out.write(chunk);
    if (final || error) out.end();
  });
  for (const entry of entries) {
    if ("text" in entry) {
      const file = new ZipDeflate(entry.name, { level: 6 });
      zip.add(file);
      file.push(new TextEncoder().encode(entry.text), true);
      continue;
    }
    const file = new ZipPassThrough(entry.name);
    zip.add(file);
    for await (const chunk of createReadStream(entry.file)) file.push(chunk as Uint8Array);
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  await done;
  if (failure) throw failure;
}

/**
 * The export_patient_data job: the patient's record as the FHIR Bundle staff export, their ready documents and
 * their recordings (original and annotated replay) in one zip under their organisation, downloadable from their
 * profile for DATA_EXPORT_TTL_DAYS; the patient is emailed, and the making is audited. A failure is noted on the
 * row and thrown, so graphile retries with backoff; the last attempt marks it FAILED.
 */
export async function exportPatientData(
  services: ApiServices,
  payload: TaskPayload<"export_patient_data">,
  attempt: { last: boolean } = { last: false },
) {
  const { db, storage } = services;
  const row = await findDataExport(db, payload.exportId);
  if (row?.status !== "PENDING") return;
  const patient = await findPersonIn(db, row.organizationId, row.patientId);
  if (!patient) return noteDataExportError(db, row.id, "patient not found in the organisation", true);
  const dir = await mkdtemp(join(tmpdir(), "fizio-export-"));
  try {
    const bundle = buildPatientBundle(await loadPatientRecord(db, patient));
    const { documents, videos } = await listPatientFiles(db, row.organizationId, patient.id);
    const entries: Parameters<typeof writeZip>[1] = [
      { name: "record.fhir.json", text: JSON.stringify(bundle, null, 1) },
    ];
    let n = 0;
    const missing: string[] = [];
    // A file storage no longer holds (removed by a lifecycle rule, a failed upload) is listed, not a failure.
    const add = async (name: string, key: string) => {
      const file = join(dir, `part-${++n}`);
      try {
        await storage.downloadToFile(key, file);
        entries.push({ name, file });
      } catch (error) {
        if (!isObjectNotFoundError(error)) throw error;
        missing.push(name);
      }
    };
    for (const d of documents)
      await add(`documents/${safeName(d.name)}-${d.id.slice(0, 8)}.pdf`, d.storageKey!);
    for (const v of videos) {
      const name = `recordings/${v.createdAt.toISOString().slice(0, 10)}-${v.id.slice(0, 8)}`;
      await add(`${name}${v.storageKey.slice(v.storageKey.lastIndexOf(".")) || ".webm"}`, v.storageKey);
      if (v.annotatedKey) await add(`${name}-annotated.mp4`, v.annotatedKey);
    }
    if (missing.length > 0)
      entries.push({
        name: "missing-files.txt",
        text: `Not in storage when this copy was made:\n${missing.join("\n")}\n`,
      });
    const zipPath = join(dir, "export.zip");
    await writeZip(zipPath, entries);
    const key = patientDataExportKey(row.organizationId, row.id);
    await storage.putFile(key, zipPath, "application/zip");
    const { size } = await stat(zipPath);
    const expiresAt = new Date(Date.now() + DATA_EXPORT_TTL_DAYS * 86_400_000);
    await db.transaction(async (tx) => {
      await markDataExportReady(tx, row.id, { storageKey: key, size, expiresAt });
      await writeAudit(tx, {
        organizationId: row.organizationId,
        actorEmail: JOB_ACTOR,
        action: "records.dataExport.ready",
        entity: "patient",
        entityId: patient.id,
        details: { exportId: row.id, documents: documents.length, recordings: videos.length, size },
      });
      const content = renderActionEmail(
        "dataExportReady",
        localeOf(patient.preferredLanguage),
        patient.firstName,
        `${services.config.appUrl}/profile/personal-information#my-data`,
      );
      await services.mailer.send({ to: patient.email, ...content }, tx);
    });
  } catch (error) {
    await noteDataExportError(db, row.id, String(error), attempt.last).catch(() => {});
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The delete_expired_data_exports job: a copy past its day is deleted from storage; its row stays. */
export async function deleteExpiredDataExports(services: ApiServices, now = new Date()) {
  for (const row of await listExpiredDataExports(services.db, now)) {
    await services.storage.deleteObject(row.storageKey!);
    await forgetDataExportFile(services.db, row.id);
  }
}

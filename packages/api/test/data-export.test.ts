import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findUserByEmail, schema } from "@fizio/db";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDocument } from "../src/documents/generate";
import { deleteExpiredDataExports, exportPatientData } from "../src/records/export-patient-data";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let patient: Client;
let patientId: string;
const video = Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 256));

beforeAll(async () => {
  h = await createHarness();
  patient = await h.signIn("patient@fizio.test");
  patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
  // A document made by the provider and a recording's file, as a clinic's storage holds them.
  const provider = await h.signIn("provider@fizio.test");
  const planId = (await provider.api.records.treatmentPlans({ patientId, page: 1, pageSize: 20 })).items[0]!
    .id;
  const { id } = await provider.api.records.documents.create({
    patientId,
    name: "Progress report",
    assessmentIds: [],
    planIds: [planId],
  });
  await generateDocument(h.services, { documentId: id });
  await h.services.storage.ensureBucket();
  const file = join(tmpdir(), `fizio-export-video-${Date.now()}`);
  await writeFile(file, video);
  const recordings = await h.t.db
    .select()
    .from(schema.recordings)
    .where(eq(schema.recordings.patientId, patientId));
  for (const r of recordings.filter((r) => r.uploadStatus === "UPLOADED"))
    await h.services.storage.putFile(r.storageKey, file, "video/webm");
});
afterAll(() => h.t.drop());

describe("a patient's own copy of their data", () => {
  it("is made by a job into a zip of the FHIR record, documents and recordings, emailed and audited", async () => {
    const asked = await patient.api.profile.dataExport.request();
    expect(asked.status).toBe("PENDING");
    // Asking again while it is being made answers the same one.
    expect((await patient.api.profile.dataExport.request()).id).toBe(asked.id);
    await exportPatientData(h.services, { exportId: asked.id });
    const [ready] = await patient.api.profile.dataExport.list();
    expect(ready).toMatchObject({ id: asked.id, status: "READY" });
    const { url } = await patient.api.profile.dataExport.download({ id: asked.id });
    expect(url).toContain("fizio-my-data");
    const files = unzipSync(new Uint8Array(await (await fetch(url)).arrayBuffer()));
    const names = Object.keys(files);
    const record = JSON.parse(new TextDecoder().decode(files["record.fhir.json"]!));
    expect(record).toMatchObject({ resourceType: "Bundle" });
    expect(names.some((n) => /^documents\/Progress_report-.+\.pdf$/.test(n))).toBe(true);
    const recording = names.find((n) => n.startsWith("recordings/"));
    expect(recording && Buffer.from(files[recording]!).equals(video)).toBe(true);
    expect((await h.lastEmailTo("patient@fizio.test"))?.subject).toBe("Your Fizio data is ready to download");
    const actions = (await auditTrail(h, "records.dataExport")).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "records.dataExport.request",
        "records.dataExport.ready",
        "records.dataExport.download",
      ]),
    );
  });

  it("is the patient's alone: another patient's, a provider, another clinic are refused", async () => {
    const [mine] = await patient.api.profile.dataExport.list();
    const other = await h.signIn("paciente@fizio.test");
    expect((await failure(other.api.profile.dataExport.download({ id: mine!.id }))).fiz).toBe("FIZ415");
    const northside = await h.signIn("patient@northside.test");
    expect((await failure(northside.api.profile.dataExport.download({ id: mine!.id }))).fiz).toBe("FIZ415");
    const provider = await h.signIn("provider@fizio.test");
    expect((await failure(provider.api.profile.dataExport.request())).fiz).toBe("FIZ413");
  });

  it("expires: the file is deleted and the download refused (FIZ201); the row stays", async () => {
    const [mine] = await patient.api.profile.dataExport.list();
    await h.t.db
      .update(schema.dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.dataExports.id, mine!.id));
    await deleteExpiredDataExports(h.services);
    const [row] = await h.t.db.select().from(schema.dataExports).where(eq(schema.dataExports.id, mine!.id));
    expect(row?.storageKey).toBeNull();
    expect((await patient.api.profile.dataExport.list())[0]?.status).toBe("EXPIRED");
    expect((await failure(patient.api.profile.dataExport.download({ id: mine!.id }))).fiz).toBe("FIZ201");
  });
});

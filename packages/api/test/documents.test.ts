import { findUserByEmail, schema } from "@fizio/db";
import { documentTexts } from "@fizio/i18n";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDocument } from "../src/documents/generate";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
import { pageProblems, pdfPages } from "./pdf-text";

let h: Harness;
let provider: Client;
let admin: Client;
let patientId: string;
let assessmentId: string;
let planId: string;

beforeAll(async () => {
  h = await createHarness();
  [provider, admin] = await Promise.all([h.signIn("provider@fizio.test"), h.signIn("admin@fizio.test")]);
  patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
  assessmentId = (await provider.api.records.assessments({ patientId, page: 1, pageSize: 20 })).items[0]!.id;
  planId = (await provider.api.records.treatmentPlans({ patientId, page: 1, pageSize: 20 })).items[0]!.id;
});
afterAll(() => h.t.drop());

/** The document's PDF as an admin downloads it, read back page by page. */
async function downloadPages(id: string) {
  const { url } = await admin.api.records.documents.url({ id });
  return pdfPages(new Uint8Array(await (await fetch(url!)).arrayBuffer()));
}

describe("patient documents", () => {
  it("generates the PDF in a job that survives a storage failure and ends READY exactly once", async () => {
    const { id } = await provider.api.records.documents.create({
      patientId,
      name: "Progress report",
      assessmentIds: [assessmentId],
      planIds: [planId],
    });
    const jobs = await h.t.db.execute<{ n: number }>(
      "select count(*)::int as n from graphile_worker.jobs where key like 'generate_document:%'" as never,
    );
    expect(jobs.rows[0]?.n).toBe(1);

    // Storage is down for the first attempt: the job throws (graphile retries it) and the row says why.
    const putFile = h.services.storage.putFile;
    const down = {
      ...h.services,
      storage: { ...h.services.storage, putFile: () => Promise.reject(new Error("storage unavailable")) },
    };
    await expect(generateDocument(down, { documentId: id })).rejects.toThrow("storage unavailable");
    let [row] = await h.t.db.select().from(schema.patientDocuments).where(eq(schema.patientDocuments.id, id));
    expect(row).toMatchObject({ status: "PENDING", error: expect.stringContaining("storage unavailable") });
    expect((await provider.api.records.documents.list({ patientId }))[0]).toMatchObject({
      status: "PENDING",
      failing: true,
    });

    await generateDocument(h.services, { documentId: id });
    [row] = await h.t.db.select().from(schema.patientDocuments).where(eq(schema.patientDocuments.id, id));
    const readyAt = row!.readyAt;
    expect(row).toMatchObject({ status: "READY", error: null });
    await generateDocument(
      { ...h.services, storage: { ...h.services.storage, putFile } },
      { documentId: id },
    );
    [row] = await h.t.db.select().from(schema.patientDocuments).where(eq(schema.patientDocuments.id, id));
    expect(row!.readyAt).toEqual(readyAt);

    const pages = await downloadPages(id);
    expect(pageProblems(pages, documentTexts.en.page)).toEqual([]);
    const text = pages.join("\n");
    expect(text).toContain("Alex Morgan");
    expect(text).toContain("Progress report");
    expect(text).toContain("Treatment plans");
    expect(text).toMatch(/\((Draft|Current|Completed|Terminated|Cancelled)\)/);
    expect(text).not.toMatch(/\b(DRAFT|CURRENT|COMPLETED|TERMINATED|CANCELLED)\b/);
  }, 120_000);

  it("writes a Spanish patient's document in Spanish, one page numbered 'Página 1 de 1' and nothing more", async () => {
    const lucia = (await findUserByEmail(h.t.db, "paciente@fizio.test"))!.id;
    const plan = await provider.api.plans.create({
      creationMode: "GENERATION",
      patientId: lucia,
      templateId: (await provider.api.templates.plans.list({ page: 1, pageSize: 5, search: "Knee rehab" }))
        .items[0]!.id,
      startDate: "2026-12-01",
    });
    const { id } = await provider.api.records.documents.create({
      patientId: lucia,
      name: "Informe",
      planIds: [plan.id],
    });
    await generateDocument(h.services, { documentId: id });
    const pages = await downloadPages(id);
    expect(pages).toHaveLength(1);
    expect(pageProblems(pages, documentTexts.es.page)).toEqual([]);
    expect(pages[0]).toContain("Página 1 de 1");
    for (const label of ["Paciente: Lucía", "Planes de tratamiento", `${plan.name} (Borrador)`, "Sesión 1"])
      expect(pages[0]).toContain(label);
    await provider.api.records.documents.remove({ id });
  }, 120_000);

  it("refuses an empty selection (FIZ072), too many (FIZ009), a taken name (FIZ047) and a foreign item", async () => {
    const before = (await h.t.db.select({ n: count() }).from(schema.patientDocuments))[0]!.n;
    const create = (input: object) =>
      failure(provider.api.records.documents.create({ patientId, name: "Another", ...input } as never));
    expect((await create({})).fiz).toBe("FIZ072");
    expect(
      (await create({ planIds: [planId, crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()] }))
        .fiz,
    ).toBe("FIZ009");
    expect((await create({ name: "progress REPORT", planIds: [planId] })).fiz).toBe("FIZ047");
    expect((await create({ assessmentIds: [crypto.randomUUID()] })).fiz).toBe("FIZ122");
    const lucia = (await findUserByEmail(h.t.db, "paciente@fizio.test"))!.id;
    const luciaPlan = await provider.api.records.treatmentPlans({ patientId: lucia, page: 1, pageSize: 5 });
    if (luciaPlan.items[0]) expect((await create({ planIds: [luciaPlan.items[0].id] })).fiz).toBe("FIZ121");
    const northside = await h.signIn("provider@northside.test");
    expect(
      (await failure(northside.api.records.documents.create({ patientId, name: "x", planIds: [planId] })))
        .fiz,
    ).toBe("FIZ415");
    expect((await h.t.db.select({ n: count() }).from(schema.patientDocuments))[0]!.n).toBe(before);
  });

  it("lets only the author delete a document (FIZ240), and refuses other organisations (FIZ415)", async () => {
    const [doc] = await provider.api.records.documents.list({ patientId });
    expect((await failure(admin.api.records.documents.remove({ id: doc!.id }))).fiz).toBe("FIZ240");
    const northside = await h.signIn("provider@northside.test");
    expect((await failure(northside.api.records.documents.url({ id: doc!.id }))).fiz).toBe("FIZ415");
    expect((await failure(h.client().api.records.documents.list({ patientId }))).fiz).toBe("FIZ408");
    await provider.api.records.documents.remove({ id: doc!.id });
    expect(await provider.api.records.documents.list({ patientId })).toHaveLength(0);
  });
});

describe("audit", () => {
  it("writes who listed, made, downloaded and deleted which patient's documents", async () => {
    const trail = await auditTrail(h, "records.documents.");
    for (const [action, actorEmail] of [
      ["records.documents.list", "provider@fizio.test"],
      ["records.documents.create", "provider@fizio.test"],
      ["records.documents.download", "admin@fizio.test"],
      ["records.documents.delete", "provider@fizio.test"],
    ])
      expect(trail).toContainEqual({ action, actorEmail, entity: "patient", entityId: patientId });
  });
});

import { findUserByEmail, schema } from "@fizio/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let superAdmin: Client;
let admin: Client;
let provider: Client;
let patient: Client;
let patientId: string;

beforeAll(async () => {
  h = await createHarness();
  superAdmin = await h.signIn("superadmin@fizio.test");
  admin = await h.signIn("admin@fizio.test");
  provider = await h.signIn("provider@fizio.test");
  patient = await h.signIn("patient@fizio.test");
  patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
});
afterAll(() => h.t.drop());

const findValue = async (
  kind:
    | "SPECIALTIES"
    | "CREDENTIALS"
    | "TEXT_ACTIVITIES"
    | "IMAGE_ACTIVITIES"
    | "ORGANIZATIONS"
    | "PLAN_NAMES",
  value: string,
) =>
  (await superAdmin.api.parameters.sets.list({ kind, search: value })).items.find((i) => i.value === value)!;

describe("parameter sets", () => {
  it("FIZ413 for an admin, a provider and a patient, on every write and on the lists", async () => {
    for (const c of [admin, provider, patient]) {
      expect((await failure(c.api.parameters.sets.list({ kind: "SPECIALTIES" }))).fiz).toBe("FIZ413");
      expect((await failure(c.api.parameters.sets.create({ kind: "SPECIALTIES", value: "Hand" }))).fiz).toBe(
        "FIZ413",
      );
      expect((await failure(c.api.parameters.codes.list({ kind: "SERVICES" }))).fiz).toBe("FIZ413");
      expect(
        (
          await failure(
            c.api.parameters.codes.import({ kind: "CONDITIONS", csv: "code,description\nM54.5,Back" }),
          )
        ).fiz,
      ).toBe("FIZ413");
    }
    expect(await findValue("SPECIALTIES", "Hand")).toBeUndefined();
  });

  it("creates, lists with search and pages, edits and deletes a value; 'Value already exists' regardless of case and spaces", async () => {
    const created = await superAdmin.api.parameters.sets.create({
      kind: "SPECIALTIES",
      value: "Hand  therapy",
    });
    expect(created.value).toBe("Hand therapy");
    expect(
      (await failure(superAdmin.api.parameters.sets.create({ kind: "SPECIALTIES", value: " hand THERAPY " })))
        .fiz,
    ).toBe("FIZ207");
    // The same words in another set are another value.
    await superAdmin.api.parameters.sets.create({ kind: "TYPES", value: "Hand therapy" });
    const page = await superAdmin.api.parameters.sets.list({
      kind: "SPECIALTIES",
      search: "therap",
      pageSize: 1,
    });
    expect(page.items.map((i) => i.value)).toEqual(["Hand therapy"]);
    const all = await superAdmin.api.parameters.sets.list({ kind: "SPECIALTIES", page: 2, pageSize: 2 });
    expect(all.total).toBeGreaterThanOrEqual(7);
    expect(all.items).toHaveLength(2);
    expect(
      (
        await failure(
          superAdmin.api.parameters.sets.update({ id: created.id, kind: "SPECIALTIES", value: "sports" }),
        )
      ).fiz,
    ).toBe("FIZ207");
    await superAdmin.api.parameters.sets.update({
      id: created.id,
      kind: "SPECIALTIES",
      value: "Hand and wrist",
    });
    expect((await findValue("SPECIALTIES", "Hand and wrist")).id).toBe(created.id);
    await superAdmin.api.parameters.sets.delete({ kind: "SPECIALTIES", id: created.id });
    expect(await findValue("SPECIALTIES", "Hand and wrist")).toBeUndefined();
    const trail = await auditTrail(h, "parameters.specialties.");
    expect(trail.map((r) => r.action)).toEqual([
      "parameters.specialties.create",
      "parameters.specialties.update",
      "parameters.specialties.delete",
    ]);
    // Setting changes show in the system log.
    const log = await superAdmin.api.audit.systemLog({ kind: "SETTINGS", timeZone: "UTC" });
    expect(log.items.some((i) => i.action === "parameters.specialties.delete")).toBe(true);
  });

  it("refuses fields of another kind and checks each kind's own", async () => {
    expect(
      (await failure(superAdmin.api.parameters.sets.create({ kind: "CLASSES", value: "A", text: "x" }))).fiz,
    ).toBe("FIZ007");
    expect(
      (await failure(superAdmin.api.parameters.sets.create({ kind: "TEXT_ACTIVITIES", value: "Walk" }))).fiz,
    ).toBe("FIZ001");
    expect(
      (
        await failure(
          superAdmin.api.parameters.sets.create({ kind: "PRICES", value: "Standard", amountCents: 100 }),
        )
      ).fiz,
    ).toBe("FIZ069");
    expect(
      (
        await failure(
          superAdmin.api.parameters.sets.create({
            kind: "IMAGE_ACTIVITIES",
            value: "Bridge",
            imageUploadId: "4d6e3f0a-8a0b-4c51-9d4e-2f0b8f1e6a11",
          }),
        )
      ).fiz,
    ).toBe("FIZ106");
  });

  it("a specialty or credential a provider has is in use (FIZ270); the provider form only takes values of the sets", async () => {
    const orthopedics = await findValue("SPECIALTIES", "Orthopedics");
    expect(
      (await failure(superAdmin.api.parameters.sets.delete({ kind: "SPECIALTIES", id: orthopedics.id }))).fiz,
    ).toBe("FIZ270");
    expect(
      (
        await failure(
          superAdmin.api.parameters.sets.update({ kind: "SPECIALTIES", id: orthopedics.id, value: "Ortho" }),
        )
      ).fiz,
    ).toBe("FIZ270");
    // Fixing the case of a value in use is allowed.
    await superAdmin.api.parameters.sets.update({
      kind: "SPECIALTIES",
      id: orthopedics.id,
      value: "orthopedics",
    });
    await superAdmin.api.parameters.sets.update({
      kind: "SPECIALTIES",
      id: orthopedics.id,
      value: "Orthopedics",
    });
    const dpt = await findValue("CREDENTIALS", "DPT");
    expect(
      (await failure(superAdmin.api.parameters.sets.delete({ kind: "CREDENTIALS", id: dpt.id }))).fiz,
    ).toBe("FIZ270");

    const provider = {
      role: "ROLE_PROVIDER" as const,
      firstName: "Ada",
      lastName: "Set",
      location: "Main clinic",
    };
    expect(
      (
        await failure(
          admin.api.users.create({ ...provider, email: "ada@fizio.test", specialty: "Astrology" }),
        )
      ).fiz,
    ).toBe("FIZ002");
    expect(
      (await failure(admin.api.users.create({ ...provider, email: "ada@fizio.test", credential: "XYZ" })))
        .fiz,
    ).toBe("FIZ002");
    expect(await findUserByEmail(h.t.db, "ada@fizio.test")).toBeUndefined();
    await admin.api.users.create({
      ...provider,
      email: "ada@fizio.test",
      specialty: "Neurology",
      credential: "PTA",
    });
    const neurology = await findValue("SPECIALTIES", "Neurology");
    expect(
      (await failure(superAdmin.api.parameters.sets.delete({ kind: "SPECIALTIES", id: neurology.id }))).fiz,
    ).toBe("FIZ270");
  });

  it("a plan name a health plan has is in use (FIZ270)", async () => {
    const plan = await superAdmin.api.parameters.sets.create({
      kind: "PLAN_NAMES",
      value: "Blue Shield PPO",
    });
    await h.t.db.insert(schema.healthPlans).values({
      patientId,
      // The demo patient's primary plan is seeded; this one is their secondary.
      position: 1,
      planName: "blue shield  ppo",
      planId: "X1",
      cob: "SECONDARY",
      primaryInsured: "SELF",
      primaryDateOfBirth: "1984-05-12",
      effectiveDate: "2026-01-01",
    });
    expect(
      (await failure(superAdmin.api.parameters.sets.delete({ kind: "PLAN_NAMES", id: plan.id }))).fiz,
    ).toBe("FIZ270");
  });

  it("text and image activities that plans or templates use are 'Selected video is in use' (FIZ212)", async () => {
    const ice = await findValue("TEXT_ACTIVITIES", "Ice the joint");
    expect(
      (await failure(superAdmin.api.parameters.sets.delete({ kind: "TEXT_ACTIVITIES", id: ice.id }))).fiz,
    ).toBe("FIZ212");
    // Its text may change; plans keep the copy they made.
    await superAdmin.api.parameters.sets.update({
      kind: "TEXT_ACTIVITIES",
      id: ice.id,
      value: ice.value,
      text: "Ice it.",
    });
    const quad = await findValue("IMAGE_ACTIVITIES", "Quad sets");
    expect(quad.imageUrl).toMatch(/quad-sets\.svg\?/);
    expect(
      (await failure(superAdmin.api.parameters.sets.delete({ kind: "IMAGE_ACTIVITIES", id: quad.id }))).fiz,
    ).toBe("FIZ212");
    const unused = await superAdmin.api.parameters.sets.create({
      kind: "TEXT_ACTIVITIES",
      value: "Rest",
      text: "Rest a day.",
    });
    await superAdmin.api.parameters.sets.delete({ kind: "TEXT_ACTIVITIES", id: unused.id });
    // Providers pick from the sets in the activity editor.
    expect(
      (await provider.api.parameters.sets.options({ kind: "TEXT_ACTIVITIES" })).map((o) => o.value),
    ).toContain("Heel slides");
    expect((await failure(patient.api.parameters.sets.options({ kind: "TEXT_ACTIVITIES" }))).fiz).toBe(
      "FIZ413",
    );
  });

  it("uploads an image activity's picture (type and size checked) and shows a preview", async () => {
    expect(
      (
        await failure(
          superAdmin.api.parameters.sets.startImage({ name: "a.gif", contentType: "image/gif", size: 10 }),
        )
      ).fiz,
    ).toBe("FIZ056");
    expect(
      (
        await failure(
          superAdmin.api.parameters.sets.startImage({
            name: "a.png",
            contentType: "image/png",
            size: 6 * 1024 * 1024,
          }),
        )
      ).fiz,
    ).toBe("FIZ057");
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const start = await superAdmin.api.parameters.sets.startImage({
      name: "bridge.png",
      contentType: "image/png",
      size: png.length,
    });
    const put = await fetch(start.url, { method: "PUT", body: png });
    expect(put.ok).toBe(true);
    // The upload is named by its id: no storage key goes to the browser or comes back from it.
    expect(Object.keys(start).sort()).toEqual(["id", "url"]);
    const etag = (put.headers.get("etag") ?? "").replaceAll('"', "");
    expect(
      (
        await failure(
          superAdmin.api.parameters.sets.create({
            kind: "IMAGE_ACTIVITIES",
            value: "Bridge",
            imageUploadId: start.id,
          }),
        )
      ).fiz,
    ).toBe("FIZ106");
    const done = await superAdmin.api.parameters.sets.completeImage({ id: start.id, etag });
    expect(done.url).toMatch(/^http/);
    const bridge = await superAdmin.api.parameters.sets.create({
      kind: "IMAGE_ACTIVITIES",
      value: "Bridge",
      imageUploadId: done.id,
    });
    const listed = await findValue("IMAGE_ACTIVITIES", "Bridge");
    expect(listed.id).toBe(bridge.id);
    expect(listed).not.toHaveProperty("imageKey");
    expect(await (await fetch(listed.imageUrl!)).arrayBuffer()).toHaveProperty("byteLength", png.length);
    // Renamed without a new picture, it keeps its own.
    await superAdmin.api.parameters.sets.update({
      kind: "IMAGE_ACTIVITIES",
      id: bridge.id,
      value: "Glute bridge",
    });
    const renamed = await findValue("IMAGE_ACTIVITIES", "Glute bridge");
    expect(await (await fetch(renamed.imageUrl!)).arrayBuffer()).toHaveProperty("byteLength", png.length);
  });

  it("organisations: created with their Standard price and the price catalogue; one with users is in use (FIZ211)", async () => {
    await superAdmin.api.parameters.sets.create({
      kind: "PRICES",
      value: "Follow-up visit",
      amountCents: 8500,
    });
    expect(
      (
        await failure(
          superAdmin.api.parameters.sets.create({ kind: "ORGANIZATIONS", value: "northside  REHAB" }),
        )
      ).fiz,
    ).toBe("FIZ207");
    const org = await superAdmin.api.parameters.sets.create({
      kind: "ORGANIZATIONS",
      value: "Lakeside Physio",
    });
    const prices = await h.t.db.select().from(schema.prices).where(eq(schema.prices.organizationId, org.id));
    expect(prices.map((p) => [p.description, p.amountCents, p.standard]).sort()).toEqual([
      ["Follow-up visit", 8500, false],
      ["Package of 10 visits", 7000, false],
      ["Senior discount", 6500, false],
      ["Sliding scale", 4500, false],
      ["Standard", 0, true],
    ]);
    await superAdmin.api.parameters.sets.update({
      kind: "ORGANIZATIONS",
      id: org.id,
      value: "Lakeside Physio Co",
    });
    const northside = await findValue("ORGANIZATIONS", "Northside Rehab");
    expect(northside.users).toBeGreaterThan(0);
    expect(
      (await failure(superAdmin.api.parameters.sets.delete({ kind: "ORGANIZATIONS", id: northside.id }))).fiz,
    ).toBe("FIZ211");
    // Data without users: a template still names the organisation.
    const empty = await superAdmin.api.parameters.sets.create({
      kind: "ORGANIZATIONS",
      value: "Empty clinic",
    });
    await h.t.db.insert(schema.activityTemplates).values({
      organizationId: empty.id,
      name: "Walk",
      type: "CUSTOM_TEXT",
      description: "Walk",
    });
    expect(
      (await failure(superAdmin.api.parameters.sets.delete({ kind: "ORGANIZATIONS", id: empty.id }))).fiz,
    ).toBe("FIZ211");
    expect(await findValue("ORGANIZATIONS", "Empty clinic")).toBeDefined();
    await superAdmin.api.parameters.sets.delete({ kind: "ORGANIZATIONS", id: org.id });
    expect(await findValue("ORGANIZATIONS", "Lakeside Physio Co")).toBeUndefined();
    expect(await h.t.db.select().from(schema.prices).where(eq(schema.prices.organizationId, org.id))).toEqual(
      [],
    );
  });
});

describe("codes", () => {
  it("creates, edits and deletes a code by the kind's format; 'Value already exists' whatever the case", async () => {
    expect(
      (
        await failure(
          superAdmin.api.parameters.codes.create({ kind: "CONDITIONS", code: "12345", description: "x" }),
        )
      ).fiz,
    ).toBe("FIZ006");
    expect(
      (
        await failure(
          superAdmin.api.parameters.codes.create({
            kind: "SERVICES",
            code: "97750",
            description: "Physical performance test",
          }),
        )
      ).fiz,
    ).toBe("FIZ001");
    expect(
      (
        await failure(
          superAdmin.api.parameters.codes.create({
            kind: "CONDITIONS",
            code: "m54.2",
            description: "Neck pain",
          }),
        )
      ).fiz,
    ).toBe("FIZ207");
    const code = await superAdmin.api.parameters.codes.create({
      kind: "CONDITIONS",
      code: "m25.562",
      description: "Pain in left knee",
    });
    expect(code.code).toBe("M25.562");
    const found = await superAdmin.api.parameters.codes.list({ kind: "CONDITIONS", search: "left knee" });
    expect(found.items.map((c) => c.code)).toEqual(["M17.12", "M25.562"]);
    await superAdmin.api.parameters.codes.update({
      id: code.id,
      kind: "CONDITIONS",
      code: "M25.562",
      description: "Left knee pain",
    });
    await superAdmin.api.parameters.codes.delete({ kind: "CONDITIONS", id: code.id });
    expect(
      (await superAdmin.api.parameters.codes.list({ kind: "CONDITIONS", search: "M25.562" })).total,
    ).toBe(0);
  });

  it("a condition in a medical history and a service on an event are in use (FIZ270)", async () => {
    await provider.api.records.medicalHistory.create({
      patientId,
      entry: { kind: "CONDITION", status: "CURRENT", code: "M54.2" },
    });
    const [cervicalgia] = (
      await superAdmin.api.parameters.codes.list({ kind: "CONDITIONS", search: "M54.2" })
    ).items;
    expect(
      (await failure(superAdmin.api.parameters.codes.delete({ kind: "CONDITIONS", id: cervicalgia!.id })))
        .fiz,
    ).toBe("FIZ270");
    expect(
      (
        await failure(
          superAdmin.api.parameters.codes.update({
            kind: "CONDITIONS",
            id: cervicalgia!.id,
            code: "M54.3",
            description: "x",
          }),
        )
      ).fiz,
    ).toBe("FIZ270");
    const [exercise] = (await superAdmin.api.parameters.codes.list({ kind: "SERVICES", search: "97110" }))
      .items;
    const organizationId = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.organizationId;
    await h.t.db.insert(schema.billingEntries).values({
      organizationId,
      patientId,
      serviceCode: "97110",
      serviceName: "Therapeutic exercise",
      serviceDate: "2026-01-05",
      status: "BILLED",
      source: "EVENT",
    });
    expect(
      (await failure(superAdmin.api.parameters.codes.delete({ kind: "SERVICES", id: exercise!.id }))).fiz,
    ).toBe("FIZ270");
    // Its description and unit may still change.
    await superAdmin.api.parameters.codes.update({
      kind: "SERVICES",
      id: exercise!.id,
      code: "97110",
      description: "Therapeutic exercises",
      unit: "FIFTEEN_MINUTES",
    });
  });

  it("imports a CSV all or nothing: a broken row imports nothing and reports every row's errors", async () => {
    const before = (await superAdmin.api.parameters.codes.list({ kind: "SERVICES", pageSize: 100 })).total;
    const broken = [
      "Code,Description,Unit",
      "97750,Physical performance test,VISIT",
      "97750,Twice in the file,VISIT",
      "9711,Too short,VISIT",
      "97116,,FIFTEEN_MINUTES",
      "97110,Already in the table,VISIT",
      "97535,Self-care training,HOURLY",
    ].join("\n");
    const report = await superAdmin.api.parameters.codes.import({ kind: "SERVICES", csv: broken });
    expect(report.imported).toBe(0);
    expect(report.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [3, "code", "FIZ008"],
      [4, "code", "FIZ006"],
      [5, "description", "FIZ001"],
      [6, "code", "FIZ207"],
      [7, "unit", "FIZ002"],
    ]);
    expect((await superAdmin.api.parameters.codes.list({ kind: "SERVICES", pageSize: 100 })).total).toBe(
      before,
    );
    const missingColumn = await superAdmin.api.parameters.codes.import({
      kind: "SERVICES",
      csv: "code,description\n97750,Test",
    });
    expect(missingColumn.errors).toEqual([{ row: 1, column: "unit", code: "FIZ001" }]);

    const good =
      '\uFEFFcode,description,unit\n97750,"Physical performance test, each 15 minutes",fifteen_minutes\n97535,Self-care training,FIFTEEN_MINUTES\n';
    const imported = await superAdmin.api.parameters.codes.import({ kind: "SERVICES", csv: good });
    expect(imported).toEqual({ imported: 2, errors: [] });
    const [ppt] = (await superAdmin.api.parameters.codes.list({ kind: "SERVICES", search: "97750" })).items;
    expect(ppt).toMatchObject({
      description: "Physical performance test, each 15 minutes",
      unit: "FIFTEEN_MINUTES",
    });
    expect((await auditTrail(h, "parameters.codes.services.import")).length).toBe(1);
  });

  it("events take their service from the SERVICES codes (FIZ119 otherwise), as imported", async () => {
    const providerId = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id;
    const startOn = new Date(Date.now() + 30 * 86_400_000);
    const event = {
      eventType: "SERVICE" as const,
      providerIds: [providerId],
      patientId,
      startOn,
      endOn: new Date(startOn.getTime() + 45 * 60_000),
    };
    const refused = await failure(provider.api.calendar.events.create({ ...event, serviceCode: "97999" }));
    expect(refused.fiz).toBe("FIZ119");
    // 97535 came in with the CSV above.
    const { id } = await provider.api.calendar.events.create({ ...event, serviceCode: "97535" });
    const [row] = await h.t.db.select().from(schema.events).where(eq(schema.events.id, id));
    expect(row).toMatchObject({ serviceCode: "97535", serviceName: "Self-care training" });
    const [selfCare] = (await superAdmin.api.parameters.codes.list({ kind: "SERVICES", search: "97535" }))
      .items;
    expect(
      (await failure(superAdmin.api.parameters.codes.delete({ kind: "SERVICES", id: selfCare!.id }))).fiz,
    ).toBe("FIZ270");
  });

  it("a medical-history condition must be one of the CONDITIONS codes (FIZ002) and is listed under its description", async () => {
    const unknown = await failure(
      provider.api.records.medicalHistory.create({
        patientId,
        entry: { kind: "CONDITION", status: "CURRENT", code: "M99.99" },
      }),
    );
    expect(unknown.fiz).toBe("FIZ002");
    const listed = await provider.api.records.medicalHistory.list({ patientId });
    expect(listed.find((e) => e.code === "M54.2")?.conditionName).toBe("Cervicalgia");
  });

  it("signed-in users read a kind's codes for their pickers (a patient records conditions too)", async () => {
    const services = await provider.api.parameters.codes.options({ kind: "SERVICES" });
    expect(services.map((s) => s.code)).toContain("97535");
    const conditions = await patient.api.parameters.codes.options({ kind: "CONDITIONS" });
    expect(conditions.map((c) => c.code)).toContain("M54.2");
    expect((await failure(h.client().api.parameters.codes.options({ kind: "CONDITIONS" }))).fiz).toBe(
      "FIZ408",
    );
  });
});

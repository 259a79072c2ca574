import {
  findOrganizationByName,
  findUserByEmail,
  insertOrganization,
  listUserOrganizations,
  setUserOrganizations,
} from "@fizio/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";

const OTHER_ORGANIZATION = "Northside Rehab";

let h: Harness;
let admin: Client;
let northsideAdmin: Client;
const user = async (email: string) => (await findUserByEmail(h.t.db, email))!;
const id = async (email: string) => (await user(email)).id;
let demoId: string;
let northsideId: string;
/** Records of the demo organisation, each a foreign id to Northside. */
const demo = {} as Record<
  "patient" | "provider" | "plan" | "group" | "supportVideo" | "recording" | "template" | "event",
  string
>;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn("admin@fizio.test");
  northsideAdmin = await h.signInOtherOrganizationAdmin();
  demoId = (await user("admin@fizio.test")).organizationId;
  northsideId = (await findOrganizationByName(h.t.db, OTHER_ORGANIZATION))!.id;
  demo.patient = await id("patient@fizio.test");
  demo.provider = await id("provider2@fizio.test");
  demo.plan = (await admin.api.plans.list({ patientId: demo.patient, page: 1, pageSize: 5 })).items[0]!.id;
  const groups = await admin.api.videos.groups.list({ page: 1, pageSize: 5 });
  demo.group = groups.items[0]!.id;
  demo.supportVideo = (await admin.api.videos.groups.get({ id: demo.group })).supportVideos[0]!.id;
  demo.recording = (await admin.api.recordings.list({ patientId: demo.patient, page: 1, pageSize: 5 }))
    .items[0]!.id;
  demo.template = (await admin.api.templates.sessions.list({ page: 1, pageSize: 5 })).items[0]!.id;
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  demo.event = (
    await admin.api.calendar.events.create({
      eventType: "NON_SERVICE",
      title: "Team meeting",
      providerIds: [demo.provider],
      startOn: start,
      endOn: new Date(start.getTime() + 3_600_000),
    })
  ).id;
});
afterAll(() => h.t.drop());

/** Every list and get procedure that takes an id, called by Northside's admin with the demo's ids. */
const foreignCalls: [string, (api: Client["api"]) => Promise<unknown>][] = [
  ["users.get", (api) => api.users.get({ userId: demo.provider })],
  ["users.providerWorkload", (api) => api.users.providerWorkload({ userId: demo.provider })],
  ["patients.get", (api) => api.patients.get({ patientId: demo.patient })],
  ["plans.list", (api) => api.plans.list({ patientId: demo.patient, page: 1, pageSize: 5 })],
  ["plans.get", (api) => api.plans.get({ planId: demo.plan })],
  ["records.treatmentPlans", (api) => api.records.treatmentPlans({ patientId: demo.patient })],
  ["records.assessments", (api) => api.records.assessments({ patientId: demo.patient })],
  ["records.medicalHistory.list", (api) => api.records.medicalHistory.list({ patientId: demo.patient })],
  ["records.caseNotes.list", (api) => api.records.caseNotes.list({ patientId: demo.patient })],
  ["records.documents.list", (api) => api.records.documents.list({ patientId: demo.patient })],
  ["records.healthPlans.list", (api) => api.records.healthPlans.list({ patientId: demo.patient })],
  ["recordings.list", (api) => api.recordings.list({ patientId: demo.patient, page: 1, pageSize: 5 })],
  ["recordings.get", (api) => api.recordings.get({ id: demo.recording })],
  ["videos.groups.get", (api) => api.videos.groups.get({ id: demo.group })],
  ["videos.supportVideos.list", (api) => api.videos.supportVideos.list({ groupId: demo.group })],
  ["templates.sessions.get", (api) => api.templates.sessions.get({ id: demo.template })],
  ["calendar.events.get", (api) => api.calendar.events.get({ eventId: demo.event })],
  ["calendar.availability.get", (api) => api.calendar.availability.get({ providerId: demo.provider })],
  ["billing.feeAdjustments.list", (api) => api.billing.feeAdjustments.list({ patientId: demo.patient })],
  ["billing.rtm.status", (api) => api.billing.rtm.status({ patientId: demo.patient })],
];

describe("organisation isolation (spec §6, FIZ415)", () => {
  it.each(foreignCalls)("%s refuses another organisation's id", async (_name, call) => {
    expect((await failure(call(northsideAdmin.api))).fiz).toBe("FIZ415");
  });

  it("lists none of another organisation's records", async () => {
    const users = await northsideAdmin.api.users.list({ page: 1, pageSize: 100 });
    expect(users.items.map((u) => u.email).filter((e) => e.endsWith("@fizio.test"))).toEqual([
      // The default provider works in every organisation.
      "provider@fizio.test",
    ]);
    const groups = await northsideAdmin.api.videos.groups.list({ page: 1, pageSize: 100 });
    expect(groups.items.map((g) => g.id)).not.toContain(demo.group);
    const templates = await northsideAdmin.api.templates.sessions.list({ page: 1, pageSize: 100 });
    expect(templates.items.map((t) => t.id)).not.toContain(demo.template);
    const patients = await northsideAdmin.api.patients.list({ page: 1, pageSize: 100 });
    expect(patients.items.map((p) => p.id)).not.toContain(demo.patient);
  });
});

describe("staff in several organisations (spec §3 organizationAssignment)", () => {
  it("refuses assignments an admin may not make (FIZ414) and keeps the default provider everywhere (FIZ026)", async () => {
    const maya = await admin.api.users.get({ userId: demo.provider });
    expect(maya.organizationIds).toEqual([demoId]);
    const fields = {
      userId: maya.id,
      firstName: maya.firstName,
      lastName: maya.lastName,
      location: maya.location ?? "Main clinic",
      credential: maya.credential ?? undefined,
      specialty: maya.specialty ?? undefined,
    };
    // The demo admin is not in Northside.
    expect(
      await failure(admin.api.users.update({ ...fields, organizationIds: [demoId, northsideId] })),
    ).toEqual({
      fiz: "FIZ414",
      code: "FORBIDDEN",
    });
    const patient = await admin.api.users.get({ userId: demo.patient });
    expect(
      (
        await failure(
          admin.api.users.update({
            userId: patient.id,
            firstName: patient.firstName,
            lastName: patient.lastName,
            providerId: patient.providerId ?? undefined,
            organizationIds: [demoId, northsideId],
          }),
        )
      ).fiz,
    ).toBe("FIZ414");
    // Once the admin is in both, the default provider cannot be taken out of one.
    await setUserOrganizations(h.t.db, await user("admin@fizio.test"), [demoId, northsideId]);
    const sam = await admin.api.users.get({ userId: await id("provider@fizio.test") });
    expect(sam.organizationIds.sort()).toEqual([demoId, northsideId].sort());
    expect(
      (
        await failure(
          admin.api.users.update({
            userId: sam.id,
            firstName: sam.firstName,
            lastName: sam.lastName,
            location: sam.location ?? "Main clinic",
            organizationIds: [demoId],
          }),
        )
      ).fiz,
    ).toBe("FIZ026");
    expect((await listUserOrganizations(h.t.db, sam.id)).map((o) => o.id).sort()).toEqual(
      [demoId, northsideId].sort(),
    );
  });

  it("lets a provider in both organisations see each one's data only while it is active", async () => {
    const updated = await admin.api.users.update({
      userId: demo.provider,
      firstName: "Maya",
      lastName: "Chen",
      location: "Main clinic",
      credential: "PT",
      specialty: "Sports",
      organizationIds: [demoId, northsideId],
    });
    expect(updated.organizationIds.sort()).toEqual([demoId, northsideId].sort());
    // Northside's admin now sees Maya among their providers and can give her a Northside patient.
    const olivia = await northsideAdmin.api.users.get({ userId: await id("patient@northside.test") });
    await northsideAdmin.api.users.update({
      userId: olivia.id,
      firstName: olivia.firstName,
      lastName: olivia.lastName,
      providerId: demo.provider,
    });
    const northsideGroup = await northsideAdmin.api.videos.groups.create({
      name: "Northside squat",
      type: "ACTIVITY",
      orientation: "PORTRAIT",
      direction: "FRONT",
      side: "BOTH",
      joints: [{ joint: "KNEE", tolerance: 10 }],
    });

    const maya = await h.signIn("provider2@fizio.test");
    const orgs = await maya.api.auth.organizations();
    expect(orgs.activeId).toBe(demoId);
    expect(orgs.items.map((o) => o.name)).toEqual(["Fizio Demo Clinic", OTHER_ORGANIZATION]);
    const roster = async () =>
      (await maya.api.patients.list({ page: 1, pageSize: 20 })).items.map((p) => p.email);
    expect(await roster()).toEqual(["marcus.brown@fizio.test"]);
    expect((await failure(maya.api.patients.get({ patientId: olivia.id }))).fiz).toBe("FIZ415");
    expect((await failure(maya.api.videos.groups.get({ id: northsideGroup.id }))).fiz).toBe("FIZ415");

    await maya.api.auth.switchOrganization({ organizationId: northsideId });
    expect((await maya.api.auth.me()).user?.organizationId).toBe(northsideId);
    expect(await roster()).toEqual(["patient@northside.test"]);
    expect((await maya.api.videos.groups.get({ id: northsideGroup.id })).name).toBe("Northside squat");
    expect((await failure(maya.api.videos.groups.get({ id: demo.group }))).fiz).toBe("FIZ415");
    expect(
      (await failure(maya.api.patients.get({ patientId: await id("marcus.brown@fizio.test") }))).fiz,
    ).toBe("FIZ415");
    // Her Northside patient writes to her, and she answers from Northside.
    const oliviaSession = await h.signIn("patient@northside.test");
    const sent = await oliviaSession.api.messages.send({
      recipientIds: [demo.provider],
      subject: "My knee",
      body: "It is better today.",
      attachmentIds: [],
    });
    await maya.api.messages.reply({
      conversationId: sent.conversationId,
      body: "Good to hear.",
      attachmentIds: [],
    });
    // Another session of hers still works in her home organisation.
    const elsewhere = await h.signIn("provider2@fizio.test");
    expect((await elsewhere.api.auth.organizations()).activeId).toBe(demoId);
  });

  it("refuses switching to an organisation one is not assigned to (FIZ414)", async () => {
    const nora = await h.signIn("provider@northside.test");
    expect(await failure(nora.api.auth.switchOrganization({ organizationId: demoId }))).toEqual({
      fiz: "FIZ414",
      code: "FORBIDDEN",
    });
    expect((await nora.api.auth.organizations()).activeId).toBe(northsideId);
  });

  it("assigns the default provider to a new organisation", async () => {
    const eastside = await insertOrganization(h.t.db, "Eastside Physio");
    const sam = await id("provider@fizio.test");
    expect((await listUserOrganizations(h.t.db, sam)).map((o) => o.id)).toContain(eastside.id);
    expect((await listUserOrganizations(h.t.db, demo.provider)).map((o) => o.id)).not.toContain(eastside.id);
  });
});

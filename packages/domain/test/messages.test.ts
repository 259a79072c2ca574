import { describe, expect, it } from "vitest";
import {
  type MessagingParty,
  messageDeletionRefusal,
  messagingRefusal,
  type Role,
  sendMessageInput,
  startAttachmentInput,
} from "../src";

const org = "org-1";
const provider: MessagingParty = { id: "prov", role: "ROLE_PROVIDER", organizationId: org };
const colleague: MessagingParty = { id: "prov-2", role: "ROLE_PROVIDER", organizationId: org };
const patient: MessagingParty = { id: "pat", role: "ROLE_PATIENT", organizationId: org, providerId: "prov" };
const otherPatient: MessagingParty = {
  id: "pat-2",
  role: "ROLE_PATIENT",
  organizationId: org,
  providerId: "prov-2",
};
const admin: MessagingParty = { id: "adm", role: "ROLE_ADMIN", organizationId: org };
const superAdmin: MessagingParty = { id: "sup", role: "ROLE_SUPER_ADMIN", organizationId: org };

describe("who may message whom (spec §6)", () => {
  // Rows: sender; columns: recipient. Each cell the FIZ code, or null when allowed.
  const people = { provider, colleague, patient, otherPatient, admin, superAdmin };
  const table: Record<keyof typeof people, Record<keyof typeof people, string | null>> = {
    provider: {
      provider: "FIZ413",
      colleague: null,
      patient: null,
      otherPatient: "FIZ109",
      admin: "FIZ238",
      superAdmin: "FIZ238",
    },
    colleague: {
      provider: null,
      colleague: "FIZ413",
      patient: "FIZ109",
      otherPatient: null,
      admin: "FIZ238",
      superAdmin: "FIZ238",
    },
    patient: {
      provider: null,
      colleague: "FIZ413",
      patient: "FIZ413",
      otherPatient: "FIZ237",
      admin: "FIZ238",
      superAdmin: "FIZ238",
    },
    otherPatient: {
      provider: "FIZ413",
      colleague: null,
      patient: "FIZ237",
      otherPatient: "FIZ413",
      admin: "FIZ238",
      superAdmin: "FIZ238",
    },
    admin: {
      provider: null,
      colleague: null,
      patient: null,
      otherPatient: null,
      admin: "FIZ238",
      superAdmin: "FIZ238",
    },
    superAdmin: {
      provider: null,
      colleague: null,
      patient: null,
      otherPatient: null,
      admin: "FIZ238",
      superAdmin: "FIZ238",
    },
  };
  for (const [from, row] of Object.entries(table))
    for (const [to, expected] of Object.entries(row))
      it(`${from} → ${to}: ${expected ?? "allowed"}`, () => {
        expect(messagingRefusal(people[from as keyof typeof people], people[to as keyof typeof people])).toBe(
          expected,
        );
      });

  it("refuses every role across organisations (FIZ415) before any other rule", () => {
    for (const sender of Object.values(people))
      for (const recipient of Object.values(people))
        expect(messagingRefusal(sender, { ...recipient, organizationId: "org-2" })).toBe("FIZ415");
  });

  it("an admin's message cannot be deleted (FIZ239); anyone else's can", () => {
    const roles: Role[] = ["ROLE_SUPER_ADMIN", "ROLE_ADMIN", "ROLE_PROVIDER", "ROLE_PATIENT"];
    expect(roles.map(messageDeletionRefusal)).toEqual(["FIZ239", "FIZ239", null, null]);
  });
});

describe("message input", () => {
  const valid = { recipientIds: [crypto.randomUUID()], subject: "Knee", body: "How is it today?" };

  it("accepts a message and defaults to no attachments", () => {
    expect(sendMessageInput.parse(valid).attachmentIds).toEqual([]);
  });

  it("refuses a 1 MB body (FIZ003), an empty one (FIZ001) and a repeated recipient (FIZ002)", () => {
    const code = (value: unknown) => sendMessageInput.safeParse(value).error?.issues[0]?.message;
    expect(code({ ...valid, body: "x".repeat(1024 * 1024) })).toBe("FIZ003");
    expect(code({ ...valid, body: "   " })).toBe("FIZ001");
    expect(code({ ...valid, recipientIds: [valid.recipientIds[0], valid.recipientIds[0]] })).toBe("FIZ002");
    expect(code({ ...valid, recipientIds: ["not-an-id"] })).toBe("FIZ002");
  });

  it("takes images and PDFs of at most 10 MB, MP4 of at most 50 MB, whose name matches their type", () => {
    const code = (value: object) =>
      startAttachmentInput.safeParse({ name: "x.pdf", contentType: "application/pdf", size: 10, ...value })
        .error?.issues[0];
    expect(code({})).toBeUndefined();
    expect(code({ name: "scan.JPG", contentType: "image/jpeg" })).toBeUndefined();
    expect(code({ name: "run.exe", contentType: "application/pdf" })?.message).toBe("FIZ056");
    expect(code({ name: "x.pdf", contentType: "text/html" })?.message).toBe("FIZ056");
    expect(code({ name: "x.png", contentType: "application/pdf" })?.message).toBe("FIZ056");
    expect(code({ size: 0 })?.message).toBe("FIZ058");
    const tooBig = code({ size: 10 * 1024 * 1024 + 1 });
    expect(tooBig?.message).toBe("FIZ057");
    expect(tooBig && "params" in tooBig ? tooBig.params : undefined).toEqual({ maxMb: 10 });
    // A short video (an engagement program's exercise clip) may be larger: 50 MB.
    expect(code({ name: "squat.mp4", contentType: "video/mp4", size: 40 * 1024 * 1024 })).toBeUndefined();
    const longVideo = code({ name: "squat.mp4", contentType: "video/mp4", size: 51 * 1024 * 1024 });
    expect(longVideo && "params" in longVideo ? longVideo.params : undefined).toEqual({ maxMb: 50 });
  });
});

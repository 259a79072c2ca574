import { findUserByEmail, schema } from "@fizio/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, failure, type Harness } from "./harness";

let h: Harness;
let demoId: string;
let northsideId: string;

beforeAll(async () => {
  h = await createHarness();
  const northsideProvider = (await findUserByEmail(h.t.db, "provider@northside.test"))!;
  northsideId = northsideProvider.organizationId;
  demoId = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.organizationId;
  // Both organisations now have a default provider; only the default organisation's may be chosen.
  await h.t.db
    .update(schema.users)
    .set({ isDefaultProvider: true })
    .where(eq(schema.users.id, northsideProvider.id));
});
afterAll(() => h.t.drop());

async function makeDefault(organizationId: string | null) {
  await h.t.db.transaction(async (tx) => {
    await tx.update(schema.organizations).set({ isDefault: false });
    if (organizationId) {
      await tx
        .update(schema.organizations)
        .set({ isDefault: true })
        .where(eq(schema.organizations.id, organizationId));
    }
  });
}

function form(email: string) {
  return {
    firstName: "Ada",
    lastName: "Reyes",
    email,
    confirmEmail: email,
    password: "Ada#2026xy",
    confirmPassword: "Ada#2026xy",
    dateOfBirth: "1988-02-03",
    preferredLanguage: "ENGLISH" as const,
  };
}

async function placement(email: string) {
  const patient = (await findUserByEmail(h.t.db, email))!;
  const provider = (await findUserByEmail(h.t.db, "provider@fizio.test"))!;
  const other = (await findUserByEmail(h.t.db, "provider@northside.test"))!;
  const providerEmail = { [provider.id]: provider.email, [other.id]: other.email }[patient.providerId ?? ""];
  return { organizationId: patient.organizationId, provider: providerEmail };
}

describe("self-registration joins the default organisation", () => {
  it("places the patient with the default organisation's default provider", async () => {
    await makeDefault(demoId);
    await h.client().api.auth.register(form("ada.one@example.com"));
    expect(await placement("ada.one@example.com")).toEqual({
      organizationId: demoId,
      provider: "provider@fizio.test",
    });
  });

  it("follows the organisation marked default, not whichever default provider comes first", async () => {
    await makeDefault(northsideId);
    await h.client().api.auth.register(form("ada.two@example.com"));
    expect(await placement("ada.two@example.com")).toEqual({
      organizationId: northsideId,
      provider: "provider@northside.test",
    });
  });

  it("refuses with FIZ064 and logs why when no organisation is marked default", async () => {
    await makeDefault(null);
    const warn = vi.spyOn(h.services.log, "warn");
    expect(await failure(h.client().api.auth.register(form("ada.three@example.com")))).toEqual({
      fiz: "FIZ064",
      code: "BAD_REQUEST",
    });
    expect(warn).toHaveBeenCalledWith(
      { organizationId: null },
      "self-registration refused: no organisation is marked default",
    );
    expect(await findUserByEmail(h.t.db, "ada.three@example.com")).toBeUndefined();
  });

  it("refuses with FIZ064 when the default organisation has no enabled default provider", async () => {
    await makeDefault(demoId);
    await h.t.db
      .update(schema.users)
      .set({ disabled: true })
      .where(eq(schema.users.email, "provider@fizio.test"));
    expect((await failure(h.client().api.auth.register(form("ada.four@example.com")))).fiz).toBe("FIZ064");
    expect(await findUserByEmail(h.t.db, "ada.four@example.com")).toBeUndefined();
  });
});

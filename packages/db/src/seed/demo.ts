import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { newCalendarId } from "../queries/calendar";
import { assignToAllOrganizations } from "../queries/organization-members";
import { findOrganizationByName, insertOrganization } from "../queries/organizations";
import type { NewUser } from "../queries/users";
import { insertUser } from "../queries/users";
import {
  accounts,
  availabilitySlots,
  parameterValues,
  prices,
  providerCalendars,
  termsAcceptances,
} from "../schema";

import { seedDemoAppointments } from "./appointments";
import { seedDemoCare } from "./care";
import { seedDemoConversations } from "./conversations";
import { seedSampleRecordings } from "./recordings";
import { seedTreatmentContent } from "./treatment";

/** The demo clinic's prices per CPT code: [code, description, cents per visit or per 15-minute unit]. */
const DEMO_CODE_PRICES: [string, string, number][] = [
  ["97162", "Evaluation, moderate complexity", 14000],
  ["97164", "Re-evaluation", 9500],
  ["97112", "Neuromuscular re-education", 4200],
  ["97140", "Manual therapy", 4000],
  ["97530", "Therapeutic activities", 4400],
];

/** The super admin's price catalogue, which each new organisation starts with (cents). */
const PRICE_CATALOGUE: [string, number][] = [
  ["Sliding scale", 4500],
  ["Senior discount", 6500],
  ["Package of 10 visits", 7000],
];

export const DEMO_PASSWORD = "Fizio#2026";
export const DEMO_ORGANIZATION = "Fizio Demo Clinic";
export const OTHER_ORGANIZATION = "Northside Rehab";
const TERMS_VERSION = "2026-01";

export const DEMO_LOGINS = [
  { role: "ROLE_SUPER_ADMIN", email: "superadmin@fizio.test" },
  { role: "ROLE_ADMIN", email: "admin@fizio.test" },
  { role: "ROLE_PROVIDER", email: "provider@fizio.test" },
  { role: "ROLE_PATIENT", email: "patient@fizio.test" },
  { role: "ROLE_PATIENT", email: "paciente@fizio.test", note: "Spanish" },
] as const;

type SeedUser = Omit<NewUser, "organizationId" | "name"> & { org?: "other"; provider?: string };

const people: SeedUser[] = [
  { email: "superadmin@fizio.test", role: "ROLE_SUPER_ADMIN", firstName: "Sofia", lastName: "Admin" },
  {
    email: "admin@fizio.test",
    role: "ROLE_ADMIN",
    firstName: "Adam",
    lastName: "Reyes",
    phone: "5550100100",
  },
  {
    email: "provider@fizio.test",
    role: "ROLE_PROVIDER",
    firstName: "Sam",
    lastName: "Rivera",
    credential: "DPT",
    specialty: "Orthopedics",
    npi: "1234567893",
    location: "Main clinic",
    phone: "5550100200",
    isDefaultProvider: true,
  },
  {
    email: "provider2@fizio.test",
    role: "ROLE_PROVIDER",
    firstName: "Maya",
    lastName: "Chen",
    credential: "PT",
    specialty: "Sports",
    location: "Main clinic",
  },
  {
    email: "patient@fizio.test",
    role: "ROLE_PATIENT",
    firstName: "Alex",
    lastName: "Morgan",
    phone: "5550142233",
    dateOfBirth: "1984-05-12",
    gender: "MALE",
    provider: "provider@fizio.test",
    careStage: "TREATMENT",
    paymentType: "INSURANCE",
  },
  {
    email: "paciente@fizio.test",
    role: "ROLE_PATIENT",
    firstName: "Lucía",
    lastName: "Fernández",
    dateOfBirth: "1979-11-03",
    gender: "FEMALE",
    preferredLanguage: "SPANISH",
    provider: "provider@fizio.test",
    careStage: "ASSESSMENT",
    paymentType: "CASH",
  },
  {
    email: "jordan.lee@fizio.test",
    role: "ROLE_PATIENT",
    firstName: "Jordan",
    lastName: "Lee",
    dateOfBirth: "1992-02-20",
    provider: "provider@fizio.test",
    careStage: "NEW",
  },
  {
    email: "priya.shah@fizio.test",
    role: "ROLE_PATIENT",
    firstName: "Priya",
    lastName: "Shah",
    dateOfBirth: "1967-07-30",
    provider: "provider@fizio.test",
    careStage: "TREATMENT",
  },
  {
    email: "marcus.brown@fizio.test",
    role: "ROLE_PATIENT",
    firstName: "Marcus",
    lastName: "Brown",
    dateOfBirth: "1958-01-14",
    provider: "provider2@fizio.test",
    careStage: "COMPLETED",
  },
  {
    email: "provider@northside.test",
    role: "ROLE_PROVIDER",
    firstName: "Nora",
    lastName: "Okafor",
    org: "other",
    location: "Northside",
  },
  {
    email: "patient@northside.test",
    role: "ROLE_PATIENT",
    firstName: "Olivia",
    lastName: "Novak",
    dateOfBirth: "1990-09-09",
    org: "other",
    provider: "provider@northside.test",
  },
];

/**
 * One organisation with a user per role and a few patients on a provider's roster, plus a second
 * organisation so isolation can be seen. Idempotent: does nothing when the demo organisation exists.
 */
export async function seedDemo(
  db: Db,
  hashPassword: (password: string) => Promise<string>,
  options: { now?: Date } = {},
): Promise<boolean> {
  // Every date of the demo is relative to this instant, so a seed run with the same one writes the same data.
  const now = options.now ?? new Date();
  if (await findOrganizationByName(db, DEMO_ORGANIZATION)) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const demo = await insertOrganization(tx, DEMO_ORGANIZATION, { isDefault: true });
    const other = await insertOrganization(tx, OTHER_ORGANIZATION);
    const ids = new Map<string, string>();
    for (const { org, provider, ...person } of people) {
      const user = await insertUser(tx, {
        ...person,
        organizationId: org === "other" ? other.id : demo.id,
        name: `${person.firstName} ${person.lastName}`,
        emailVerified: true,
        providerId: provider ? ids.get(provider) : undefined,
      });
      ids.set(user.email, user.id);
      if (user.isDefaultProvider) await assignToAllOrganizations(tx, user.id);
      await tx
        .insert(accounts)
        .values({ userId: user.id, accountId: user.id, providerId: "credential", password: hash });
      if (user.role === "ROLE_PATIENT")
        await tx.insert(termsAcceptances).values({ userId: user.id, version: TERMS_VERSION });
    }
    await seedTreatmentContent(tx, {
      organizationId: demo.id,
      providerId: ids.get("provider@fizio.test")!,
      patientId: ids.get("patient@fizio.test")!,
      spanishPatientId: ids.get("paciente@fizio.test")!,
      now,
    });
    await seedSampleRecordings(tx, demo.id, ids, now);
    await seedDemoAppointments(
      tx,
      {
        organizationId: demo.id,
        sam: ids.get("provider@fizio.test")!,
        maya: ids.get("provider2@fizio.test")!,
        alex: ids.get("patient@fizio.test")!,
        lucia: ids.get("paciente@fizio.test")!,
        marcus: ids.get("marcus.brown@fizio.test")!,
      },
      now,
    );
    await seedDemoConversations(
      tx,
      {
        organizationId: demo.id,
        sam: ids.get("provider@fizio.test")!,
        priya: ids.get("priya.shah@fizio.test")!,
        lucia: ids.get("paciente@fizio.test")!,
      },
      now,
    );
    // A visit at the Standard price, and a reduced one for cash patients' fee adjustments.
    await tx.update(prices).set({ amountCents: 8500 }).where(eq(prices.organizationId, demo.id));
    await tx
      .insert(prices)
      .values({ organizationId: demo.id, description: "Sliding scale", amountCents: 4500 });
    await tx
      .insert(parameterValues)
      .values(
        PRICE_CATALOGUE.map(([value, amountCents]) => ({ kind: "PRICES" as const, value, amountCents })),
      );
    // Prices per service code (per visit or per 15-minute unit); other codes bill the Standard price per unit.
    await tx.insert(prices).values(
      DEMO_CODE_PRICES.map(([serviceCode, description, amountCents]) => ({
        organizationId: demo.id,
        serviceCode,
        description,
        amountCents,
      })),
    );
    await seedDemoCare(
      tx,
      {
        organizationId: demo.id,
        sam: ids.get("provider@fizio.test")!,
        alex: ids.get("patient@fizio.test")!,
        lucia: ids.get("paciente@fizio.test")!,
        priya: ids.get("priya.shah@fizio.test")!,
        marcus: ids.get("marcus.brown@fizio.test")!,
      },
      now,
    );
    // The demo provider takes public bookings on weekdays, 9 to 5 Eastern.
    const providerId = ids.get("provider@fizio.test")!;
    await tx
      .insert(providerCalendars)
      .values({ providerId, organizationId: demo.id, calendarId: newCalendarId(), externalEnabled: true });
    await tx
      .insert(availabilitySlots)
      .values(
        [1, 2, 3, 4, 5].map((dayOfWeek) => ({ providerId, dayOfWeek, startMinute: 540, endMinute: 1020 })),
      );
  });
  return true;
}

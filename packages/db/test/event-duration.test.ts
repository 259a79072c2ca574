import { EVENT_MAX_DURATION_MINUTES } from "@fizio/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEventsInRange, pageEvents, seedScale } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

const MINUTE = 60_000;
let t: TestDatabase;
const ids = { organizationId: "", providerId: "", otherProviderId: "", patientId: "" };
// Far past the seeded calendar, so the range holds only this test's events.
const from = new Date("2031-03-04T12:00:00Z");
const to = new Date(from.getTime() + 7 * 24 * 60 * MINUTE);

/** An event of a provider's with the patient, in both tables as the API writes it. */
async function insertEvent(startOn: Date, endOn: Date, providerId = ids.providerId): Promise<string> {
  const { rows } = await t.db.execute<{ id: string }>(sql`
    insert into events (organization_id, event_type, start_on, end_on, service_code, service_name, patient_id)
    values (${ids.organizationId}, 'SERVICE', ${startOn.toISOString()}, ${endOn.toISOString()}, '97110',
            'Therapeutic exercise', ${ids.patientId})
    returning id`);
  const id = rows[0]!.id;
  await t.db.execute(sql`
    insert into event_providers (event_id, provider_id, start_on, end_on)
    values (${id}, ${providerId}, ${startOn.toISOString()}, ${endOn.toISOString()})`);
  return id;
}

const constraintOf = (error: unknown) => (error as { cause?: { constraint?: string } }).cause?.constraint;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedScale(t.db, {
    organizations: 1,
    providers: 2,
    patients: 4,
    recordings: 4,
    events: 4,
    messages: 4,
  });
  const { rows } = await t.db.execute<{
    organization_id: string;
    provider_id: string;
    id: string;
    other: string;
  }>(
    sql`select organization_id, provider_id, id,
               (select o.id from users o where o.role = 'ROLE_PROVIDER' and o.id <> p.provider_id limit 1) as other
        from users p where email = 'patient-1@scale.test'`,
  );
  Object.assign(ids, {
    organizationId: rows[0]!.organization_id,
    providerId: rows[0]!.provider_id,
    otherProviderId: rows[0]!.other,
    patientId: rows[0]!.id,
  });
});
afterAll(() => t.drop());

describe("an event's longest duration, which calendar ranges rely on", () => {
  it("is held by both tables: 12 hours are stored, a minute more is refused", async () => {
    const start = new Date(from.getTime() + 30 * 24 * 60 * MINUTE);
    const longest = new Date(start.getTime() + EVENT_MAX_DURATION_MINUTES * MINUTE);
    await expect(insertEvent(start, longest)).resolves.toBeTruthy();

    const later = new Date(start.getTime() + 2 * EVENT_MAX_DURATION_MINUTES * MINUTE);
    const tooLong = new Date(later.getTime() + (EVENT_MAX_DURATION_MINUTES + 1) * MINUTE);
    const refused = await insertEvent(later, tooLong).catch((error: unknown) => error);
    expect(constraintOf(refused)).toBe("events_max_duration");

    const { rows } = await t.db.execute<{ id: string }>(sql`
      select id from events where organization_id = ${ids.organizationId} and start_on = ${start.toISOString()}`);
    const stretched = t.db.execute(sql`
      update event_providers set end_on = end_on + interval '1 minute' where event_id = ${rows[0]!.id}`);
    expect(constraintOf(await stretched.catch((error: unknown) => error))).toBe(
      "event_providers_max_duration",
    );
  });

  it("every range read finds an event of 12 hours that ends a minute into the range, and not one that ended at its start", async () => {
    const longest = await insertEvent(
      new Date(from.getTime() - (EVENT_MAX_DURATION_MINUTES - 1) * MINUTE),
      new Date(from.getTime() + MINUTE),
    );
    // Another provider's: the first provider's time is taken (no double booking).
    await insertEvent(
      new Date(from.getTime() - EVENT_MAX_DURATION_MINUTES * MINUTE),
      from,
      ids.otherProviderId,
    );
    const base = { organizationId: ids.organizationId, from, to };
    for (const q of [
      base,
      { ...base, providerIds: [ids.providerId, ids.otherProviderId] },
      { ...base, patientId: ids.patientId },
      { ...base, statuses: ["SCHEDULED"] as const },
    ]) {
      expect(
        (await listEventsInRange(t.db, q)).map((e) => e.id),
        JSON.stringify(q),
      ).toEqual([longest]);
      const page = await pageEvents(t.db, { ...q, page: 1, pageSize: 20 });
      expect(
        page.items.map((e) => e.id),
        JSON.stringify(q),
      ).toEqual([longest]);
      expect(page.total).toBe(1);
    }
  });
});

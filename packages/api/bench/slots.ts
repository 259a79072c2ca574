/**
 * pnpm bench:slots — free slots of a 31-day month for one provider with 500 events and a full week of
 * availability: the pure slot generator, and the public API call against real Postgres (query + generator).
 */
import { findUserByEmail, schema } from "@fizio/db";
import { startTestPostgres } from "@fizio/db/testing";
import { type AvailabilitySlot, addDays, freeSlots, wallClock } from "@fizio/domain";
import { createHarness } from "../test/harness";

const HOUR = 3_600_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const week: AvailabilitySlot[] = [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
  { dayOfWeek: d, start: "07:00", end: "12:00" },
  { dayOfWeek: d, start: "13:00", end: "20:00" },
]);

/** 500 events of 30-90 minutes, one every two hours over the next 42 days. */
function events(now: number) {
  const base = Math.ceil(now / HOUR) * HOUR;
  return Array.from({ length: 500 }, (_, i) => {
    const startOn = new Date(base + i * 2 * HOUR + (i % 2) * HOUR * 0.5);
    return { startOn, endOn: new Date(startOn.getTime() + (30 + (i % 3) * 30) * 60_000) };
  });
}

async function main() {
  const now = Date.now();
  const busy = events(now);
  const today = wallClock(new Date(now), "Pacific/Honolulu").date;
  const month = { from: today, to: addDays(today, 30) };
  const pure: number[] = [];
  let count = 0;
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    count = freeSlots({
      availability: week,
      providerTimeZone: "America/New_York",
      busy,
      ...month,
      viewerTimeZone: "Pacific/Honolulu",
      durationMinutes: 30,
      notBefore: new Date(now + HOUR),
    }).length;
    pure.push(performance.now() - t0);
  }

  const stop = await startTestPostgres();
  const h = await createHarness();
  try {
    const provider = await h.signIn("provider@fizio.test");
    const user = (await findUserByEmail(h.t.db, "provider@fizio.test"))!;
    await provider.api.calendar.availability.save({
      enabled: true,
      timeZone: "America/New_York",
      slots: week,
    });
    const { calendarId } = await provider.api.calendar.availability.get({});
    for (const e of busy) {
      const [row] = await h.t.db
        .insert(schema.events)
        .values({ organizationId: user.organizationId, eventType: "NON_SERVICE", ...e })
        .returning();
      await h.t.db.insert(schema.eventProviders).values({ eventId: row!.id, providerId: user.id, ...e });
    }
    const visitor = h.client();
    const api: number[] = [];
    let apiCount = 0;
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      apiCount = (
        await visitor.api.calendar.public.slots({ calendarId, timeZone: "Pacific/Honolulu", ...month })
      ).slots.length;
      if (i >= 10) api.push(performance.now() - t0);
    }
    console.log(
      `free slots, 31 days, 500 events, 84 h/week of availability (${count} free slots; API ${apiCount})`,
    );
    console.log(
      `  slot generator (packages/domain): median ${median(pure).toFixed(2)} ms over ${pure.length} runs`,
    );
    console.log(
      `  calendar.public.slots on Postgres: median ${median(api).toFixed(2)} ms over ${api.length} calls`,
    );
    console.log(
      `  budget 20 ms: generator ${(median(pure) / 20).toFixed(2)}x, API ${(median(api) / 20).toFixed(2)}x`,
    );
  } finally {
    await h.t.drop();
    await stop();
  }
}

await main();

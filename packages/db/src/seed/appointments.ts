import { eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { insertEvent } from "../queries/calendar";
import { ensureVideoRoom } from "../queries/visits";
import { events } from "../schema";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SERVICE = { serviceCode: "97110", serviceName: "Therapeutic exercise" };

/** `now` moved by whole days, on the half hour `hourUtc` of that UTC day (a clinic hour in the Americas). */
const dayAt = (now: Date, days: number, hourUtc: number) => {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(Math.floor(hourUtc), (hourUtc % 1) * 60, 0, 0);
  return d;
};

/**
 * The demo calendar, relative to `now`: Alex's weekly visits with Sam over the past two months (completed) and
 * one ahead, and Lucía's video visit with Maya starting within the hour (with its room, so its invitation links
 * work) and her next one with Sam. Today's video visit is Maya's so that tests creating visits for Sam around now
 * never meet it, and Lucía's so that Alex's home keeps leading with his plan's session; Sam's upcoming visits sit at noon UTC and after, clear of the early hours those tests use.
 */
export async function seedDemoAppointments(
  db: DbOrTx,
  ids: { organizationId: string; sam: string; maya: string; alex: string; lucia: string; marcus: string },
  now: Date,
): Promise<void> {
  const visit = async (
    providerId: string,
    patientId: string,
    startOn: Date,
    minutes: number,
    options: { status?: "COMPLETED" | "NO_SHOW"; video?: boolean; notes?: string } = {},
  ) => {
    const event = await insertEvent(
      db,
      {
        organizationId: ids.organizationId,
        eventType: "SERVICE",
        ...SERVICE,
        patientId,
        startOn,
        endOn: new Date(startOn.getTime() + minutes * MINUTE),
        video: options.video ?? false,
        notes: options.notes ?? null,
        createdBy: providerId,
      },
      [providerId],
    );
    if (options.status)
      await db.update(events).set({ status: options.status }).where(eq(events.id, event.id));
    if (options.video) await ensureVideoRoom(db, event.id);
    return event;
  };
  for (const weeksAgo of [8, 7, 6, 5, 4, 3, 2, 1])
    await visit(ids.sam, ids.alex, dayAt(now, -7 * weeksAgo, 15), 45, {
      status: weeksAgo === 6 ? "NO_SHOW" : "COMPLETED",
      video: weeksAgo % 2 === 0,
      notes:
        weeksAgo === 8 ? "First visit: knee pain after a fall, walking limited to 10 minutes." : undefined,
    });
  await visit(ids.maya, ids.marcus, dayAt(now, -30, 16), 60, { status: "COMPLETED" });
  // Within the hour, on the half hour: the demo patient can join it from home and the calendar today.
  const soon = new Date(Math.ceil((now.getTime() + 30 * MINUTE) / (30 * MINUTE)) * 30 * MINUTE);
  await visit(ids.maya, ids.lucia, soon, 30, {
    video: true,
    notes: "Primera consulta: revisar la evaluación inicial.",
  });
  await visit(ids.sam, ids.alex, dayAt(now, 12, 12.5), 45);
  await visit(ids.sam, ids.lucia, dayAt(now, 4, 12), 60, { video: true });
}

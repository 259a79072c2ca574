import { findEventById, schema } from "@fizio/db";
import type { TaskPayload } from "@fizio/jobs";
import { and, eq, isNull } from "drizzle-orm";
import type { ApiServices } from "../context";
import { notifyEvent } from "./notify";

/**
 * Sends an event's reminder once: only for a still-scheduled event at the start it was queued for, and
 * claimed in the same transaction that writes the emails, so a retry after a crash sends nothing twice.
 */
export async function sendEventReminder(services: ApiServices, payload: TaskPayload<"send_event_reminder">) {
  await services.db.transaction(async (tx) => {
    const event = await findEventById(tx, payload.eventId, { lock: true });
    if (event?.status !== "SCHEDULED" || event.startOn.toISOString() !== payload.startOn) return;
    const [claimed] = await tx
      .update(schema.events)
      .set({ reminderSentAt: new Date() })
      .where(and(eq(schema.events.id, event.id), isNull(schema.events.reminderSentAt)))
      .returning({ id: schema.events.id });
    if (!claimed) return;
    await notifyEvent(services, "reminder", event, { tx });
  });
}

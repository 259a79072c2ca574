import { type DbOrTx, type EventRow, insertBillingEntry, writeAudit } from "@fizio/db";
import { todayIn } from "@fizio/domain";
import type { Context } from "../context";
import { clinicZone } from "./clinic";
import { billedFields } from "./compute";
import { billableService } from "./service-codes";

/**
 * Spec §1, §3: a completed service event bills its service, in the transaction that completes it; a retried
 * completion finds the entry there (one per event). Events without a patient or service bill nothing.
 */
export async function billCompletedEvent(
  ctx: Pick<Context, "db" | "user" | "requestId" | "uiLocation" | "config">,
  tx: DbOrTx,
  event: Pick<
    EventRow,
    "id" | "organizationId" | "eventType" | "patientId" | "serviceCode" | "serviceName" | "startOn"
  >,
  minutes: number,
): Promise<void> {
  if (event.eventType === "NON_SERVICE" || !event.patientId || !event.serviceCode) return;
  const service = await billableService(tx, event.serviceCode);
  const fields = await billedFields(tx, event.organizationId, {
    patientId: event.patientId,
    service,
    serviceCode: event.serviceCode,
    serviceName: event.serviceName ?? service?.name ?? event.serviceCode,
    serviceDate: todayIn(await clinicZone(ctx, event.organizationId, tx), event.startOn),
    minutes,
  });
  const entry = await insertBillingEntry(tx, {
    ...fields,
    organizationId: event.organizationId,
    patientId: event.patientId,
    source: "EVENT",
    eventId: event.id,
    providerId: ctx.user?.role === "ROLE_PROVIDER" ? ctx.user.id : null,
  });
  if (!entry) return;
  // Filed under the event's organisation: a video visit is finished by its provider's link, maybe signed out.
  await writeAudit(tx, {
    organizationId: event.organizationId,
    actorId: ctx.user?.id,
    actorEmail: ctx.user?.email,
    action: "billing.entry.create",
    entity: "patient",
    entityId: event.patientId,
    details: { entryId: entry.id, eventId: event.id, status: entry.status, errorCode: entry.errorCode },
    requestId: ctx.requestId,
    uiLocation: ctx.uiLocation,
  });
}

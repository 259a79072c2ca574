import { type EventWithProviders, findCode, insertEvent, type UserRow, updateEvent } from "@fizio/db";
import {
  AppError,
  assertEventEditable,
  type CreateEventInput,
  createEventInput,
  moveEventInput,
  updateEventInput,
} from "@fizio/domain";
import { loadPatientFor } from "../../../access";
import { audit } from "../../../audit";
import { recordEventMoved } from "../../../calendar/moved";
import { notifyEvent, scheduleReminder } from "../../../calendar/notify";
import { withConflicts } from "../../../conflicts";
import type { Context } from "../../../context";
import { assertEventProviders, loadEventFor, staffProcedure } from "../access";

/** Who the event is for, checked against the caller: their providers (FIZ401) and their patient (roster). */
async function checkParties(ctx: Context & { user: UserRow }, input: CreateEventInput) {
  await assertEventProviders(ctx.user, input.providerIds, ctx.db);
  if (input.patientId) {
    const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
    if (patient.accessStatus === "INACTIVE") throw new AppError("FIZ402", {}, { field: "patientId" });
  }
  const service = input.serviceCode ? await findCode(ctx.db, "SERVICES", input.serviceCode) : undefined;
  if (input.serviceCode && !service) throw new AppError("FIZ119", {}, { field: "serviceCode" });
  return { serviceCode: service?.code ?? null, serviceName: service?.description ?? null };
}

/** The columns the event form sets, on create and on edit alike. */
function formColumns(
  input: CreateEventInput,
  service: { serviceCode: string | null; serviceName: string | null },
) {
  return {
    startOn: input.startOn,
    endOn: input.endOn,
    ...service,
    patientId: input.patientId,
    title: input.title,
    notes: input.notes,
    video: input.video,
  };
}

export const create = staffProcedure.input(createEventInput).mutation(async ({ ctx, input }) => {
  const service = await checkParties(ctx, input);
  const event = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertEvent(
        tx,
        {
          organizationId: ctx.user.organizationId,
          eventType: input.eventType,
          ...formColumns(input, service),
          createdBy: ctx.user.id,
        },
        input.providerIds,
      );
      await audit(
        ctx,
        "calendar.event.create",
        "event",
        created.id,
        { patientId: created.patientId, startOn: created.startOn, providerIds: created.providerIds },
        tx,
      );
      await scheduleReminder(ctx, tx, created);
      await notifyEvent(ctx, "booked", created, { tx });
      return created;
    }),
  );
  return { id: event.id };
});

async function applyChange(
  ctx: Context & { user: UserRow },
  eventId: string,
  change: (
    stored: EventWithProviders,
  ) => Promise<Parameters<typeof updateEvent>[2] & { providerIds?: string[] }>,
) {
  return withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const stored = await loadEventFor(ctx.user, eventId, tx, { lock: true });
      assertEventEditable(stored.status);
      const { providerIds, ...changes } = await change(stored);
      const updated = await updateEvent(tx, stored.id, changes, providerIds);
      await recordEventMoved(ctx, tx, "calendar.event.update", stored, updated);
      return updated;
    }),
  );
}

export const update = staffProcedure.input(updateEventInput).mutation(async ({ ctx, input }) => {
  const service = await checkParties(ctx, input);
  const updated = await applyChange(ctx, input.eventId, async (stored) => {
    // A visitor's booking stays theirs: it is edited as a non-service event and keeps its type.
    if (stored.eventType === "EXTERNAL" && input.eventType !== "NON_SERVICE")
      throw new AppError("FIZ067", {}, { field: "eventType" });
    return {
      eventType: stored.eventType === "EXTERNAL" ? "EXTERNAL" : input.eventType,
      ...formColumns(input, service),
      providerIds: input.providerIds,
    };
  });
  return { id: updated.id };
});

/** Drag and drop in the calendar: only the time changes. */
export const move = staffProcedure.input(moveEventInput).mutation(async ({ ctx, input }) => {
  const updated = await applyChange(ctx, input.eventId, async () => ({
    startOn: input.startOn,
    endOn: input.endOn,
  }));
  return { id: updated.id };
});

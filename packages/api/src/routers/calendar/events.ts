import {
  deleteEvent,
  type EventWithProviders,
  findEventListItem,
  insertEvent,
  listEventsInRange,
  pageEvents,
  setEventStatus,
  type UserRow,
  updateEvent,
} from "@fizio/db";
import {
  AppError,
  assertEventDeletable,
  assertEventEditable,
  assertEventTransition,
  type CreateEventInput,
  calendarRangeInput,
  createEventInput,
  eventIdInput,
  eventRangeSchema,
  listEventsInput,
  moveEventInput,
  serviceByCode,
  setEventStatusInput,
  updateEventInput,
} from "@fizio/domain";
import { loadPatientFor } from "../../access";
import { audit, auditListRead } from "../../audit";
import { cancelReminder, notifyEvent, scheduleReminder } from "../../calendar/notify";
import { withConflicts } from "../../conflicts";
import type { Context } from "../../context";
import {
  assertEventProviders,
  calendarProcedure,
  loadEventFor,
  loadProviderFor,
  staffProcedure,
} from "./access";

/** Which events a caller may list: a patient their own, a provider theirs, an admin the organisation's. */
async function scopeFor(
  ctx: Context & { user: UserRow },
  filter: { providerId?: string; patientId?: string },
) {
  const user = ctx.user;
  if (user.role === "ROLE_PATIENT") return { organizationId: user.organizationId, patientId: user.id };
  const provider =
    filter.providerId || user.role === "ROLE_PROVIDER"
      ? await loadProviderFor(user, filter.providerId, ctx.db)
      : null;
  if (filter.patientId) await loadPatientFor(user, filter.patientId, ctx.db);
  return {
    organizationId: user.organizationId,
    providerIds: provider ? [provider.id] : undefined,
    patientId: filter.patientId,
  };
}

function checkRange(from: Date, to: Date) {
  if (!eventRangeSchema.safeParse({ from, to }).success) throw new AppError("FIZ065", {}, { field: "to" });
}

/** The calendar views: every event of the visible range. */
export const range = calendarProcedure.input(calendarRangeInput).query(async ({ ctx, input }) => {
  checkRange(input.from, input.to);
  const scope = await scopeFor(ctx, input);
  const items = await listEventsInRange(ctx.db, { ...scope, from: input.from, to: input.to });
  await auditListRead(ctx, "calendar.read", scope.patientId, input, items);
  return items.map(toView);
});

/** The list view: pages, status, provider, patient and date filters. */
export const list = calendarProcedure.input(listEventsInput).query(async ({ ctx, input }) => {
  checkRange(input.from, input.to);
  const scope = await scopeFor(ctx, input);
  const page = await pageEvents(ctx.db, {
    ...scope,
    from: input.from,
    to: input.to,
    statuses: input.statuses,
    page: input.page,
    pageSize: input.pageSize,
  });
  await auditListRead(ctx, "calendar.list", scope.patientId, input, page.items);
  return { ...page, items: page.items.map(toView) };
});

export const get = calendarProcedure.input(eventIdInput).query(async ({ ctx, input }) => {
  const event = await loadEventFor(ctx.user, input.eventId, ctx.db);
  await audit(ctx, "calendar.event.read", "event", event.id, { patientId: event.patientId });
  return toView((await findEventListItem(ctx.db, event.id))!);
});

/** What the browser gets: never the cancellation token's hash. */
function toView<T extends { cancelTokenHash: string | null; reminderSentAt: Date | null }>(event: T) {
  const { cancelTokenHash: _hash, reminderSentAt: _sent, ...view } = event;
  return view;
}

/** Who the event is for, checked against the caller: their providers (FIZ401) and their patient (roster). */
async function checkParties(ctx: Context & { user: UserRow }, input: CreateEventInput) {
  await assertEventProviders(ctx.user, input.providerIds, ctx.db);
  if (input.patientId) {
    const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
    if (patient.accessStatus === "INACTIVE") throw new AppError("FIZ402", {}, { field: "patientId" });
  }
  const service = input.serviceCode ? serviceByCode(input.serviceCode) : undefined;
  return { serviceCode: service?.code ?? null, serviceName: service?.name ?? null };
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
          startOn: input.startOn,
          endOn: input.endOn,
          ...service,
          patientId: input.patientId,
          title: input.title,
          notes: input.notes,
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
      await audit(
        ctx,
        "calendar.event.update",
        "event",
        stored.id,
        {
          patientId: updated.patientId,
          from: { startOn: stored.startOn, endOn: stored.endOn },
          to: { startOn: updated.startOn, endOn: updated.endOn },
        },
        tx,
      );
      await scheduleReminder(ctx, tx, updated);
      await notifyEvent(ctx, "changed", updated, { tx });
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
      startOn: input.startOn,
      endOn: input.endOn,
      ...service,
      patientId: input.patientId,
      title: input.title,
      notes: input.notes,
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

/** Start, finish, cancel, no-show (spec §4); a cancelled event frees the time and drops its reminder. */
export const setStatus = staffProcedure.input(setEventStatusInput).mutation(async ({ ctx, input }) => {
  const moved = await ctx.db.transaction(async (tx) => {
    const stored = await loadEventFor(ctx.user, input.eventId, tx, { lock: true });
    assertEventTransition(stored, input.status, new Date());
    const row = await setEventStatus(tx, stored.id, stored.status, input.status);
    if (!row) throw new AppError("FIZ302");
    await audit(
      ctx,
      "calendar.event.status",
      "event",
      stored.id,
      { patientId: stored.patientId, from: stored.status, to: input.status },
      tx,
    );
    if (input.status !== "ONGOING") await cancelReminder(ctx, tx, stored.id);
    if (input.status === "CANCELLED") await notifyEvent(ctx, "cancelled", { ...stored, ...row }, { tx });
    return row;
  });
  return { id: moved.id, status: moved.status };
});

export const remove = staffProcedure.input(eventIdInput).mutation(async ({ ctx, input }) => {
  await ctx.db.transaction(async (tx) => {
    const stored = await loadEventFor(ctx.user, input.eventId, tx, { lock: true });
    assertEventDeletable(stored.status);
    await deleteEvent(tx, stored.id);
    await cancelReminder(ctx, tx, stored.id);
    await audit(
      ctx,
      "calendar.event.delete",
      "event",
      stored.id,
      { patientId: stored.patientId, startOn: stored.startOn, status: stored.status },
      tx,
    );
    if (stored.status === "SCHEDULED" && stored.startOn > new Date())
      await notifyEvent(ctx, "cancelled", stored, { tx });
  });
  return { ok: true as const };
});

import {
  bookableProvidersOf,
  type DbOrTx,
  insertEvent,
  setEventStatus,
  type UserRow,
  updateEvent,
} from "@fizio/db";
import {
  AppError,
  assertPatientMayChange,
  EXTERNAL_APPOINTMENT_MINUTES,
  EXTERNAL_BOOKING_HORIZON_DAYS,
  eventIdInput,
  patientBookInput,
  patientRescheduleInput,
  patientSlotsInput,
  providerTitle,
} from "@fizio/domain";
import { assertNoForeignPeople } from "../../access";
import { audit } from "../../audit";
import { recordEventMoved } from "../../calendar/moved";
import { cancelReminder, notifyEvent, scheduleReminder } from "../../calendar/notify";
import { assertBookableSlot, bookableSlots } from "../../calendar/slots";
import { withConflicts } from "../../conflicts";
import type { Context } from "../../context";
import { settingsOf } from "../../settings";
import { roleProcedure } from "../../trpc";
import { loadEventFor } from "./access";

/** Spec §1: patients book, move and cancel video visits with their own provider. */
const patientProcedure = roleProcedure("ROLE_PATIENT");
type PatientContext = Context & { user: UserRow };

/**
 * One of the patient's own providers: someone of another organisation is FIZ415, any other provider (of the
 * organisation, but not theirs) FIZ403.
 */
async function ownProvider(db: DbOrTx, patient: UserRow, providerId: string) {
  await assertNoForeignPeople(db, patient, [providerId]);
  const provider = (await bookableProvidersOf(db, patient)).find((p) => p.id === providerId);
  if (!provider) throw new AppError("FIZ403", {}, { field: "providerId" });
  return provider;
}

const noticeOf = async (ctx: PatientContext) =>
  (await settingsOf(ctx, ctx.user.organizationId)).patientChangeNoticeMinutes;

/** Whom the patient can book with, how long a visit is, and how late they may change one. */
export const providers = patientProcedure.query(async ({ ctx }) => {
  const rows = await bookableProvidersOf(ctx.db, ctx.user);
  return {
    providers: rows.map((p) => ({ id: p.id, name: providerTitle(p), specialty: p.specialty })),
    durationMinutes: EXTERNAL_APPOINTMENT_MINUTES,
    horizonDays: EXTERNAL_BOOKING_HORIZON_DAYS,
    changeNoticeMinutes: await noticeOf(ctx),
  };
});

/** Free starts of the patient's provider between two dates of the patient's zone, as the public page has them. */
export const slots = patientProcedure.input(patientSlotsInput).query(async ({ ctx, input }) => {
  const provider = await ownProvider(ctx.db, ctx.user, input.providerId);
  const free = await bookableSlots(ctx.db, provider, input);
  return { slots: free.map((s) => ({ startOn: s.startOn, date: s.date, time: s.time })) };
});

/**
 * Books a video visit in a free slot (FIZ227 outside the availability or when taken, also by a concurrent
 * booking through the exclusion constraint), with the same emails and invitation as any booking.
 */
export const book = patientProcedure.input(patientBookInput).mutation(async ({ ctx, input }) => {
  const provider = await ownProvider(ctx.db, ctx.user, input.providerId);
  const endOn = await assertBookableSlot(ctx.db, provider, input.startOn, { timeZone: input.timeZone });
  const event = await withConflicts(
    () =>
      ctx.db.transaction(async (tx) => {
        const created = await insertEvent(
          tx,
          {
            organizationId: ctx.user.organizationId,
            eventType: "SERVICE",
            startOn: input.startOn,
            endOn,
            patientId: ctx.user.id,
            video: true,
            createdBy: ctx.user.id,
          },
          [provider.id],
        );
        await audit(
          ctx,
          "calendar.patient.book",
          "event",
          created.id,
          { patientId: ctx.user.id, providerId: provider.id, startOn: created.startOn },
          tx,
        );
        await scheduleReminder(ctx, tx, created);
        await notifyEvent(ctx, "booked", created, { tx });
        return created;
      }),
    { event_providers_no_overlap: "FIZ227" },
  );
  return { id: event.id, startOn: event.startOn, endOn: event.endOn };
});

/** Moves a visit the patient booked to another free slot of the same provider, outside the notice (FIZ268). */
export const reschedule = patientProcedure.input(patientRescheduleInput).mutation(async ({ ctx, input }) => {
  const notice = await noticeOf(ctx);
  const moved = await withConflicts(
    () =>
      ctx.db.transaction(async (tx) => {
        const stored = await loadEventFor(ctx.user, input.eventId, tx, { lock: true });
        assertPatientMayChange(stored, ctx.user.id, new Date(), notice);
        const provider = await ownProvider(tx, ctx.user, stored.providerIds[0] ?? "");
        const endOn = await assertBookableSlot(tx, provider, input.startOn, {
          timeZone: input.timeZone,
          exceptEventId: stored.id,
        });
        const updated = await updateEvent(tx, stored.id, { startOn: input.startOn, endOn });
        await recordEventMoved(ctx, tx, "calendar.patient.reschedule", stored, updated);
        return updated;
      }),
    { event_providers_no_overlap: "FIZ227" },
  );
  return { id: moved.id, startOn: moved.startOn, endOn: moved.endOn };
});

/** Cancels a visit the patient booked, outside the notice (FIZ268); the time is freed and everyone told. */
export const cancel = patientProcedure.input(eventIdInput).mutation(async ({ ctx, input }) => {
  const notice = await noticeOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const stored = await loadEventFor(ctx.user, input.eventId, tx, { lock: true });
    assertPatientMayChange(stored, ctx.user.id, new Date(), notice);
    const row = await setEventStatus(tx, stored.id, stored.status, "CANCELLED");
    if (!row) throw new AppError("FIZ302");
    await audit(
      ctx,
      "calendar.patient.cancel",
      "event",
      stored.id,
      { patientId: ctx.user.id, startOn: stored.startOn },
      tx,
    );
    await cancelReminder(ctx, tx, stored.id);
    await notifyEvent(ctx, "cancelled", { ...stored, ...row }, { tx });
    return { id: row.id, status: row.status };
  });
});

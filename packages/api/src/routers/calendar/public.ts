import { timingSafeEqual } from "node:crypto";
import { type DbOrTx, findCalendarByPublicId, findEventById, insertEvent, setEventStatus } from "@fizio/db";
import {
  AppError,
  bookAppointmentInput,
  calendarIdSchema,
  cancellationInput,
  EXTERNAL_APPOINTMENT_MINUTES,
  EXTERNAL_BOOKING_HORIZON_DAYS,
  providerTitle,
  publicSlotsInput,
  US_TIME_ZONES,
} from "@fizio/domain";
import { z } from "zod";
import { auditEvent } from "../../audit";
import { verifyCaptcha } from "../../auth/captcha";
import { enforceRateLimit } from "../../auth/rate-limit";
import { cancelReminder, notifyEvent, scheduleReminder } from "../../calendar/notify";
import { assertBookableSlot, bookableSlots } from "../../calendar/slots";
import { withConflicts } from "../../conflicts";
import type { Context } from "../../context";
import { hashSecretToken, newSecretToken } from "../../secret-token";
import { clinicContact } from "../../settings";
import { publicProcedure } from "../../trpc";

/**
 * A bookable calendar: the link is known and its provider active (else FIZ272: an unknown link and a disabled or
 * deleted provider's answer alike), and external availability is on (FIZ206).
 */
async function openCalendar(ctx: Context, calendarId: string) {
  const found = await findCalendarByPublicId(ctx.db, calendarId);
  if (!found || found.provider.disabled || found.provider.deletedAt) throw new AppError("FIZ272");
  if (!found.calendar.externalEnabled) throw new AppError("FIZ206");
  return found;
}

const providerOf = (found: Awaited<ReturnType<typeof openCalendar>>) => ({
  id: found.provider.id,
  timeZone: found.calendar.timeZone,
});

/** The public page's header: who the visitor books with, at which clinic (how to reach it), and the zones they may pick. */
export const calendar = publicProcedure
  .input(z.object({ calendarId: calendarIdSchema }))
  .query(async ({ ctx, input }) => {
    const found = await openCalendar(ctx, input.calendarId);
    return {
      providerName: providerTitle(found.provider),
      specialty: found.provider.specialty,
      clinic: await clinicContact(ctx, found.provider.organizationId),
      durationMinutes: EXTERNAL_APPOINTMENT_MINUTES,
      horizonDays: EXTERNAL_BOOKING_HORIZON_DAYS,
      timeZones: US_TIME_ZONES,
    };
  });

/** Free :00/:30 starts between two dates of the visitor's zone: availability minus events minus the past. */
export const slots = publicProcedure.input(publicSlotsInput).query(async ({ ctx, input }) => {
  const found = await openCalendar(ctx, input.calendarId);
  const free = await bookableSlots(ctx.db, providerOf(found), input);
  return { slots: free.map((s) => ({ startOn: s.startOn, date: s.date, time: s.time })) };
});

/**
 * Books a free slot. The slot is re-checked against the availability, and the exclusion constraint decides
 * between concurrent bookings: one wins, the others get FIZ227.
 */
export const book = publicProcedure.input(bookAppointmentInput).mutation(async ({ ctx, input }) => {
  await enforceRateLimit(ctx, "booking", input.email);
  await verifyCaptcha(ctx.config.captcha, input.captchaToken, ctx.ip);
  const found = await openCalendar(ctx, input.calendarId);
  const endOn = await assertBookableSlot(ctx.db, providerOf(found), input.startOn, {
    timeZone: input.timeZone,
  });

  const token = newSecretToken();
  const event = await withConflicts(
    () =>
      ctx.db.transaction(async (tx) => {
        const created = await insertEvent(
          tx,
          {
            organizationId: found.provider.organizationId,
            eventType: "EXTERNAL",
            startOn: input.startOn,
            endOn,
            title: input.name,
            externalName: input.name,
            externalEmail: input.email,
            externalPhone: input.phone,
            externalTimeZone: input.timeZone,
            externalLanguage: input.language,
            cancelTokenHash: hashSecretToken(token),
          },
          [found.provider.id],
        );
        await auditEvent(
          ctx,
          "calendar.public.book",
          created,
          { providerId: found.provider.id, startOn: created.startOn, timeZone: input.timeZone },
          tx,
        );
        await scheduleReminder(ctx, tx, created);
        await notifyEvent(ctx, "booked", created, { tx, cancelToken: token });
        return created;
      }),
    { event_providers_no_overlap: "FIZ227" },
  );
  return {
    appointmentId: event.id,
    startOn: event.startOn,
    endOn: event.endOn,
    providerName: `${found.provider.firstName} ${found.provider.lastName}`,
  };
});

/** A booked appointment by its id and the link's token; anything else reads as an expired link (FIZ201). */
async function appointmentFor(
  db: DbOrTx,
  input: z.infer<typeof cancellationInput>,
  options: { lock?: boolean } = {},
) {
  const event = await findEventById(db, input.appointmentId, options);
  const expected = event?.cancelTokenHash ? Buffer.from(event.cancelTokenHash, "hex") : null;
  const given = Buffer.from(hashSecretToken(input.token), "hex");
  if (!event || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError("FIZ201");
  return event;
}

export const appointment = publicProcedure.input(cancellationInput).query(async ({ ctx, input }) => {
  const event = await appointmentFor(ctx.db, input);
  return {
    startOn: event.startOn,
    endOn: event.endOn,
    status: event.status,
    timeZone: event.externalTimeZone,
    cancellable: event.status === "SCHEDULED" && event.startOn > new Date(),
  };
});

/** Cancels through the emailed link; a past appointment cannot be cancelled (FIZ216). */
export const cancel = publicProcedure.input(cancellationInput).mutation(async ({ ctx, input }) => {
  return ctx.db.transaction(async (tx) => {
    const event = await appointmentFor(tx, input, { lock: true });
    if (event.status === "CANCELLED") return { status: event.status };
    if (event.startOn <= new Date()) throw new AppError("FIZ216");
    if (event.status !== "SCHEDULED")
      throw new AppError("FIZ214", { currentStatus: event.status, targetStatus: "CANCELLED" });
    const row = await setEventStatus(tx, event.id, event.status, "CANCELLED");
    if (!row) throw new AppError("FIZ302");
    await auditEvent(ctx, "calendar.public.cancel", event, { startOn: event.startOn }, tx);
    await cancelReminder(ctx, tx, event.id);
    await notifyEvent(ctx, "cancelled", { ...event, ...row }, { tx });
    return { status: row.status };
  });
});

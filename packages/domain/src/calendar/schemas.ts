import { z } from "zod";
import { instantSchema, isoDateSchema } from "../dates";
import { languageSchema } from "../enums";
import { idSchema, optionalText } from "../treatment/fields";
import { timeZoneSchema } from "../treatment/schedule";
import { emailSchema, phoneSchema } from "../users/fields";
import { pageInput } from "../users/schemas";
import {
  EVENT_MAX_DURATION_MINUTES,
  EVENT_MIN_DURATION_MINUTES,
  EVENT_NOTES_MAX_LENGTH,
  EVENT_SEARCH_MAX_DAYS,
  EVENT_SEARCH_MIN_DAYS,
  EVENT_TITLE_MAX_LENGTH,
  EXTERNAL_NAME_MAX_LENGTH,
} from "./constants";
import { eventStatusSchema, eventTypeSchema, usTimeZoneSchema } from "./enums";

const MINUTE = 60_000;

/** The fields an event form edits; a service event names its patient and service, others neither. */
export const eventFields = z.object({
  eventType: z.enum(["SERVICE", "NON_SERVICE"]),
  providerIds: z
    .array(idSchema)
    .min(1, { error: "FIZ001" })
    .max(10, { error: "FIZ009" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "FIZ008" }),
  patientId: idSchema.nullish().transform((v) => v ?? null),
  serviceCode: z
    .string()
    .max(20, { error: "FIZ003" })
    .nullish()
    .transform((v) => v || null),
  title: optionalText(EVENT_TITLE_MAX_LENGTH),
  notes: optionalText(EVENT_NOTES_MAX_LENGTH),
  /** A video visit: the event gets a room with invitation links. */
  video: z.boolean().default(false),
  startOn: instantSchema,
  endOn: instantSchema,
});
export type EventFields = z.infer<typeof eventFields>;

/**
 * Spec §5: a non-service event has no patient and no service (FIZ067); a service event has both, and a
 * service (a code of the SERVICES list, which the API looks up: FIZ119); an event lasts at least the minimum
 * (FIZ063) and at most the maximum (FIZ009).
 */
export function refineEvent(event: EventFields, ctx: z.RefinementCtx): void {
  if (event.eventType === "NON_SERVICE" && (event.patientId || event.serviceCode))
    ctx.addIssue({
      code: "custom",
      message: "FIZ067",
      path: [event.patientId ? "patientId" : "serviceCode"],
    });
  if (event.eventType === "SERVICE") {
    if (!event.patientId) ctx.addIssue({ code: "custom", message: "FIZ001", path: ["patientId"] });
    if (!event.serviceCode) ctx.addIssue({ code: "custom", message: "FIZ001", path: ["serviceCode"] });
  }
  refineDuration(event, ctx);
}

/** An event lasts at least the minimum (FIZ063) and at most the maximum (FIZ009), however its times are set. */
function refineDuration(event: { startOn: Date; endOn: Date }, ctx: z.RefinementCtx): void {
  const minutes = (event.endOn.getTime() - event.startOn.getTime()) / MINUTE;
  if (!(minutes >= EVENT_MIN_DURATION_MINUTES))
    ctx.addIssue({ code: "custom", message: "FIZ063", path: ["endOn"] });
  else if (minutes > EVENT_MAX_DURATION_MINUTES)
    ctx.addIssue({ code: "custom", message: "FIZ009", path: ["endOn"] });
}

export const createEventInput = eventFields.superRefine(refineEvent);
export type CreateEventInput = z.infer<typeof createEventInput>;
export const updateEventInput = eventFields.extend({ eventId: idSchema }).superRefine(refineEvent);
export type UpdateEventInput = z.infer<typeof updateEventInput>;

/** Dragging or resizing an event in the calendar: only its time changes, within the same bounds as the form's. */
export const moveEventInput = z
  .object({ eventId: idSchema, startOn: instantSchema, endOn: instantSchema })
  .superRefine(refineDuration);

export const eventIdInput = z.object({ eventId: idSchema });
export const setEventStatusInput = z.object({
  eventId: idSchema,
  status: eventStatusSchema.exclude(["SCHEDULED"]),
});

/** A date range of the calendar or the list: at least a day, at most the maximum (FIZ065). */
function withinSearchRange(r: { from: Date; to: Date }): boolean {
  const days = (r.to.getTime() - r.from.getTime()) / (24 * 60 * MINUTE);
  // An hour's slack below a day: a calendar day across a DST change lasts 23 hours.
  return days >= EVENT_SEARCH_MIN_DAYS - 1 / 24 && days <= EVENT_SEARCH_MAX_DAYS;
}
const searchRange = { error: "FIZ065", path: ["to"] };

export const listEventsInput = pageInput
  .extend({
    from: instantSchema,
    to: instantSchema,
    statuses: z.array(eventStatusSchema).max(5).optional(),
    providerId: idSchema.optional(),
    patientId: idSchema.optional(),
  })
  .refine(withinSearchRange, searchRange);
export type ListEventsInput = z.infer<typeof listEventsInput>;

export const calendarRangeInput = z
  .object({ from: instantSchema, to: instantSchema, providerId: idSchema.optional() })
  .refine(withinSearchRange, searchRange);

/** A booking starts on the hour or the half hour (FIZ060). */
const halfHourStart = instantSchema.refine(
  (d) => d.getUTCMinutes() % 30 === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0,
  { error: "FIZ060" },
);

// Public booking (no sign-in)

/** A public calendar id: random and unguessable, so it is checked by shape before any lookup (FIZ272). */
export const calendarIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "FIZ272" });

export const publicSlotsInput = z.object({
  calendarId: calendarIdSchema,
  timeZone: usTimeZoneSchema,
  from: isoDateSchema,
  to: isoDateSchema,
});

export const bookAppointmentInput = z.object({
  calendarId: calendarIdSchema,
  timeZone: usTimeZoneSchema,
  startOn: halfHourStart,
  name: z
    .string({ error: "FIZ001" })
    .trim()
    .min(1, { error: "FIZ001" })
    .max(EXTERNAL_NAME_MAX_LENGTH, { error: "FIZ003" }),
  email: emailSchema,
  phone: phoneSchema.refine((p) => p !== undefined, { error: "FIZ001" }),
  language: languageSchema.default("ENGLISH"),
  captchaToken: z.string().max(4000).optional(),
});
export type BookAppointmentInput = z.infer<typeof bookAppointmentInput>;

// A patient booking a video visit with their own provider (signed in)

export const patientSlotsInput = z.object({
  providerId: idSchema,
  timeZone: timeZoneSchema,
  from: isoDateSchema,
  to: isoDateSchema,
});

export const patientBookInput = z.object({
  providerId: idSchema,
  timeZone: timeZoneSchema,
  startOn: halfHourStart,
});

export const patientRescheduleInput = z.object({
  eventId: idSchema,
  timeZone: timeZoneSchema,
  startOn: halfHourStart,
});

export const cancellationInput = z.object({
  appointmentId: idSchema,
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "FIZ201" }),
});

export { eventTypeSchema };

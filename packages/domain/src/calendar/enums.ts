import { z } from "zod";

/** Spec §4 event statuses. */
export const eventStatusSchema = z.enum(["SCHEDULED", "ONGOING", "COMPLETED", "CANCELLED", "NO_SHOW"]);
export type EventStatus = z.infer<typeof eventStatusSchema>;
export const EVENT_STATUSES = eventStatusSchema.options;

/**
 * SERVICE: a patient and a billable service; NON_SERVICE: a provider's own time (meeting, admin, leave),
 * no patient and no service (FIZ067); EXTERNAL: booked by a visitor on the public calendar.
 */
export const eventTypeSchema = z.enum(["SERVICE", "NON_SERVICE", "EXTERNAL"]);
export type EventType = z.infer<typeof eventTypeSchema>;
export const EVENT_TYPES = eventTypeSchema.options;

/**
 * External booking is limited to US and Hawaii time zones (spec §9): the seven zones a US visitor picks
 * from, by the name they know. Arizona keeps standard time all year; Hawaii has no DST.
 */
export const US_TIME_ZONES = [
  { id: "America/New_York", label: "Eastern" },
  { id: "America/Chicago", label: "Central" },
  { id: "America/Denver", label: "Mountain" },
  { id: "America/Phoenix", label: "Arizona" },
  { id: "America/Los_Angeles", label: "Pacific" },
  { id: "America/Anchorage", label: "Alaska" },
  { id: "Pacific/Honolulu", label: "Hawaii" },
] as const;
export type UsTimeZone = (typeof US_TIME_ZONES)[number]["id"];
export const US_TIME_ZONE_IDS = US_TIME_ZONES.map((z) => z.id) as [UsTimeZone, ...UsTimeZone[]];

/** Whether a zone is one of the seven: the visitor's and the provider's zone alike (spec §1, §5, §9). */
export function isUsTimeZone(zone: string): zone is UsTimeZone {
  return (US_TIME_ZONE_IDS as string[]).includes(zone);
}

/** FIZ062 for anything but the seven zones, also when the API is called directly. */
export const usTimeZoneSchema = z.string().refine(isUsTimeZone, { error: "FIZ062" });

/**
 * How a service is counted (spec §3 Service: code, name, unit): once per visit, or per 15 minutes of the
 * visit (the CMS 8-minute rule), or once per 30-day remote-monitoring period.
 */
export type ServiceUnit = "VISIT" | "FIFTEEN_MINUTES" | "PERIOD";

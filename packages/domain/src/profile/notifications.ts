import { z } from "zod";
import { NOTIFICATION_EVENTS, type NotificationEvent, notificationEventSchema } from "../enums";
import { AppError } from "../errors";

export const notificationPreferenceSchema = z.object({
  event: notificationEventSchema,
  emailEnabled: z.boolean(),
  textMessageEnabled: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const updateNotificationPreferencesInput = z.object({
  preferences: z
    .array(notificationPreferenceSchema)
    .min(1, { error: "FIZ001" })
    .max(NOTIFICATION_EVENTS.length),
});

export function defaultNotificationPreferences(): NotificationPreference[] {
  return NOTIFICATION_EVENTS.map((event: NotificationEvent) => ({
    event,
    emailEnabled: true,
    textMessageEnabled: false,
  }));
}

/** Spec §5 / FIZ269: text notifications need a phone number to send to. */
export function assertTextNotificationsAllowed(
  preferences: NotificationPreference[],
  phone: string | null | undefined,
) {
  if (!phone && preferences.some((p) => p.textMessageEnabled)) throw new AppError("FIZ269");
}

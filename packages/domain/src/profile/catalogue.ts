import type { NotificationEvent } from "../enums";

/**
 * Every notification the product sends, and the preference (spec §3 "Notification preferences") that decides
 * its channels. A password change is a security notice: always emailed, never silenced.
 */
export const NOTIFICATION_KINDS = {
  messageReceived: "NEW_MESSAGE",
  engagementMessage: "NEW_MESSAGE",
  appointmentBooked: "APPOINTMENT_CHANGED",
  appointmentChanged: "APPOINTMENT_CHANGED",
  appointmentCancelled: "APPOINTMENT_CHANGED",
  appointmentReminder: "APPOINTMENT_REMINDER",
  planAssigned: "NEW_ASSIGNMENT",
  planChanged: "NEW_ASSIGNMENT",
  assessmentAssigned: "NEW_ASSIGNMENT",
  analysisCompleted: "ANALYSIS_READY",
  analysisFailed: "ANALYSIS_READY",
  passwordChanged: null,
} as const satisfies Record<string, NotificationEvent | null>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export interface Channels {
  email: boolean;
  text: boolean;
}

/**
 * The channels of one notification for one recipient: their preference for its event (email on, text off by
 * default), text only with a phone to send to.
 */
export function channelsFor(
  kind: NotificationKind,
  preferences: { event: NotificationEvent; emailEnabled: boolean; textMessageEnabled: boolean }[],
  phone: string | null | undefined,
): Channels {
  const event = NOTIFICATION_KINDS[kind];
  if (event === null) return { email: true, text: false };
  const chosen = preferences.find((p) => p.event === event);
  return { email: chosen?.emailEnabled ?? true, text: Boolean(chosen?.textMessageEnabled && phone) };
}

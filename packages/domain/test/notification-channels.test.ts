import { describe, expect, it } from "vitest";
import {
  channelsFor,
  defaultNotificationPreferences,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../src";

describe("notification channels", () => {
  const prefs = defaultNotificationPreferences().map((p) =>
    p.event === "NEW_MESSAGE" ? { ...p, emailEnabled: false, textMessageEnabled: true } : p,
  );

  it("follow the recipient's preference for the notification's event", () => {
    expect(channelsFor("messageReceived", prefs, "5550100")).toEqual({ email: false, text: true });
    expect(channelsFor("engagementMessage", prefs, "5550100")).toEqual({ email: false, text: true });
    expect(channelsFor("planAssigned", prefs, "5550100")).toEqual({ email: true, text: false });
  });

  it("send no text without a phone number", () => {
    expect(channelsFor("messageReceived", prefs, null)).toEqual({ email: false, text: false });
  });

  it("always email a password change, whatever the preferences", () => {
    const none = defaultNotificationPreferences().map((p) => ({ ...p, emailEnabled: false }));
    expect(channelsFor("passwordChanged", none, null)).toEqual({ email: true, text: false });
  });

  it("map every kind to a stored preference event (or none)", () => {
    const events = new Set(defaultNotificationPreferences().map((p) => p.event));
    for (const kind of Object.keys(NOTIFICATION_KINDS) as NotificationKind[]) {
      const event = NOTIFICATION_KINDS[kind];
      if (event !== null) expect(events.has(event)).toBe(true);
    }
  });
});

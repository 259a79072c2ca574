/** Automatic log-off's warning and Profile → Security's sessions, in English; es/security.ts mirrors this shape. */
export const security = {
  idle: {
    title: "Are you still there?",
    body: "For your privacy, you will be signed out in {{seconds}} seconds because of inactivity.",
    stay: "Stay signed in",
    signOut: "Sign out now",
  },
  sessions: {
    title: "Where you are signed in",
    description: "Devices and browsers signed in to your account. Sign out any you do not recognize.",
    loading: "Loading your sessions…",
    empty: "No other sessions.",
    unknownDevice: "Unknown device",
    device: "{{browser}} on {{os}}",
    place: "IP address {{ip}}",
    unknownPlace: "Unknown IP address",
    lastSeen: "Last active {{date}}",
    thisDevice: "This device",
    signOut: "Sign out",
    signOutSession: "Sign out {{device}}",
    signOutOthers: "Sign out all other sessions",
    signedOut: "Session signed out",
    signedOutOthers_one: "{{count}} other session signed out",
    signedOutOthers_other: "{{count}} other sessions signed out",
  },
};

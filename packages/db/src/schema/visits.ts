import type { VisitGuestStatus, VisitRole } from "@fizio/domain";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { events } from "./calendar";
import { languageEnum, users } from "./users";

export const visitRoleEnum = pgEnum("visit_role", [
  "PROVIDER",
  "PATIENT",
  "GUEST",
] as const satisfies readonly VisitRole[]);
export const visitPresenceEnum = pgEnum("visit_presence", ["WAITING", "ADMITTED", "LEFT"]);

/**
 * The video room of a video event: its two invitation links (36-character random ids: the provider's and the
 * participants'), when the provider started the call and when it was finished, and its real length.
 */
export const videoRooms = pgTable("video_rooms", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  providerInvitationId: uuid("provider_invitation_id").notNull().unique().defaultRandom(),
  participantInvitationId: uuid("participant_invitation_id").notNull().unique().defaultRandom(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  durationMinutes: integer("duration_minutes"),
  /** The media provider's session (Vonage), made on first join; null with the embedded WebRTC engine. */
  mediaSessionId: text("media_session_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const visitGuestStatusEnum = pgEnum("visit_guest_status", [
  "INVITED",
  "ADMITTED",
  "DENIED",
  "REMOVED",
  "REVOKED",
] as const satisfies readonly VisitGuestStatus[]);

/**
 * A guest the provider invited to a video visit (a family member, an interpreter), with a link of their own:
 * only the SHA-256 of its token is kept. The link is bound to this visit and this guest, and the provider's
 * decisions (admit, deny, remove, revoke) are its status.
 */
export const visitGuests = pgTable(
  "visit_guests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Where the link was emailed; null when the provider handed it over themself. */
    email: text("email"),
    language: languageEnum("language").notNull(),
    tokenHash: text("token_hash").notNull(),
    status: visitGuestStatusEnum("status").notNull().default("INVITED"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("visit_guests_event_idx").on(t.eventId),
    uniqueIndex("visit_guests_token_unique").on(t.tokenHash),
  ],
);

/** Everyone who joined a room; a guest has a display name, no account, and the invitation they came by. */
export const visitParticipants = pgTable(
  "visit_participants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id),
    guestId: uuid("guest_id").references(() => visitGuests.id),
    displayName: text("display_name").notNull(),
    role: visitRoleEnum("role").notNull(),
    presence: visitPresenceEnum("presence").notNull(),
    /** The browser tab holding the seat: a join from another tab takes it over. */
    connectionId: text("connection_id").notNull(),
    /** SHA-256 of the participant's short-lived token; the token itself lives only in that tab. */
    tokenHash: text("token_hash").notNull(),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (t) => [
    index("visit_participants_event_idx").on(t.eventId),
    uniqueIndex("visit_participants_token_unique").on(t.tokenHash),
  ],
);

/** The call's chat, kept with the event so late joiners see it. */
export const visitMessages = pgTable(
  "visit_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => visitParticipants.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("visit_messages_event_idx").on(t.eventId, t.createdAt)],
);

/**
 * WebRTC signalling of the embedded engine (offers, answers, ICE candidates, media state) from one seat to
 * another, kept until the room's event goes: a page that reconnects reads what it missed after its cursor.
 */
export const visitSignals = pgTable(
  "visit_signals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    fromParticipantId: uuid("from_participant_id")
      .notNull()
      .references(() => visitParticipants.id, { onDelete: "cascade" }),
    toParticipantId: uuid("to_participant_id")
      .notNull()
      .references(() => visitParticipants.id, { onDelete: "cascade" }),
    body: jsonb("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("visit_signals_to_idx").on(t.toParticipantId, t.id)],
);

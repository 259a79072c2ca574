import { z } from "zod";
import { languageSchema } from "../enums";
import { idSchema } from "../treatment/fields";
import { emailSchema } from "../users/fields";

/** Invitation ids are 36-character UUIDs; anything else is an unknown invitation (FIZ108). */
export const invitationIdSchema = z.uuid({ error: "FIZ108" });
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "FIZ201" });

export const videoRoomInput = z.object({ eventId: idSchema });
export const invitationInput = z.object({ invitationId: invitationIdSchema });
/** The browser tab: a second tab of the same participant takes the seat over. */
const connectionId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "FIZ002" });
export const joinVisitInput = z.object({ invitationId: invitationIdSchema, connectionId });

/** A guest's own link carries their token; anything malformed is as dead as a forged one (FIZ274). */
const guestToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "FIZ274" });
export const guestInvitationInput = z.object({ token: guestToken });
export const guestJoinInput = z.object({ token: guestToken, connectionId });
export const visitTokenInput = z.object({ token });
export const visitChatInput = z.object({
  token,
  body: z.string().trim().min(1, { error: "FIZ001" }).max(2000, { error: "FIZ003" }),
});

/** A page load in a call: signals name the sender's and, once known, the receiver's, so stale ones are dropped. */
const pageSession = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "FIZ002" });

/** WebRTC signalling of the embedded engine, relayed as is from one seat to another. */
export const visitSignalSchema = z.object({
  session: pageSession,
  toSession: pageSession.nullable(),
  kind: z.enum(["hello", "description", "candidate", "media"], { error: "FIZ002" }),
  description: z
    .object({ type: z.enum(["offer", "answer", "pranswer", "rollback"]), sdp: z.string().max(30_000) })
    .optional(),
  candidate: z
    .object({
      candidate: z.string().max(1_000),
      sdpMid: z.string().max(64).nullish(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
      usernameFragment: z.string().max(256).nullish(),
    })
    .nullish(),
  media: z.object({ audio: z.boolean(), video: z.boolean(), screen: z.boolean() }).optional(),
});
export type VisitSignal = z.infer<typeof visitSignalSchema>;

/** The most signals one request carries: a connection's description and candidates fit with room to spare. */
export const VISIT_SIGNAL_BATCH = 50;

/** Signals to one seat, in the order they were made: a page sends at once all that piled up meanwhile. */
export const visitSignalInput = z.object({
  token,
  to: z.uuid({ error: "FIZ002" }),
  signals: z
    .array(visitSignalSchema)
    .min(1, { error: "FIZ001" })
    .max(VISIT_SIGNAL_BATCH, { error: "FIZ009" }),
});

/** The live stream of a seat: `connectionId` tells a replaced tab apart; it starts after signal `lastEventId`. */
export const visitEventsInput = z.object({
  token,
  connectionId,
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/)
    .nullish(),
});

/** An email address or nothing: an empty field means none. */
const optionalEmail = z
  .string({ error: "FIZ002" })
  .trim()
  .max(254, { error: "FIZ003" })
  .transform((e) => (e === "" ? undefined : e))
  .pipe(emailSchema.optional())
  .optional();

/**
 * A guest the provider invites: the name the others see, and where to email their link (in which language);
 * without an address the provider hands the link over themself.
 */
export const visitInviteInput = z.object({
  eventId: idSchema,
  name: z.string().trim().min(1, { error: "FIZ001" }).max(80, { error: "FIZ003" }),
  email: optionalEmail,
  language: languageSchema,
});

export const visitGuestsInput = z.object({ eventId: idSchema });
/** A guest the provider decides about, by the id the guest list gives. */
export const visitGuestInput = z.object({ guestId: z.uuid({ error: "FIZ108" }) });

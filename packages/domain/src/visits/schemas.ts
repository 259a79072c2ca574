import { z } from "zod";
import { idSchema } from "../treatment/fields";

/** Invitation ids are 36-character UUIDs; anything else is an unknown invitation (FIZ108). */
export const invitationIdSchema = z.uuid({ error: "FIZ108" });
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "FIZ201" });

export const videoRoomInput = z.object({ eventId: idSchema });
export const invitationInput = z.object({ invitationId: invitationIdSchema });
export const joinVisitInput = z.object({
  invitationId: invitationIdSchema,
  /** The browser tab: a second tab of the same participant takes the seat over. */
  connectionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "FIZ002" }),
  /** Guests only: the name the others see. */
  displayName: z.string().trim().min(1, { error: "FIZ001" }).max(80, { error: "FIZ003" }).optional(),
});
export const visitTokenInput = z.object({ token });
export const visitChatInput = z.object({
  token,
  body: z.string().trim().min(1, { error: "FIZ001" }).max(2000, { error: "FIZ003" }),
});

import { isAdminRole, type Role } from "../enums";
import type { FizCode } from "../errors";

/** Who is writing or being written to: enough to apply spec §6's messaging rules. */
export interface MessagingParty {
  id: string;
  role: Role;
  organizationId: string;
  /** A patient's treating provider (their roster). */
  providerId?: string | null;
}

/**
 * Spec §6: nobody can message an admin (FIZ238); a patient cannot message another patient (FIZ237); a patient
 * writes only to their own provider, a provider only to their roster's patients (FIZ109) and to colleagues;
 * admins to their organisation's providers and patients. Another organisation is FIZ415. Null: allowed.
 */
export function messagingRefusal(sender: MessagingParty, recipient: MessagingParty): FizCode | null {
  if (sender.organizationId !== recipient.organizationId) return "FIZ415";
  if (isAdminRole(recipient.role)) return "FIZ238";
  if (sender.id === recipient.id) return "FIZ413";
  if (sender.role === "ROLE_PATIENT") {
    if (recipient.role === "ROLE_PATIENT") return "FIZ237";
    return sender.providerId === recipient.id ? null : "FIZ413";
  }
  if (sender.role === "ROLE_PROVIDER" && recipient.role === "ROLE_PATIENT") {
    return recipient.providerId === sender.id ? null : "FIZ109";
  }
  return null;
}

/** Spec §6: an admin's message cannot be deleted, by anyone (FIZ239). */
export function messageDeletionRefusal(authorRole: Role): FizCode | null {
  return isAdminRole(authorRole) ? "FIZ239" : null;
}

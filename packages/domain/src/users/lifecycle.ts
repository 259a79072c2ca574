import type { AccessStatus, Role } from "../enums";
import { AppError } from "../errors";

/** What the account rules of spec §4 need to know about a user. */
export interface AccountState {
  role: Role;
  disabled: boolean;
  deletedAt: Date | null;
  accessStatus: AccessStatus;
  isDefaultProvider?: boolean;
}

/**
 * Why a user may not sign in or keep using the app, or null when they may.
 * A deleted user is blocked; a disabled account is deactivated; an inactive patient cannot use the app.
 */
export function signInBlocker(user: AccountState): AppError | null {
  const ends = { endsSession: true };
  if (user.deletedAt) return new AppError("FIZ204", {}, ends);
  if (user.disabled) return new AppError("FIZ259", {}, ends);
  if (user.role === "ROLE_PATIENT" && user.accessStatus === "INACTIVE")
    return new AppError("FIZ402", {}, ends);
  return null;
}

export function assertCanDisable(user: AccountState): void {
  if (user.deletedAt) throw new AppError("FIZ204");
  if (user.isDefaultProvider) throw new AppError("FIZ231");
}

/** An enabled user cannot be deleted: disable first, so deletion is always a deliberate second step. */
export function assertCanDelete(user: AccountState): void {
  if (user.deletedAt) throw new AppError("FIZ204");
  if (!user.disabled) throw new AppError("FIZ203");
}

/** Spec §6: an admin account cannot be edited by another admin (a super admin may). */
export function assertCanManage(actor: { id: string; role: Role }, target: { id: string; role: Role }): void {
  if (actor.role === "ROLE_SUPER_ADMIN") return;
  if (actor.role !== "ROLE_ADMIN") throw new AppError("FIZ413");
  if (target.role === "ROLE_SUPER_ADMIN") throw new AppError("FIZ235");
  if (target.role === "ROLE_ADMIN" && target.id !== actor.id) throw new AppError("FIZ235");
}

/**
 * Spec §6: the admin-deletion path only deletes admins. A delete (or expunge) sent from the admins list names that
 * list's role, and a user of another role is refused there (FIZ236), so a wrong id never takes a patient with it.
 */
export function assertDeletionPath(listRole: Role | undefined, target: { role: Role }): void {
  const adminPath = listRole === "ROLE_ADMIN" || listRole === "ROLE_SUPER_ADMIN";
  if (adminPath && target.role !== "ROLE_ADMIN" && target.role !== "ROLE_SUPER_ADMIN")
    throw new AppError("FIZ236");
}

/** What still points at a user an admin wants to expunge, counted by the rule each kind falls under. */
export interface ExpungeReferences {
  /**
   * A patient's medical services and the clinical record they leave: visits, billed services and payments,
   * recordings and activity sessions, plans, assessments, case notes, documents, medical history, engagement
   * programs and recording reviews. Any one of them keeps the patient (spec §6), deleted but never expunged.
   */
  medicalServices: number;
  /** Live patients whose treating or referring provider they are, and open plans they own (as FIZ233 counts). */
  patients: number;
  /** Anything else that names them: plans or templates they wrote, events, messages, payments they recorded. */
  other: number;
}

/**
 * Expunge removes a user for good, so only a deleted user (FIZ413 otherwise, delete first), and only when nothing
 * of the record depends on them: a patient with any medical service (FIZ234), a provider still treating, referring
 * or owning a plan (FIZ233), anyone named elsewhere in the record (FIZ271). The audit trail never counts: it keeps
 * the id and the snapshot taken when the row was written.
 */
export function assertCanExpunge(user: AccountState, references: ExpungeReferences): void {
  if (!user.deletedAt) throw new AppError("FIZ413");
  if (user.role === "ROLE_PATIENT" && references.medicalServices > 0) throw new AppError("FIZ234");
  if (references.patients > 0) throw new AppError("FIZ233");
  if (references.other > 0) throw new AppError("FIZ271");
}

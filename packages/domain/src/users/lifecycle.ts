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
  if (user.deletedAt) return new AppError("FIZ204");
  if (user.disabled) return new AppError("FIZ259");
  if (user.role === "ROLE_PATIENT" && user.accessStatus === "INACTIVE") return new AppError("FIZ402");
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

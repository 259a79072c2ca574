import { type DbOrTx, hasAcceptedTerms, hasUsableCard, type UserRow } from "@fizio/db";
import { type SessionUser, TERMS_VERSION } from "@fizio/domain";

/** The client user state of spec §3, derived from the stored user. */
export async function toSessionUser(db: DbOrTx, user: UserRow): Promise<SessionUser> {
  const agreedToTos = user.role !== "ROLE_PATIENT" || (await hasAcceptedTerms(db, user.id, TERMS_VERSION));
  return {
    userId: user.id,
    organizationId: user.organizationId,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    onboardingCompleted: user.onboardingCompleted,
    agreedToTos,
    preferredLanguage: user.preferredLanguage,
    accessStatus: user.accessStatus,
    // The flag asks for a card on file; once the patient has a usable one the gate is passed.
    enforcePaymentMethod:
      user.role === "ROLE_PATIENT" && user.enforcePaymentMethod && !(await hasUsableCard(db, user.id)),
  };
}

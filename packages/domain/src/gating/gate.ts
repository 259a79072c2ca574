import type { AccessStatus, Language, Role } from "../enums";

/** Client user state of spec §3 that decides what a signed-in user may see. */
export interface SessionUser {
  userId: string;
  organizationId: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  onboardingCompleted: boolean;
  agreedToTos: boolean;
  preferredLanguage: Language;
  accessStatus: AccessStatus;
  enforcePaymentMethod: boolean;
  /** A verified authenticator is asked for at sign-in. */
  twoFactorEnabled: boolean;
  /** Required to enrol a second factor and not enrolled yet (mustEnrollTwoFactor): enrolment comes first. */
  twoFactorPending: boolean;
}

export type Gate = "TWO_FACTOR" | "TERMS" | "ONBOARDING" | "PAYMENT_METHOD" | "APP";

/**
 * Before the spec §4 gates, a user required to sign in with a second factor enrols one (TWO_FACTOR). Then spec §4 gating order: (1) a patient who has not agreed to the terms sees the terms page; (2) a user with a
 * first name who has not completed onboarding sees the intake assessment; (3) a patient with the
 * enforce-payment-method flag sees the missing-payment-info screen; otherwise the app.
 */
export function gateFor(
  user: Pick<
    SessionUser,
    "role" | "agreedToTos" | "onboardingCompleted" | "firstName" | "enforcePaymentMethod" | "twoFactorPending"
  >,
): Gate {
  if (user.twoFactorPending) return "TWO_FACTOR";
  const patient = user.role === "ROLE_PATIENT";
  if (patient && !user.agreedToTos) return "TERMS";
  if (user.firstName && !user.onboardingCompleted) return "ONBOARDING";
  if (patient && user.enforcePaymentMethod) return "PAYMENT_METHOD";
  return "APP";
}

/** Spec §6: patients follow preferredLanguage; other roles use English. */
export function uiLanguageFor(user: Pick<SessionUser, "role" | "preferredLanguage">): "en" | "es" {
  return user.role === "ROLE_PATIENT" && user.preferredLanguage === "SPANISH" ? "es" : "en";
}

import { DEMO } from "./support";

/**
 * The main pages of each role: the accessibility sweep runs axe on each at every width, the phone-fit spec checks
 * none is wider than a 360 px phone.
 */
export const PAGES = {
  signedOut: ["/login", "/self-registration", "/login/password-recovery", "/terms-of-service"],
  patient: [
    "/home",
    "/to-do",
    "/past-activity",
    "/calendar/month",
    "/calendar/week",
    "/profile/personal-information",
  ],
  provider: [
    "/home",
    "/roster",
    "/calendar/month",
    "/calendar/week",
    "/templates/sessions",
    "/templates/treatment-plans",
    "/content/videos",
    "/content/recordings",
  ],
  admin: [
    "/home",
    "/users/patients",
    "/users/providers",
    "/audit",
    "/audit/error-log",
    "/audit/system-log",
    "/billing/transactions",
    "/billing/insurance",
    "/billing/prices",
    "/reports",
    "/reports/provider-activity",
    "/reports/recordings",
    "/reports/remote-monitoring",
    "/settings",
  ],
  superAdmin: [
    "/parameters/sets/organizations",
    "/parameters/sets/text-activities",
    "/parameters/sets/image-activities",
    "/parameters/sets/prices",
    "/parameters/codes/services",
    "/parameters/codes/conditions",
  ],
};

/** Each signed-in role with its demo login, in the order the sweeps visit them. */
export const SIGNED_IN_ROLES = [
  ["patient", DEMO.patient],
  ["provider", DEMO.provider],
  ["admin", DEMO.admin],
  ["superAdmin", DEMO.superAdmin],
] as const;

import type { Role } from "@fizio/domain";

/**
 * Spec §2: the routes registered for each role, by route path (as in src/routes). The /_app layout
 * refuses any other path before it loads, so another role's pages do not exist for this user.
 */
const PROFILE = [
  "/profile",
  "/profile/personal-information",
  "/profile/notifications",
  "/profile/security",
] as const;
const MESSAGES = ["/messages", "/messages/inbox", "/messages/sent"] as const;
const RECORDS = [
  "/records/activity",
  "/records/medical-history",
  "/records/assessments",
  "/records/treatment-plans",
  "/records/engagement/history",
  "/records/engagement/program",
  "/records/case-notes",
  "/records/services",
  "/records/sessions",
  "/records/documents",
  "/records/patients/$patientId",
] as const;
const CONTENT = ["/content/recordings", "/content/videos"] as const;
const TEMPLATES = [
  "/templates/assessments",
  "/templates/sessions",
  "/templates/treatment-plans",
  "/templates/engagement",
] as const;
const STAFF_CALENDAR = ["/calendar", "/calendar/list", "/calendar/availability"] as const;

const PATIENT = [
  "/home",
  "/to-do",
  ...MESSAGES,
  "/calendar",
  "/calendar/list",
  "/calendar/week",
  "/calendar/month",
  "/past-activity",
  "/assessments",
  "/medical-history",
  ...PROFILE,
] as const;

const PROVIDER = [
  "/home",
  ...STAFF_CALENDAR,
  "/roster",
  ...RECORDS,
  ...MESSAGES,
  ...CONTENT,
  ...TEMPLATES,
  ...PROFILE,
] as const;

const ADMIN = [
  "/home",
  "/billing/insurance",
  "/billing/transactions",
  "/billing/prices",
  "/users/admins",
  "/users/providers",
  "/users/patients",
  ...TEMPLATES,
  ...CONTENT,
  ...STAFF_CALENDAR,
  ...MESSAGES,
  ...RECORDS,
  "/reports",
  "/reports/provider-activity",
  "/reports/recordings",
  "/reports/remote-monitoring",
  "/settings",
  "/audit",
  "/audit/error-log",
  "/audit/system-log",
  ...PROFILE,
] as const;

/** Spec §6: /parameters is the super admin's alone; so is the dev mailbox (live recovery links). */
const SUPER_ADMIN = [
  ...ADMIN,
  "/dev/mailbox",
  "/parameters/sets",
  "/parameters/sets/$kind",
  "/parameters/codes",
  "/parameters/codes/$kind",
] as const;

/** Pages every signed-in role has. */
const EVERYONE = ["/unauthorized"] as const;

export const ROLE_ROUTES: Record<Role, ReadonlySet<string>> = {
  ROLE_PATIENT: new Set([...PATIENT, ...EVERYONE]),
  ROLE_PROVIDER: new Set([...PROVIDER, ...EVERYONE]),
  ROLE_ADMIN: new Set([...ADMIN, ...EVERYONE]),
  ROLE_SUPER_ADMIN: new Set([...SUPER_ADMIN, ...EVERYONE]),
};

/** Index routes carry a trailing slash in their full path ("/calendar/"); the table does not. */
const normalise = (path: string) => (path.length > 1 ? path.replace(/\/$/, "") : path);

export function canOpen(role: Role, routePath: string | undefined): boolean {
  return routePath !== undefined && ROLE_ROUTES[role].has(normalise(routePath));
}

/** A page of some role: opened by another role it is unauthorized rather than unknown. */
export function isRolePage(routePath: string | undefined): boolean {
  return (
    routePath !== undefined && Object.values(ROLE_ROUTES).some((routes) => routes.has(normalise(routePath)))
  );
}

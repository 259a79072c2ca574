import type { Role } from "@fizio/domain";
import type { UiMessages } from "@fizio/i18n";
import {
  Activity,
  BarChart3,
  CalendarDays,
  ClipboardList,
  FolderOpen,
  HeartPulse,
  House,
  LayoutTemplate,
  ListTodo,
  Mail,
  Receipt,
  Settings,
  ShieldCheck,
  SlidersHorizontal,
  UserRound,
  Users,
  UsersRound,
  Video,
} from "lucide-react";
import type { ComponentType } from "react";
import { CODE_KINDS, PARAMETER_SET_KINDS } from "./parameter-kinds";

export type NavLabel = keyof UiMessages["nav"];

export interface NavItem {
  label: NavLabel;
  to: string;
  /** Path prefix under which the item counts as active; defaults to `to`. */
  section?: string;
  icon?: ComponentType<{ className?: string }>;
  children?: NavItem[];
  /** Show the children as tabs above the page instead of under the item in the menu. */
  tabs?: boolean;
  /** Active on its own path only: a section's overview whose siblings live under its path. */
  exact?: boolean;
  /** Shows the unread-messages count beside the label. */
  unreadBadge?: boolean;
  /** URL search keys the link carries over from the current page, e.g. the patient picked on a record page. */
  keepSearch?: readonly string[];
}

/** The search a link to `item` starts with: the kept keys of the current page's search. */
export function keptSearch(item: NavItem) {
  const keys = item.keepSearch;
  if (!keys) return undefined;
  return (current: Record<string, unknown>) =>
    Object.fromEntries(keys.flatMap((key) => (current[key] === undefined ? [] : [[key, current[key]]])));
}

const leaf = (label: NavLabel, to: string): NavItem => ({ label, to });
/** A record area: staff who work by area keep the chosen patient from one area to the next. */
const recordArea = (label: NavLabel, to: string): NavItem => ({ label, to, keepSearch: ["patient"] });
const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as NavLabel;

const home: NavItem = { label: "home", to: "/home", icon: House };

const profile: NavItem = {
  label: "profile",
  to: "/profile/personal-information",
  section: "/profile",
  icon: UserRound,
  tabs: true,
  children: [
    leaf("personalInformation", "/profile/personal-information"),
    leaf("notifications", "/profile/notifications"),
    leaf("security", "/profile/security"),
  ],
};

const messages = (tabs: boolean): NavItem => ({
  label: "messages",
  to: "/messages/inbox",
  section: "/messages",
  icon: Mail,
  tabs,
  unreadBadge: true,
  children: [{ ...leaf("inbox", "/messages/inbox"), unreadBadge: true }, leaf("sent", "/messages/sent")],
});

const staffCalendar = (tabs: boolean): NavItem => ({
  label: "calendar",
  to: "/calendar",
  section: "/calendar",
  icon: CalendarDays,
  tabs,
  children: [
    { ...leaf("calendar", "/calendar"), exact: true },
    leaf("list", "/calendar/list"),
    leaf("availability", "/calendar/availability"),
  ],
});

const records = (tabs: boolean): NavItem => ({
  label: "records",
  to: "/records/activity",
  section: "/records",
  icon: FolderOpen,
  tabs,
  children: [
    recordArea("activity", "/records/activity"),
    recordArea("medicalHistory", "/records/medical-history"),
    recordArea("assessments", "/records/assessments"),
    recordArea("treatmentPlans", "/records/treatment-plans"),
    recordArea("engagementHistory", "/records/engagement/history"),
    recordArea("engagementProgram", "/records/engagement/program"),
    recordArea("caseNotes", "/records/case-notes"),
    recordArea("services", "/records/services"),
    recordArea("sessions", "/records/sessions"),
    recordArea("documents", "/records/documents"),
  ],
});

const content = (tabs: boolean): NavItem => ({
  label: "content",
  to: "/content/recordings",
  section: "/content",
  icon: Video,
  tabs,
  children: [leaf("recordings", "/content/recordings"), leaf("videos", "/content/videos")],
});

const templates = (tabs: boolean): NavItem => ({
  label: "templates",
  to: "/templates/assessments",
  section: "/templates",
  icon: LayoutTemplate,
  tabs,
  children: [
    leaf("assessments", "/templates/assessments"),
    leaf("sessions", "/templates/sessions"),
    leaf("treatmentPlans", "/templates/treatment-plans"),
    leaf("engagement", "/templates/engagement"),
  ],
});

const PATIENT: NavItem[] = [
  home,
  { label: "toDo", to: "/to-do", icon: ListTodo },
  messages(false),
  {
    label: "calendar",
    to: "/calendar/list",
    section: "/calendar",
    icon: CalendarDays,
    children: [
      leaf("list", "/calendar/list"),
      leaf("week", "/calendar/week"),
      leaf("month", "/calendar/month"),
    ],
  },
  { label: "pastActivity", to: "/past-activity", icon: Activity },
  { label: "assessments", to: "/assessments", icon: ClipboardList },
  { label: "medicalHistory", to: "/medical-history", icon: HeartPulse },
  profile,
];

const PROVIDER: NavItem[] = [
  home,
  staffCalendar(false),
  { label: "roster", to: "/roster", icon: Users },
  records(false),
  messages(true),
  content(false),
  templates(false),
  profile,
];

const parameters: NavItem = {
  label: "parameters",
  to: "/parameters/sets",
  section: "/parameters",
  icon: SlidersHorizontal,
  children: [
    {
      label: "sets",
      to: "/parameters/sets",
      tabs: true,
      children: PARAMETER_SET_KINDS.map((kind) => leaf(camel(kind), `/parameters/sets/${kind}`)),
    },
    {
      label: "codes",
      to: "/parameters/codes",
      tabs: true,
      children: CODE_KINDS.map((kind) => leaf(camel(kind), `/parameters/codes/${kind}`)),
    },
  ],
};

function adminNav(superAdmin: boolean): NavItem[] {
  return [
    home,
    {
      label: "billing",
      to: "/billing/insurance",
      section: "/billing",
      icon: Receipt,
      children: [
        leaf("insurance", "/billing/insurance"),
        leaf("transactions", "/billing/transactions"),
        leaf("prices", "/billing/prices"),
      ],
    },
    {
      label: "users",
      to: "/users/admins",
      section: "/users",
      icon: UsersRound,
      children: [
        leaf("admins", "/users/admins"),
        leaf("providers", "/users/providers"),
        leaf("patients", "/users/patients"),
      ],
    },
    ...(superAdmin ? [parameters] : []),
    templates(true),
    content(true),
    staffCalendar(true),
    messages(true),
    records(true),
    {
      label: "reports",
      to: "/reports",
      icon: BarChart3,
      children: [
        leaf("providerActivity", "/reports/provider-activity"),
        leaf("recordings", "/reports/recordings"),
        leaf("remoteMonitoring", "/reports/remote-monitoring"),
      ],
    },
    { label: "settings", to: "/settings", icon: Settings },
    {
      label: "audit",
      to: "/audit",
      icon: ShieldCheck,
      children: [leaf("errorLog", "/audit/error-log"), leaf("systemLog", "/audit/system-log")],
    },
    profile,
  ];
}

/** Spec §2 navigation per role. */
export const NAV_BY_ROLE: Record<Role, NavItem[]> = {
  ROLE_PATIENT: PATIENT,
  ROLE_PROVIDER: PROVIDER,
  ROLE_ADMIN: adminNav(false),
  ROLE_SUPER_ADMIN: adminNav(true),
};

export function isInSection(item: NavItem, pathname: string): boolean {
  const prefix = item.section ?? item.to;
  if (item.exact) return pathname === prefix;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

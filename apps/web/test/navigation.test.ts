import { ROLES, type Role } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { NAV_BY_ROLE, type NavItem } from "../src/features/navigation/nav-items";
import { canOpen, ROLE_ROUTES } from "../src/features/navigation/route-access";

const flatten = (items: NavItem[]): NavItem[] =>
  items.flatMap((item) => [item, ...flatten(item.children ?? [])]);

/** The registered route a concrete path resolves to: "/parameters/sets/prices" → "/parameters/sets/$kind". */
function routeOf(role: Role, path: string): string | undefined {
  return [...ROLE_ROUTES[role]].find((route) => {
    const pattern = new RegExp(`^${route.replace(/\$\w+/g, "[^/]+")}$`);
    return pattern.test(path);
  });
}

describe("navigation and route access", () => {
  it.each(ROLES)("every menu entry of %s leads to a route registered for that role", (role) => {
    const unreachable = flatten(NAV_BY_ROLE[role])
      .map((item) => item.to)
      .filter((to) => !canOpen(role, routeOf(role, to)));
    expect(unreachable).toEqual([]);
  });

  it("keeps each role's pages to itself (spec §2 and §6)", () => {
    expect(canOpen("ROLE_PATIENT", "/users/admins")).toBe(false);
    expect(canOpen("ROLE_PATIENT", "/roster")).toBe(false);
    expect(canOpen("ROLE_PROVIDER", "/to-do")).toBe(false);
    expect(canOpen("ROLE_PROVIDER", "/audit")).toBe(false);
    expect(canOpen("ROLE_ADMIN", "/parameters/sets")).toBe(false);
    expect(canOpen("ROLE_SUPER_ADMIN", "/parameters/sets/$kind")).toBe(true);
    expect(canOpen("ROLE_ADMIN", "/calendar/week")).toBe(false);
    expect(canOpen("ROLE_PATIENT", "/calendar/week")).toBe(true);
    expect(canOpen("ROLE_ADMIN", "/dev/mailbox")).toBe(false);
    expect(canOpen("ROLE_SUPER_ADMIN", "/dev/mailbox")).toBe(true);
  });

  it("treats index routes (trailing slash) like their section path", () => {
    expect(canOpen("ROLE_PATIENT", "/calendar/")).toBe(true);
    expect(canOpen("ROLE_ADMIN", "/audit/")).toBe(true);
    expect(canOpen("ROLE_ADMIN", undefined)).toBe(false);
  });

  it("shows the spec's top-level labels per role", () => {
    const labels = (role: Role) => NAV_BY_ROLE[role].map((item) => item.label);
    expect(labels("ROLE_PATIENT")).toEqual([
      "home",
      "toDo",
      "messages",
      "calendar",
      "pastActivity",
      "assessments",
      "medicalHistory",
      "profile",
    ]);
    expect(labels("ROLE_SUPER_ADMIN")).toContain("parameters");
    expect(labels("ROLE_ADMIN")).not.toContain("parameters");
  });
});

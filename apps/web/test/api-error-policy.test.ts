import type { ClientErrorInput, Role } from "@fizio/domain";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { createApiErrorPolicy } from "../src/features/session/api-error-policy";
import { HttpStatusError } from "../src/lib/http-status-error";

function apiError(httpStatus: number, fiz: string, endsSession?: true) {
  return new TRPCClientError(fiz, {
    result: { error: { code: -32600, message: fiz, data: { httpStatus, fiz, params: {}, endsSession } } },
  });
}

/** `role: null` is nobody signed in. */
function setup(pathname: string, role: Role | null = "ROLE_ADMIN") {
  const reports: ClientErrorInput[] = [];
  const signOuts: string[] = [];
  const idle: boolean[] = [];
  const handle = createApiErrorPolicy({
    location: () => ({ pathname, search: "" }),
    role: () => role ?? undefined,
    report: (input) => reports.push(input),
    signOut: (redirect, wasIdle) => {
      signOuts.push(redirect);
      idle.push(wasIdle);
    },
  });
  return { handle, reports, signOuts, idle };
}

describe("what a failed API call leads to", () => {
  it("sends the user to login on 403 and 502 (spec §4), remembering where they were", () => {
    const { handle, signOuts } = setup("/users/admins");
    handle(apiError(502, "FIZ301"), "read", "users.list");
    handle(apiError(403, "FIZ259", true), "write", "users.disable");
    expect(signOuts).toEqual(["/users/admins", "/users/admins"]);
  });

  it("knows a proxy's bare 502 page, which has no tRPC body, by the status apiFetch kept", () => {
    const { handle, signOuts, reports } = setup("/audit");
    handle(TRPCClientError.from(new HttpStatusError(502)), "read", "audit.list");
    expect(signOuts).toEqual(["/audit"]);
    expect(reports[0]).toMatchObject({ status: 502, message: "API Error (GET) audit.list: 502 FIZ301" });
  });

  it("keeps the exemptions: reads on /self-registration, anything on /login", () => {
    const registration = setup("/self-registration", null);
    registration.handle(apiError(502, "FIZ301"), "read", "auth.me");
    expect(registration.signOuts).toEqual([]);
    const login = setup("/login", null);
    login.handle(apiError(403, "FIZ259", true), "write", "auth.login");
    expect(login.signOuts).toEqual([]);
  });

  it("says the session was signed out for inactivity when the server ended it so (FIZ290)", () => {
    const { handle, signOuts, idle } = setup("/messages/inbox", "ROLE_PATIENT");
    handle(apiError(401, "FIZ290"), "read", "messages.unreadCount");
    handle(apiError(401, "FIZ408"), "read", "messages.unreadCount");
    expect(signOuts).toEqual(["/messages/inbox", "/messages/inbox"]);
    expect(idle).toEqual([true, false]);
  });

  it("shows a refused action where it happened instead of ending the session", () => {
    const { handle, signOuts } = setup("/users/admins");
    handle(apiError(403, "FIZ235"), "write", "users.disable");
    expect(signOuts).toEqual([]);
  });

  it("ends the session on the server's word, not the code's: FIZ204 and FIZ402 also refuse acts on other users", () => {
    const admin = setup("/users/patients");
    // A stale list's second delete of a user already deleted, from another tab.
    admin.handle(apiError(403, "FIZ204"), "write", "users.delete");
    admin.handle(apiError(403, "FIZ204"), "read", "users.get");
    expect(admin.signOuts).toEqual([]);
    const provider = setup("/calendar", "ROLE_PROVIDER");
    // An appointment for a patient made inactive meanwhile.
    provider.handle(apiError(403, "FIZ402"), "write", "calendar.events.create");
    expect(provider.signOuts).toEqual([]);
    // The caller's own account deleted: the server says the session is over.
    provider.handle(apiError(403, "FIZ204", true), "read", "calendar.events.range");
    expect(provider.signOuts).toEqual(["/calendar"]);
  });

  it("treats 401 as a lost session only for someone who was signed in", () => {
    const signedIn = setup("/home", "ROLE_PATIENT");
    signedIn.handle(apiError(401, "FIZ408"), "read", "profile.get");
    expect(signedIn.signOuts).toEqual(["/home"]);
    const signedOut = setup("/login", null);
    signedOut.handle(apiError(401, "FIZ258"), "write", "auth.login");
    expect(signedOut.signOuts).toEqual([]);
  });

  it("reports failures as NETWORK errors naming the method, but not answers to user input", () => {
    const { handle, reports } = setup("/audit");
    handle(apiError(500, "FIZ301"), "read", "audit.list");
    handle(apiError(403, "FIZ235"), "write", "users.delete");
    handle(apiError(400, "FIZ038"), "read", "users.list");
    handle(apiError(409, "FIZ203"), "write", "users.delete");
    expect(reports.map((r) => [r.kind, r.message, r.status, r.role])).toEqual([
      ["NETWORK", "API Error (GET) audit.list: 500 FIZ301", 500, "ROLE_ADMIN"],
      ["NETWORK", "API Error (POST/PUT) users.delete: 403 FIZ235", 403, "ROLE_ADMIN"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_LIMITS, clientErrorInput, fieldErrorsFromZod } from "../src";

const report = { kind: "RENDER" as const, message: "boom", path: "/home" };

describe("client error reports", () => {
  it("accepts a report within the caps", () => {
    const within = {
      ...report,
      message: "m".repeat(CLIENT_ERROR_LIMITS.message),
      stack: "s".repeat(CLIENT_ERROR_LIMITS.stack),
      path: "/".repeat(CLIENT_ERROR_LIMITS.path),
      role: "ROLE_ADMIN",
      status: 500,
    };
    expect(clientErrorInput.safeParse(within).success).toBe(true);
  });

  it.each([
    ["message", { message: "m".repeat(CLIENT_ERROR_LIMITS.message + 1) }],
    ["stack", { stack: "s".repeat(CLIENT_ERROR_LIMITS.stack + 1) }],
    ["path", { path: "/".repeat(CLIENT_ERROR_LIMITS.path + 1) }],
  ])("refuses an over-long %s with FIZ003", (field, extra) => {
    const result = clientErrorInput.safeParse({ ...report, ...extra });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromZod(result.error!)).toEqual([
      { path: field, code: "FIZ003", params: { max: CLIENT_ERROR_LIMITS[field as "message"] } },
    ]);
  });

  it("takes only a known role and an HTTP-like status", () => {
    expect(clientErrorInput.safeParse({ ...report, role: "ROLE_ROOT" }).success).toBe(false);
    expect(clientErrorInput.safeParse({ ...report, status: 100_000 }).success).toBe(false);
  });
});

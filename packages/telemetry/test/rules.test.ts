import { describe, expect, it } from "vitest";
import { telemetrySpanPath } from "../src/http";
import { jobOutcome } from "../src/jobs";

describe("telemetrySpanPath", () => {
  it("keeps an API path, which names only procedures, and drops its query string (the inputs)", () => {
    expect(
      telemetrySpanPath('/api/v1/roster.search?input={"0":{"json":{"q":"Smith"}}}', "/api/v1/:path"),
    ).toBe("/api/v1/roster.search");
    expect(telemetrySpanPath("/api/v1/auth.me,users.me?batch=1", "/api/v1/:path")).toBe(
      "/api/v1/auth.me,users.me",
    );
  });

  it("replaces any other path by its route pattern: a page's path may hold a patient's id or a token", () => {
    expect(telemetrySpanPath("/records/patients/4f6c1b2e-0d1a-4c55-9c1e-7b1f2a3c4d5e/plans", "/*")).toBe(
      "/*",
    );
    expect(telemetrySpanPath("/login/create-new-password/secret-token", "/*")).toBe("/*");
    expect(telemetrySpanPath("/nowhere?x=1", undefined)).toBe("unmatched");
  });
});

describe("jobOutcome", () => {
  it("tells a success, a failure graphile-worker retries, and a failure on the last attempt", () => {
    expect(jobOutcome(false, { attempts: 5, max_attempts: 5 })).toBe("success");
    expect(jobOutcome(true, { attempts: 1, max_attempts: 5 })).toBe("retry");
    expect(jobOutcome(true, { attempts: 5, max_attempts: 5 })).toBe("failed");
  });
});

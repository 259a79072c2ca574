import { describe, expect, it } from "vitest";
import { redactUrl } from "../src/log-redaction";

describe("URLs in the logs", () => {
  it("keeps an API call's procedure names and drops its input", () => {
    expect(redactUrl("/api/v1/patients.get,auth.me?batch=1&input=%7B%220%22%3A%7B%7D%7D")).toBe(
      "/api/v1/patients.get,auth.me?[redacted]",
    );
    expect(redactUrl("/api/v1/auth.login")).toBe("/api/v1/auth.login");
  });

  it("drops the recovery token from the page path, and leaves other pages alone", () => {
    expect(redactUrl("/login/create-new-password/abc123?x=1")).toBe(
      "/login/create-new-password/[redacted]?x=1",
    );
    expect(redactUrl("/login?redirect=%2Fhome")).toBe("/login?redirect=%2Fhome");
  });
});

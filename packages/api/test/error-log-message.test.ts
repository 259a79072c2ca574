import { describe, expect, it } from "vitest";
import { errorLogMessage, stackFramesOf } from "../src/error-log";

class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

describe("what the error log keeps of a server failure", () => {
  it("names the classes and codes of the whole chain, never a message", () => {
    const cause = new DatabaseError('duplicate key value violates "users_email" (ana@example.com)', "23505");
    const error = new Error("Failed query: insert into users values ($1)\nparams: ana@example.com", {
      cause,
    });
    expect(errorLogMessage("FIZ301", error)).toBe("FIZ301 Error > DatabaseError [23505]");
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    expect(errorLogMessage("FIZ301", refused)).toBe("FIZ301 Error [ECONNREFUSED]");
  });

  it("drops codes and names that could carry values", () => {
    const error = Object.assign(new Error("x"), { code: "token=abc; user ana@example.com" });
    expect(errorLogMessage("FIZ301", error)).toBe("FIZ301 Error");
    expect(errorLogMessage("FIZ301", "a thrown string with secrets")).toBe("FIZ301 Error");
  });

  it("keeps only the stack's frames, not the message lines above them", () => {
    const error = new Error("select * from users where email = 'ana@example.com'\nsecond line");
    const frames = stackFramesOf(error);
    expect(frames).not.toContain("ana@example.com");
    expect(frames?.split("\n").every((line) => /^\s+at /.test(line))).toBe(true);
    expect(stackFramesOf("not an error")).toBeNull();
  });
});

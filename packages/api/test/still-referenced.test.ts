import { describe, expect, it } from "vitest";
import { stillReferencedError } from "../src/errors";

/** node-postgres' error for a row deleted while another still points at it, as drizzle wraps it. */
const wrapped = (code: string, detail: string) =>
  new Error("Failed query: delete from …", { cause: Object.assign(new Error("violates"), { code, detail }) });

describe("a row deleted while still in use", () => {
  it("reads as in use (FIZ270), not a server error", () => {
    const error = stillReferencedError(
      wrapped("23503", 'Key (id)=(d960f49c) is still referenced from table "activity_sessions".'),
    );
    expect(error?.code).toBe("FIZ270");
    expect(error?.status).toBe("CONFLICT");
  });

  it("leaves other failures alone: a missing parent row, a unique violation, anything else", () => {
    expect(stillReferencedError(wrapped("23503", 'Key (user_id)=(x) is not present in table "users".'))).toBe(
      undefined,
    );
    expect(stillReferencedError(wrapped("23505", "Key (name)=(x) already exists."))).toBe(undefined);
    expect(stillReferencedError(new Error("boom"))).toBe(undefined);
  });
});

import { AppError } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { withConflicts } from "../src/conflicts";

const pgError = (code: string, constraint?: string) => Object.assign(new Error(code), { code, constraint });

describe("withConflicts", () => {
  it("runs a transaction Postgres aborted as a deadlock again (two conflicting bookings at one instant)", async () => {
    let runs = 0;
    const result = await withConflicts(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error("Failed query", { cause: pgError("40P01") });
        throw pgError("23P01", "event_providers_no_overlap");
      },
      { event_providers_no_overlap: "FIZ227" },
    ).catch((error: unknown) => error);
    expect(runs).toBe(2);
    expect(result).toBeInstanceOf(AppError);
    expect((result as AppError).code).toBe("FIZ227");
  });

  it("gives up after three deadlocks and lets the failure through", async () => {
    let runs = 0;
    await expect(
      withConflicts(async () => {
        runs += 1;
        throw pgError("40P01");
      }),
    ).rejects.toThrow("40P01");
    expect(runs).toBe(3);
  });
});

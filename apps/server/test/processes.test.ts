import { describe, expect, it } from "vitest";
import { serverProcesses } from "../src/processes";

describe("SERVER_PROCESSES", () => {
  it("is one process unless set", () => {
    expect(serverProcesses({})).toBe(1);
    expect(serverProcesses({ SERVER_PROCESSES: "" })).toBe(1);
  });

  it("takes a whole number of processes", () => {
    expect(serverProcesses({ SERVER_PROCESSES: "2" })).toBe(2);
  });

  it("refuses anything else at start-up, naming the variable", () => {
    for (const value of ["0", "-1", "1.5", "two", "65"])
      expect(() => serverProcesses({ SERVER_PROCESSES: value })).toThrow(/SERVER_PROCESSES/);
  });
});

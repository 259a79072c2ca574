import { describe, expect, it } from "vitest";
import { AppError, type AssignmentChange, nextOrganizations } from "../src";

const [A, B, C] = ["org-a", "org-b", "org-c"];
const base: AssignmentChange = {
  role: "ROLE_PROVIDER",
  isDefaultProvider: false,
  home: A,
  current: [A],
  requested: undefined,
  actorOrganizations: [A, B],
  allOrganizations: [A, B, C],
};
const codeOf = (change: Partial<AssignmentChange>) => {
  try {
    nextOrganizations({ ...base, ...change });
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : error;
  }
};

describe("organisation assignment (spec §3, §5, §6)", () => {
  it("keeps the home organisation and adds the ones asked for that the admin is in", () => {
    expect(nextOrganizations({ ...base, requested: [B] })).toEqual([A, B]);
    expect(nextOrganizations({ ...base, current: [A, B], requested: [A] })).toEqual([A]);
    expect(nextOrganizations({ ...base, current: [A, B] })).toEqual([A, B]);
  });

  it("refuses an organisation the admin does not belong to (FIZ414), but keeps one already held", () => {
    expect(codeOf({ requested: [A, C] })).toBe("FIZ414");
    // C is out of the admin's reach: a form that leaves it out does not take it away.
    expect(nextOrganizations({ ...base, current: [A, C], requested: [A, B] })).toEqual([A, B, C]);
  });

  it("keeps a patient in one organisation (FIZ414)", () => {
    expect(codeOf({ role: "ROLE_PATIENT", requested: [A, B] })).toBe("FIZ414");
    expect(nextOrganizations({ ...base, role: "ROLE_PATIENT", requested: [A] })).toEqual([A]);
  });

  it("keeps the default provider in every organisation (FIZ026)", () => {
    const fullyAssigned = { isDefaultProvider: true, current: [A, B, C], actorOrganizations: [A, B, C] };
    expect(codeOf({ ...fullyAssigned, requested: [A, B] })).toBe("FIZ026");
    expect(nextOrganizations({ ...base, ...fullyAssigned, requested: [A, B, C] })).toEqual([A, B, C]);
  });
});

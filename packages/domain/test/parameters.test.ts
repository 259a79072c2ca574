import { describe, expect, it } from "vitest";
import {
  AppError,
  assertValueChangeAllowed,
  codeFields,
  createParameterValueInput,
  inUseError,
  kindOfSlug,
  kindSlug,
  normalizeValue,
  PARAMETER_SET_KINDS,
  parseCodeCsv,
  startParameterImageInput,
  updateParameterValueInput,
} from "../src";

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("parameter values", () => {
  it("are one value regardless of case and spaces", () => {
    expect(normalizeValue("  Sports   Medicine ")).toBe("sports medicine");
    expect(createParameterValueInput.parse({ kind: "SPECIALTIES", value: " Hand  therapy " }).value).toBe(
      "Hand therapy",
    );
  });

  it("each set takes its own fields and no other kind's", () => {
    expect(issues(createParameterValueInput.safeParse({ kind: "TEXT_ACTIVITIES", value: "Walk" }))).toEqual({
      text: "FIZ001",
    });
    expect(
      issues(createParameterValueInput.safeParse({ kind: "IMAGE_ACTIVITIES", value: "Bridge" })),
    ).toEqual({
      imageUploadId: "FIZ001",
    });
    // An edit keeps the picture it has unless a new upload is named; a picture is never a storage key.
    const edited = { kind: "IMAGE_ACTIVITIES", value: "Bridge", id: "4d6e3f0a-8a0b-4c51-9d4e-2f0b8f1e6a11" };
    expect(updateParameterValueInput.safeParse(edited).success).toBe(true);
    expect(
      issues(
        updateParameterValueInput.safeParse({ ...edited, imageUploadId: "parameters/image-activities/x" }),
      ),
    ).toEqual({ imageUploadId: "FIZ002" });
    expect(
      issues(updateParameterValueInput.safeParse({ ...edited, kind: "TYPES", imageUploadId: edited.id })),
    ).toEqual({ imageUploadId: "FIZ007" });
    expect(issues(createParameterValueInput.safeParse({ kind: "PRICES", value: "Visit" }))).toEqual({
      amountCents: "FIZ001",
    });
    expect(
      issues(
        createParameterValueInput.safeParse({ kind: "CREDENTIALS", value: "PT", text: "x", amountCents: 5 }),
      ),
    ).toEqual({ text: "FIZ007", amountCents: "FIZ007" });
    expect(
      issues(createParameterValueInput.safeParse({ kind: "PRICES", value: " standard", amountCents: 5 })),
    ).toEqual({ value: "FIZ069" });
    expect(
      issues(createParameterValueInput.safeParse({ kind: "PRICES", value: "Visit", amountCents: 100_000 })),
    ).toEqual({ amountCents: "FIZ068" });
    expect(issues(createParameterValueInput.safeParse({ kind: "TYPES", value: "  " }))).toEqual({
      value: "FIZ001",
    });
  });

  it("in use: organisations FIZ211, text and image activities FIZ212, the rest FIZ270", () => {
    expect(inUseError("ORGANIZATIONS")).toBe("FIZ211");
    expect(inUseError("IMAGE_ACTIVITIES")).toBe("FIZ212");
    expect(inUseError("SPECIALTIES")).toBe("FIZ270");
    const refused = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        return (e as AppError).code;
      }
      return null;
    };
    expect(refused(() => assertValueChangeAllowed("SPECIALTIES", 2, { stored: "Sports", next: null }))).toBe(
      "FIZ270",
    );
    expect(
      refused(() => assertValueChangeAllowed("SPECIALTIES", 2, { stored: "Sports", next: "Sport" })),
    ).toBe("FIZ270");
    expect(
      refused(() => assertValueChangeAllowed("SPECIALTIES", 2, { stored: "Sports", next: " sports" })),
    ).toBe(null);
    expect(
      refused(() => assertValueChangeAllowed("TEXT_ACTIVITIES", 0, { stored: "Walk", next: null })),
    ).toBe(null);
    expect(new AppError("FIZ270")).toBeInstanceOf(AppError);
  });

  it("kinds and their URL segments go both ways", () => {
    expect(kindSlug("TEXT_ACTIVITIES")).toBe("text-activities");
    for (const kind of PARAMETER_SET_KINDS)
      expect(kindOfSlug(PARAMETER_SET_KINDS, kindSlug(kind))).toBe(kind);
    expect(kindOfSlug(PARAMETER_SET_KINDS, "nope")).toBeUndefined();
  });

  it("an activity picture is JPEG, PNG or WebP within 5 MB", () => {
    expect(
      startParameterImageInput.safeParse({ name: "a.webp", contentType: "image/webp", size: 10 }).success,
    ).toBe(true);
    expect(
      issues(startParameterImageInput.safeParse({ name: "a.png", contentType: "image/jpeg", size: 10 })),
    ).toEqual({
      name: "FIZ056",
    });
    expect(
      issues(
        startParameterImageInput.safeParse({
          name: "a.png",
          contentType: "image/png",
          size: 5 * 1024 * 1024 + 1,
        }),
      ),
    ).toEqual({ size: "FIZ057" });
  });
});

describe("codes", () => {
  const code = (kind: string, value: string, unit?: string) =>
    issues(codeFields.safeParse({ kind, code: value, description: "d", unit }));

  it("follow each kind's format, upper-cased", () => {
    expect(codeFields.parse({ kind: "CONDITIONS", code: " s83.511a ", description: "ACL" }).code).toBe(
      "S83.511A",
    );
    expect(codeFields.parse({ kind: "CONDITIONS", code: "m25562", description: "Knee" }).code).toBe(
      "M25.562",
    );
    expect(code("CONDITIONS", "I10")).toEqual({});
    expect(code("CONDITIONS", "U07.1")).toEqual({ code: "FIZ006" });
    expect(code("CONDITIONS", "M17.11111")).toEqual({ code: "FIZ006" });
    expect(code("PROCEDURES", "0232T")).toEqual({});
    expect(code("PROCEDURES", "9711")).toEqual({ code: "FIZ006" });
    expect(code("SERVICES", "G0283", "VISIT")).toEqual({});
    expect(code("SERVICES", "97110")).toEqual({ unit: "FIZ001" });
    expect(code("MEDICATIONS", "0071-0155-23")).toEqual({});
    expect(code("MEDICATIONS", "abc")).toEqual({ code: "FIZ006" });
    expect(code("CONDITIONS", "M54.2", "VISIT")).toEqual({ unit: "FIZ007" });
  });
});

describe("a CSV of codes", () => {
  const existing = new Set(["M54.2"]);

  it("gives every valid row, normalised, with quoted commas and a byte-order mark", () => {
    const result = parseCodeCsv(
      "CONDITIONS",
      '\uFEFFCode, Description\nm25562,"Pain, left knee"\n\nI10,Hypertension\n',
      existing,
    );
    expect(result).toEqual({
      ok: true,
      codes: [
        { kind: "CONDITIONS", code: "M25.562", description: "Pain, left knee", unit: null },
        { kind: "CONDITIONS", code: "I10", description: "Hypertension", unit: null },
      ],
    });
  });

  it("reports every broken row by line and column, and returns no code at all", () => {
    const result = parseCodeCsv(
      "CONDITIONS",
      "code,description\nM25.562,Left knee\nm25.562,Twice\nXYZ,Bad\n,No code\nM54.2,Already there\nM62.81,",
      existing,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { row: 3, column: "code", code: "FIZ008", params: { row: 2 } },
        { row: 4, column: "code", code: "FIZ006" },
        { row: 5, column: "code", code: "FIZ001" },
        { row: 6, column: "code", code: "FIZ207" },
        { row: 7, column: "description", code: "FIZ001" },
      ],
    });
  });

  it("needs the kind's columns, a unit for services only, and at least one row", () => {
    expect(parseCodeCsv("SERVICES", "code,description\n97110,x", existing)).toEqual({
      ok: false,
      errors: [{ row: 1, column: "unit", code: "FIZ001" }],
    });
    expect(parseCodeCsv("CONDITIONS", "code,description,unit\nI10,x,VISIT", existing)).toEqual({
      ok: false,
      errors: [{ row: 1, column: "unit", code: "FIZ007" }],
    });
    expect(parseCodeCsv("CONDITIONS", "code,description\n", existing)).toEqual({
      ok: false,
      errors: [{ row: 2, column: "code", code: "FIZ058" }],
    });
    expect(parseCodeCsv("SERVICES", "code,description,unit\n97750,Test,WEEKLY\n97535,,", existing)).toEqual({
      ok: false,
      errors: [
        { row: 2, column: "unit", code: "FIZ002" },
        { row: 3, column: "description", code: "FIZ001" },
        { row: 3, column: "unit", code: "FIZ001" },
      ],
    });
  });

  it("refuses a malformed line (an unclosed quote)", () => {
    const result = parseCodeCsv("CONDITIONS", 'code,description\nI10,"Hypertension\nM54.5,Back', existing);
    expect(result.ok).toBe(false);
  });
});

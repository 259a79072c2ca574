import { ANALYSIS_FAILURE_CODES } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { analysisFailureMessage, analysisFailureMessages } from "../src";

describe("analysis failure reasons", () => {
  it.each(["en", "es"] as const)("has a %s sentence for every failure code, distinct per code", (locale) => {
    const sentences = ANALYSIS_FAILURE_CODES.map((code) => analysisFailureMessages[locale][code]?.trim());
    expect(sentences.every(Boolean)).toBe(true);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it("localises a stored code and falls back to the generic reason for an unknown one", () => {
    expect(analysisFailureMessage("NOT_A_VIDEO", "es")).toBe("El archivo subido no es un video.");
    expect(analysisFailureMessage("SOMETHING_NEW", "en")).toBe(analysisFailureMessages.en.ANALYSIS_ERROR);
  });
});

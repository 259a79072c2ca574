import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analysisFailureMessages, errorMessages, uiMessages } from "../src";

/** British spellings the US-English product must not show (organization, analyzed, program, color, canceled, …). */
const BRITISH =
  /\b(organis(e|ed|es|ing|ation|ations)|analys(e|ed|ing)|cancell(ed|ing)|colour(s|ed)?|programme(s)?|centre(s)?|catalogue(s)?|behaviour(s)?|favourite|enrol|enrolment|authoris(e|ed)|recognis(e|ed)|licence)\b/i;

function leaves(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (node && typeof node === "object") return Object.values(node).flatMap(leaves);
  return [];
}

/** The sentences and labels of a template module: its string literals that read as words (the rest are identifiers). */
function templateTexts(file: string): string[] {
  const source = readFileSync(join(__dirname, "../src", file), "utf8");
  return [...source.matchAll(/"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)]
    .map((match) => match[0].slice(1, -1))
    .filter((text) => /\s/.test(text) || /^[A-Z][a-z]/.test(text));
}

describe("English uses US spelling everywhere users read it", () => {
  const texts = [
    ...leaves(uiMessages.en),
    ...leaves(errorMessages.en),
    ...leaves(analysisFailureMessages.en),
    ...["calendar-email.ts", "notification-email.ts", "document-texts.ts", "email.ts"].flatMap(templateTexts),
  ];

  it("reads the catalogues and the email and PDF templates", () => {
    expect(texts.length).toBeGreaterThan(1000);
  });

  it("has no British spelling", () => {
    expect(texts.filter((text) => BRITISH.test(text.replace(/\{\{\w+\}\}|\$\{[^}]*\}/g, "")))).toEqual([]);
  });
});

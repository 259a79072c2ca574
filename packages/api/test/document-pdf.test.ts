import type { AnalysisResult } from "@fizio/domain";
import { documentTexts, type Locale } from "@fizio/i18n";
import { describe, expect, it } from "vitest";
import { type DocumentContent, renderDocumentPdf } from "../src/documents/render-pdf";
import { pageProblems, pdfPages } from "./pdf-text";

const result = {
  joints: [
    {
      joint: "KNEE",
      side: "LEFT",
      measured: { range: 92, min: 3, max: 95 },
      meanAbsError: 4.2,
      withinTolerance: 0.8,
    },
  ],
} as unknown as AnalysisResult;

/** A document of one plan with `sessions` sessions and `results` rows of results: the size sets the pages. */
function content(locale: Locale, size: { sessions: number; results: number }): DocumentContent {
  return {
    locale,
    title: "Progress report",
    clinic: {
      name: "Riverside Physical Therapy",
      address: "12 Main St\nSpringfield, IL 62701",
      phone: "+1 555 010 2030",
      email: "desk@riverside.example",
    },
    patient: { name: "Alex Morgan", dateOfBirth: "1990-04-12" },
    generatedAt: new Date("2026-11-30T12:00:00Z"),
    timeZone: "UTC",
    assessments: [],
    plans: [
      {
        name: "Knee rehab",
        status: "CURRENT",
        longTermGoal: "Walk 2 km without pain",
        diagnosis: "ACL reconstruction",
        sessions: Array.from({ length: size.sessions }, (_, i) => ({
          date: `2026-0${1 + (i % 9)}-1${i % 10}`,
          activities: [
            { name: "Heel slides", reps: 10, sets: 3 },
            { name: "Quad sets", reps: 12, sets: 2 },
            { name: "Straight leg raise", reps: null, sets: null },
          ],
        })),
      },
      { name: "Hip mobility", status: "COMPLETED", longTermGoal: null, diagnosis: null, sessions: [] },
    ],
    results: Array.from({ length: size.results }, (_, i) => ({
      recordingDate: new Date(Date.UTC(2026, 10, 1 + (i % 28))),
      activity: "Heel slides",
      result,
    })),
  };
}

const LABELS = {
  en: [
    "Patient: Alex Morgan",
    "Treatment plans",
    "Knee rehab (Current)",
    "Hip mobility (Completed)",
    "Session 1",
  ],
  es: [
    "Paciente: Alex Morgan",
    "Planes de tratamiento",
    "Knee rehab (Actual)",
    "Hip mobility (Completado)",
    "Sesión 1",
  ],
} satisfies Record<Locale, string[]>;

describe.each(["en", "es"] as const)("a generated document in %s", (locale) => {
  const t = documentTexts[locale];

  it.each([
    { pages: 1, size: { sessions: 2, results: 3 } },
    { pages: 4, size: { sessions: 30, results: 40 } },
  ])(
    "of $pages page(s): every page numbered at its foot, none holding its footer alone",
    async ({ pages: expected, size }) => {
      const pages = await pdfPages(await renderDocumentPdf(content(locale, size)));
      expect(pages).toHaveLength(expected);
      expect(pageProblems(pages, t.page)).toEqual([]);
      const text = pages.join("\n");
      for (const label of [...LABELS[locale], t.results, t.columns.joint]) expect(text).toContain(label);
      // No plan status or other enum value printed as its raw code.
      expect(text).not.toMatch(/\b(CURRENT|COMPLETED|DRAFT|TERMINATED|CANCELLED|KNEE|LEFT)\b/);
    },
  );

  it("is headed with the clinic's contact details and signed by the clinic on every page", async () => {
    const pages = await pdfPages(await renderDocumentPdf(content(locale, { sessions: 30, results: 40 })));
    expect(pages[0]).toContain("Riverside Physical Therapy");
    expect(pages[0]).toContain("12 Main St, Springfield, IL 62701");
    for (const page of pages)
      expect(page).toContain("Riverside Physical Therapy · +1 555 010 2030 · desk@riverside.example");
  });
});

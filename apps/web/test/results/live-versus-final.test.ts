import { ANALYSIS_SCHEMA_VERSION, type AnalysisResult, type LiveRepRecord } from "@fizio/domain";
import { createI18n } from "@fizio/i18n";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { LiveVersusFinal } from "../../src/features/results/live-versus-final";

const live = (startT: number, min: number, cue: LiveRepRecord["cue"], inRange: boolean): LiveRepRecord => ({
  set: 1,
  startT,
  endT: startT + 3,
  durationSeconds: 3,
  confidence: 0.9,
  ranges: [{ joint: "KNEE", side: "LEFT", min, max: 170 }],
  cue,
  inRange,
  achieved: 170 - min,
  target: 95,
});

// The knee bends to 75° in the first rep and only to 100° in the second.
const series = [0, 1, 2, 2.5, 3, 4, 5, 6, 6.5, 7, 8].map((t) => ({
  t,
  patient: t === 2.5 ? 75 : t === 6.5 ? 100 : 170,
  reference: 170,
}));
const result: AnalysisResult = {
  schemaVersion: ANALYSIS_SCHEMA_VERSION,
  overallAverageError: 5,
  joints: [
    {
      joint: "KNEE",
      side: "LEFT",
      meanAbsError: 5,
      withinTolerance: 0.8,
      tolerance: 10,
      coverage: 1,
      series,
    },
  ],
  reps: [
    { index: 0, startT: 1, endT: 4, errorByJoint: { KNEE_LEFT: 3 }, score: 91 },
    { index: 1, startT: 5, endT: 8, errorByJoint: { KNEE_LEFT: 9 }, score: 64.4 },
  ],
  repCount: 2,
  coverage: 1,
  durationSeconds: 9,
  framesAnalysed: 90,
  modelName: "test",
  cvFps: 10,
};
const liveReps = [live(1, 77, "good", true), live(5, 102, "bendFurther", false)];

function render(locale: "en" | "es", viewer: "patient" | "staff", reps: LiveRepRecord[] | null = liveReps) {
  // createElement rather than JSX: the unit tests are .ts files.
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(locale) },
      createElement(LiveVersusFinal, { liveReps: reps, result, viewer }),
    ),
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the result page's live cues beside the final analysis", () => {
  it("shows each rep's live cue and range beside the final range, with what the figures mean", () => {
    const html = render("en", "patient");
    const shown = text(html);
    expect(html).toContain('aria-label="Live cue and range beside the final range, per rep"');
    expect(shown).toContain("Live cues and the final analysis");
    expect(shown).toContain("which is what your therapist reviews");
    expect(shown).toContain("Rep 1 Good 93° 95° -2° 91");
    expect(shown).toContain("Rep 2 Bend further (68° of 95°) 68° 70° -2° 64");
    // On a phone each cell names its column.
    expect(html).toContain('data-label="Final range"');
  });

  it("speaks to the therapist about the record, and in Spanish (usted)", () => {
    expect(text(render("en", "staff"))).toContain("the live figures never change it");
    const spanish = text(render("es", "patient"));
    expect(spanish).toContain("Indicaciones en vivo y análisis final");
    expect(spanish).toContain("le dio una indicación");
    expect(spanish).toContain("Repetición 2");
  });

  it("shows nothing for a recording sent without live figures", () => {
    expect(render("en", "patient", null)).toBe("");
    expect(render("en", "patient", [])).toBe("");
  });
});

import { type AnalysisFailureCode, isAnalysisFailureCode } from "@fizio/domain";
import { analysisFailures as en } from "./locales/en/analysis";
import { analysisFailures as es } from "./locales/es/analysis";
import type { Locale } from "./types";

export const analysisFailureMessages = { en, es } as const;

/**
 * Why a recording or a support video failed, for the person looking at it: the row's failureCode localised.
 * A code this build does not know (a newer worker) falls back to the generic analysis error.
 */
export function analysisFailureMessage(code: string, locale: Locale = "en"): string {
  const known: AnalysisFailureCode = isAnalysisFailureCode(code) ? code : "ANALYSIS_ERROR";
  return analysisFailureMessages[locale][known];
}

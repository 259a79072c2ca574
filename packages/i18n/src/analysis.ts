import { type AnalysisFailureCode, isAnalysisFailureCode } from "@fizio/domain";
import { analysisFailures as en } from "./locales/en/analysis";
import { analysisFailures as es } from "./locales/es/analysis";
import type { AnalysisFailureMessages, Locale } from "./types";

export const analysisFailureMessages = { en, es } as const;

/** A failure code's text in one catalogue; a code this build does not know falls back to the generic analysis error. */
export function analysisFailureFrom(messages: AnalysisFailureMessages, code: string): string {
  const known: AnalysisFailureCode = isAnalysisFailureCode(code) ? code : "ANALYSIS_ERROR";
  return messages[known];
}

/**
 * Why a recording or a support video failed, for the person looking at it: the row's failureCode localised.
 * A code this build does not know (a newer worker) falls back to the generic analysis error.
 */
export function analysisFailureMessage(code: string, locale: Locale = "en"): string {
  return analysisFailureFrom(analysisFailureMessages[locale], code);
}

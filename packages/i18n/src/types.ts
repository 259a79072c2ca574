import type { AnalysisFailureCode, FIZ_CATALOGUE } from "@fizio/domain";

export type ErrorKey = (typeof FIZ_CATALOGUE)[keyof typeof FIZ_CATALOGUE]["key"];
export type ErrorMessages = Record<ErrorKey, string>;
export type Locale = "en" | "es";
export type AnalysisFailureMessages = Record<AnalysisFailureCode, string>;

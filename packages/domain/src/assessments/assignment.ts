import { z } from "zod";
import { AppError } from "../errors";

export const patientAssessmentStatusSchema = z.enum(["ASSIGNED", "SUBMITTED"]);
export type PatientAssessmentStatus = z.infer<typeof patientAssessmentStatusSchema>;

/** An assessment is submitted once; a second submission (another tab, a double click) finds it already done. */
export function assertAssessmentOpen(status: PatientAssessmentStatus): void {
  if (status === "SUBMITTED") throw new AppError("FIZ302");
}

/**
 * A plan's assessments are given to the patient when the plan goes live, named after the plan so the same
 * questionnaire in two plans keeps two distinct names (a patient's assessment names are unique).
 */
export function planAssessmentName(templateName: string, planName: string): string {
  return `${templateName} (${planName})`;
}

import type { Role } from "../enums";
import { AppError } from "../errors";

/** Names compare as people read them: case and surrounding spaces do not make a name different. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export interface IntakeTemplateRef {
  id: string;
  name: string;
}

/** FIZ046: no other template, nor an assessment given to a patient, may take the intake assessment's name. */
export function assertNotIntakeName(
  name: string,
  intake: IntakeTemplateRef | null,
  templateId?: string,
): void {
  if (intake && intake.id !== templateId && sameName(name, intake.name))
    throw new AppError("FIZ046", {}, { field: "name" });
}

/** Spec §6: only a super admin may update the intake (initial) assessment template (FIZ407); nobody may rename it (FIZ406). */
export function assertAssessmentTemplateUpdate(
  actorRole: Role,
  template: { isIntake: boolean; name: string },
  nextName: string,
): void {
  if (!template.isIntake) return;
  if (actorRole !== "ROLE_SUPER_ADMIN") throw new AppError("FIZ407");
  if (!sameName(template.name, nextName)) throw new AppError("FIZ406", {}, { field: "name" });
}

/** FIZ405: the intake template gates every new patient's onboarding, so it cannot be deleted. */
export function assertAssessmentTemplateDeletable(template: { isIntake: boolean }): void {
  if (template.isIntake) throw new AppError("FIZ405");
}

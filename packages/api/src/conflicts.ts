import { AppError, type FizCode } from "@fizio/domain";

/** The unique indexes that carry a business rule, and the FIZ code a violation means. */
const CONFLICTS: Record<string, { code: FizCode; field?: string }> = {
  activity_templates_org_name_unique: { code: "FIZ208", field: "name" },
  session_templates_org_name_unique: { code: "FIZ208", field: "name" },
  plan_templates_org_name_unique: { code: "FIZ208", field: "name" },
  assessment_templates_org_name_unique: { code: "FIZ045", field: "name" },
  treatment_plans_patient_name_unique: { code: "FIZ210", field: "name" },
  treatment_plans_one_current: { code: "FIZ232" },
  patient_assessments_patient_name_unique: { code: "FIZ047", field: "name" },
  // The exclusion constraint that keeps a provider's events from overlapping (a public booking overrides it).
  event_providers_no_overlap: { code: "FIZ213", field: "startOn" },
  health_plans_patient_cob_unique: { code: "FIZ008", field: "plans" },
  patient_documents_name_unique: { code: "FIZ047", field: "name" },
  engagement_templates_name_unique: { code: "FIZ208", field: "name" },
  engagement_programs_name_unique: { code: "FIZ047", field: "name" },
  video_groups_org_name_unique: { code: "FIZ053", field: "name" },
  reference_videos_group_name_unique: { code: "FIZ055", field: "name" },
  prices_description_unique: { code: "FIZ069", field: "description" },
  prices_service_code_unique: { code: "FIZ294", field: "serviceCode" },
};

function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    // 23505 unique violation, 23P01 exclusion violation.
    if ((code === "23505" || code === "23P01") && typeof constraint === "string") return constraint;
  }
  return undefined;
}

/**
 * Runs a write and turns a unique-index violation into its FIZ code. The indexes are the last word on
 * uniqueness, also when two requests race; `overrides` re-reads a violation where it means something else.
 */
export async function withConflicts<T>(
  work: () => Promise<T>,
  overrides: Record<string, FizCode> = {},
): Promise<T> {
  try {
    return await retryDeadlock(work);
  } catch (error) {
    const constraint = violatedConstraint(error);
    const conflict = constraint ? CONFLICTS[constraint] : undefined;
    if (!constraint || !conflict) throw error;
    const code = overrides[constraint] ?? conflict.code;
    throw new AppError(code, {}, { field: overrides[constraint] ? undefined : conflict.field, cause: error });
  }
}

const DEADLOCK_ATTEMPTS = 3;

const isDeadlock = (error: unknown) => {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "40P01") return true;
  return false;
};

/**
 * Two transactions inserting conflicting rows at the same instant each wait on the other's exclusion check, and
 * Postgres aborts one (40P01). Its work rolled back whole, so it runs again, and the constraint then answers
 * plainly (the other's row is committed): a clear FIZ code instead of a server error.
 */
async function retryDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
  }
}

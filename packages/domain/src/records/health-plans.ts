import { z } from "zod";
import { MAX_HEALTH_PLANS } from "../constants";
import { isoDateSchema } from "../dates";
import { idSchema } from "../treatment/fields";
import { timeZoneSchema } from "../treatment/schedule";

export const COB_ORDERS = ["PRIMARY", "SECONDARY", "TERTIARY"] as const;
export type CobOrder = (typeof COB_ORDERS)[number];
export const RELATIONSHIPS = ["SELF", "SPOUSE", "PARENT", "OTHER"] as const;
/** The PLAN_NAMES parameter set until parameters are editable: the payers a US clinic sees most. */
export const PLAN_NAMES = [
  "Medicare",
  "Medicaid",
  "Aetna",
  "Blue Cross Blue Shield",
  "Cigna",
  "Humana",
  "UnitedHealthcare",
  "Kaiser Permanente",
  "Tricare",
  "Workers' Compensation",
] as const;

const text = (max: number) => z.string().trim().min(1, { error: "FIZ001" }).max(max, { error: "FIZ003" });

/** A stored plan comes back with its id and is updated in place; a plan without one is added. */
export const healthPlanFields = z.object({
  id: idSchema.optional(),
  planName: text(120),
  planId: text(40),
  group: z.string().trim().max(40, { error: "FIZ003" }).default(""),
  cob: z.enum(COB_ORDERS, { error: "FIZ002" }),
  primaryInsured: z.enum(RELATIONSHIPS, { error: "FIZ002" }),
  primaryDateOfBirth: isoDateSchema,
  effectiveDate: isoDateSchema,
});
export type HealthPlanFields = z.infer<typeof healthPlanFields>;

export interface PlanIssue {
  path: string;
  code: "FIZ008" | "FIZ016" | "FIZ021" | "FIZ022" | "FIZ023";
}

/**
 * Spec §5: at most three plans (FIZ021); when there are any, one is PRIMARY (FIZ022) and no order or stored plan
 * repeats (FIZ008); the primary insured was born before today (FIZ016); a plan is already in effect, its effective
 * date today or earlier, and not before the insured was born (FIZ023). `today` is the caller's, so the rule
 * stays pure.
 */
export function healthPlanIssues(plans: HealthPlanFields[], today: string): PlanIssue[] {
  const issues: PlanIssue[] = [];
  if (plans.length > MAX_HEALTH_PLANS) issues.push({ path: "plans", code: "FIZ021" });
  if (plans.length > 0 && !plans.some((p) => p.cob === "PRIMARY"))
    issues.push({ path: "plans", code: "FIZ022" });
  plans.forEach((p, i) => {
    if (plans.findIndex((q) => q.cob === p.cob) !== i)
      issues.push({ path: `plans.${i}.cob`, code: "FIZ008" });
    if (p.id && plans.findIndex((q) => q.id === p.id) !== i)
      issues.push({ path: `plans.${i}.id`, code: "FIZ008" });
    if (p.primaryDateOfBirth >= today) issues.push({ path: `plans.${i}.primaryDateOfBirth`, code: "FIZ016" });
    if (p.effectiveDate > today || p.effectiveDate < p.primaryDateOfBirth)
      issues.push({ path: `plans.${i}.effectiveDate`, code: "FIZ023" });
  });
  return issues;
}

export const healthPlansInput = z.object({
  patientId: idSchema,
  plans: z.array(healthPlanFields).max(MAX_HEALTH_PLANS, { error: "FIZ021" }),
  timeZone: timeZoneSchema.default("UTC"),
});

import { AppError } from "../errors";
import type { PlanStatus } from "./enums";

/**
 * The treatment plan status machine (spec §4 leaves the transitions unstated, so they are decided here):
 * - DRAFT is a plan being prepared: it goes live (CURRENT) or is abandoned (CANCELLED).
 * - CURRENT is the one plan the patient is working on: it ends finished (COMPLETED) or stopped early
 *   (TERMINATED).
 * - COMPLETED, TERMINATED and CANCELLED are final. An ended plan is part of the clinical record and is not
 *   reopened; care continues with a new plan, which keeps "one current plan" and the history honest.
 */
export const PLAN_TRANSITIONS: Readonly<Record<PlanStatus, readonly PlanStatus[]>> = {
  DRAFT: ["CURRENT", "CANCELLED"],
  CURRENT: ["COMPLETED", "TERMINATED"],
  COMPLETED: [],
  TERMINATED: [],
  CANCELLED: [],
};

/** A plan starts as a draft or goes live at once. */
export const PLAN_INITIAL_STATUSES = ["DRAFT", "CURRENT"] as const satisfies readonly PlanStatus[];

export function canTransitionPlan(from: PlanStatus, to: PlanStatus): boolean {
  return PLAN_TRANSITIONS[from].includes(to);
}

export function isFinalPlanStatus(status: PlanStatus): boolean {
  return PLAN_TRANSITIONS[status].length === 0;
}

/** FIZ219 names both states: 'Cannot change the treatment plan from {{currentStatus}} to {{targetStatus}}'. */
export function assertPlanTransition(from: PlanStatus, to: PlanStatus): void {
  if (!canTransitionPlan(from, to))
    throw new AppError("FIZ219", { currentStatus: from, targetStatus: to }, { field: "status" });
}

import { updatePlanInput } from "@fizio/domain";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { ApiOutputs } from "../../lib/trpc";

export type StoredPlan = ApiOutputs["plans"]["get"];

/** A plan's content as plans.create (MANUAL) and plans.update take it, checked by the API's own rules. */
export const planContentInput = updatePlanInput.omit({ planId: true });

export type PlanForm = UseFormReturn<
  z.input<typeof planContentInput>,
  unknown,
  z.output<typeof planContentInput>
>;

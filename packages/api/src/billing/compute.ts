import {
  type BillingEntryValues,
  billingPatientOf,
  type DbOrTx,
  findServiceCodePrice,
  findStandardPrice,
  listFeeAdjustments,
  readAll,
} from "@fizio/db";
import { computeBillingEntry, type ServiceUnit } from "@fizio/domain";

export interface ServiceFacts {
  patientId: string;
  service: { code: string; name: string; unit: ServiceUnit } | undefined;
  serviceCode: string;
  serviceName: string;
  serviceDate: string;
  minutes: number;
  units?: number;
}

/**
 * The entry's billed fields for a service, from the patient, their plans and adjustments and the organisation's
 * price for the service code (or its Standard price) as they are now. A computation that cannot be done is kept as an ERROR entry with its FIZ code,
 * so the completed service is never lost and an admin can recompute it once the cause is fixed.
 */
export async function billedFields(
  db: DbOrTx,
  organizationId: string,
  facts: ServiceFacts,
): Promise<Omit<BillingEntryValues, "organizationId" | "patientId" | "source">> {
  const [patient, standard, codePrice, adjustments] = await readAll(db, [
    () => billingPatientOf(db, facts.patientId),
    () => findStandardPrice(db, organizationId),
    () => findServiceCodePrice(db, organizationId, facts.serviceCode),
    () => listFeeAdjustments(db, facts.patientId),
  ]);
  const outcome = computeBillingEntry({
    service: facts.service,
    minutes: facts.minutes,
    units: facts.units,
    serviceDate: facts.serviceDate,
    patient: patient ?? { paymentType: null, healthPlans: [] },
    standardPrice: standard,
    codePrice,
    adjustments,
  });
  const common = {
    serviceCode: facts.serviceCode,
    serviceName: facts.serviceName,
    serviceDate: facts.serviceDate,
    minutes: facts.minutes,
  };
  if (!outcome.ok)
    return {
      ...common,
      status: "ERROR",
      errorCode: outcome.code,
      units: facts.units ?? null,
      unitPriceCents: null,
      amountCents: null,
      payer: patient?.paymentType ?? null,
      healthPlanId: null,
      planName: null,
      planId: null,
      feeAdjustmentId: null,
    };
  const plan = patient?.healthPlans.find((p) => p.id === outcome.entry.healthPlanId);
  return {
    ...common,
    status: "BILLED",
    errorCode: null,
    units: outcome.entry.units,
    unitPriceCents: outcome.entry.unitPriceCents,
    amountCents: outcome.entry.amountCents,
    payer: outcome.entry.payer,
    healthPlanId: outcome.entry.healthPlanId,
    planName: plan?.planName ?? null,
    planId: plan?.planId ?? null,
    feeAdjustmentId: outcome.entry.feeAdjustmentId,
  };
}

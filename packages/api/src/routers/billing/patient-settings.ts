import { updateUser } from "@fizio/db";
import { patientBillingSettingsInput } from "@fizio/domain";
import { loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { adminProcedure } from "../../trpc";

/** An admin sets how a patient pays and whether the payment-method gate applies to them; audited. */
export const updatePatientSettings = adminProcedure
  .input(patientBillingSettingsInput)
  .mutation(async ({ ctx, input }) => {
    const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
    const { patientId, ...settings } = input;
    await ctx.db.transaction(async (tx) => {
      await updateUser(tx, patient.id, settings);
      await audit(
        ctx,
        "billing.patient.settings",
        "patient",
        patientId,
        {
          from: { paymentType: patient.paymentType, enforcePaymentMethod: patient.enforcePaymentMethod },
          to: settings,
        },
        tx,
      );
    });
    return settings;
  });

import { exportInsurance, listInsurance } from "@fizio/db";
import { exportInsuranceInput, listInsuranceInput } from "@fizio/domain";
import { audit, auditListRead } from "../../audit";
import { adminProcedure, router } from "../../trpc";
import { BILLING_EXPORT_MAX } from "./transactions";

/** /billing/insurance: insured patients, their plans and what was billed to each; audited. */
const list = adminProcedure.input(listInsuranceInput).query(async ({ ctx, input }) => {
  const page = await listInsurance(ctx.db, ctx.user.organizationId, input);
  await auditListRead(
    ctx,
    "billing.insurance.read",
    null,
    input,
    page.items.map((row) => ({ id: row.patientId })),
  );
  return page;
});

const exportRows = adminProcedure.input(exportInsuranceInput).query(async ({ ctx, input }) => {
  const rows = await exportInsurance(ctx.db, ctx.user.organizationId, input, BILLING_EXPORT_MAX + 1);
  await audit(ctx, "billing.insurance.export", "patient", null, {
    ...input,
    count: Math.min(rows.length, BILLING_EXPORT_MAX),
  });
  return { rows: rows.slice(0, BILLING_EXPORT_MAX), truncated: rows.length > BILLING_EXPORT_MAX };
});

export const insuranceRouter = router({ list, export: exportRows });

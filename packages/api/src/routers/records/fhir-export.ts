import { patientRecordInput } from "@fizio/domain";
import { loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { buildPatientBundle, resourceCounts } from "../../fhir/bundle";
import { loadPatientRecord } from "../../fhir/load";
import { staffProcedure } from "../../trpc";

/** A patient's whole record as a FHIR R4 Bundle, for their provider or an admin; audited with what it held. */
export const fhirExport = staffProcedure.input(patientRecordInput).query(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const bundle = buildPatientBundle(await loadPatientRecord(ctx.db, patient));
  await audit(ctx, "records.fhir.export", "patient", patient.id, { resources: resourceCounts(bundle) });
  return bundle;
});

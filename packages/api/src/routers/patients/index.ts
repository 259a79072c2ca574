import { listRoster } from "@fizio/db";
import { pageInput, searchSchema } from "@fizio/domain";
import { z } from "zod";
import { loadPatientFor } from "../../access";
import { audit, auditListRead } from "../../audit";
import { router, staffProcedure } from "../../trpc";

/** Providers see their roster; admins see every patient of the organisation. Audited like a record read. */
const list = staffProcedure
  .input(pageInput.extend({ search: searchSchema }))
  .query(async ({ ctx, input }) => {
    const page = await listRoster(
      ctx.db,
      {
        organizationId: ctx.user.organizationId,
        role: "ROLE_PATIENT",
        providerId: ctx.user.role === "ROLE_PROVIDER" ? ctx.user.id : undefined,
      },
      input,
    );
    await auditListRead(ctx, "patients.list", null, input, page.items);
    return page;
  });

const get = staffProcedure
  .input(z.object({ patientId: z.uuid({ error: "FIZ002" }) }))
  .query(async ({ ctx, input }) => {
    const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
    await audit(ctx, "patients.read", "patient", patient.id);
    return {
      id: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      email: patient.email,
      phone: patient.phone,
      dateOfBirth: patient.dateOfBirth,
      gender: patient.gender,
      preferredLanguage: patient.preferredLanguage,
      accessStatus: patient.accessStatus,
      careStage: patient.careStage,
      paymentType: patient.paymentType,
      providerId: patient.providerId,
    };
  });

export const patientsRouter = router({ list, get });

import { listRoster, patientChartHeader } from "@fizio/db";
import {
  AppError,
  addDays,
  mondayOf,
  pageInput,
  RTM_MIN_DATA_DAYS,
  searchSchema,
  timeZoneSchema,
  todayIn,
} from "@fizio/domain";
import { z } from "zod";
import { loadPatientFor } from "../../access";
import { audit, auditListRead } from "../../audit";
import { router, staffProcedure } from "../../trpc";
import { periodsOf } from "../billing/rtm";

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

/**
 * The header of a patient's chart: who they are, their current plan, this week's adherence (in the viewer's week),
 * their last analysed result, next appointment and where their monitoring period stands. The header is read in one
 * statement scoped to the caller's organisation and roster; the access rules answer first (FIZ415, FIZ109).
 */
const chart = staffProcedure
  .input(z.object({ patientId: z.uuid({ error: "FIZ002" }), timeZone: timeZoneSchema.default("UTC") }))
  .query(async ({ ctx, input }) => {
    const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
    const from = mondayOf(todayIn(input.timeZone));
    const header = await patientChartHeader(
      ctx.db,
      {
        organizationId: ctx.user.organizationId,
        providerId: ctx.user.role === "ROLE_PROVIDER" ? ctx.user.id : undefined,
      },
      patient.id,
      { from, to: addDays(from, 6), timeZone: input.timeZone },
      new Date(),
    );
    if (!header) throw new AppError("FIZ104");
    const period = (await periodsOf(ctx, ctx.db, patient)).at(-1) ?? null;
    await audit(ctx, "patients.chart", "patient", patient.id);
    return {
      ...header,
      week: { ...header.week, from },
      rtm: period && {
        start: period.start,
        end: period.end,
        dataDays: period.dataDays,
        minutes: period.minutes,
        daysNeeded: RTM_MIN_DATA_DAYS,
      },
    };
  });

export const patientsRouter = router({ list, get, chart });

import { z } from "zod";
import { dateRange, rangeInOrder } from "../results/schemas";
import { idSchema } from "../treatment/fields";
import { timeZoneSchema } from "../treatment/schedule";
import { pageInput, searchSchema } from "../users/schemas";

/** Rows one audit export holds at most: narrow the filters for more. */
export const AUDIT_EXPORT_MAX = 5_000;

const auditFilters = {
  /** Part of the actor's email. */
  actor: searchSchema,
  /** The start of the action, e.g. "records." or "messages.send". */
  action: searchSchema,
  /** Whom: the patient whose record was read or written. */
  patientId: idSchema.optional(),
  ...dateRange,
  timeZone: timeZoneSchema.default("UTC"),
};

/** /audit: who did what to whose record when, newest first, filtered; days are the viewer's. */
export const listAuditInput = pageInput
  .extend(auditFilters)
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] });
export type AuditFilters = z.infer<typeof listAuditInput>;

export const exportAuditInput = z
  .object(auditFilters)
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] });

export const SYSTEM_LOG_KIND_NAMES = ["JOBS", "WORKERS", "SIGN_INS", "ACCOUNTS", "SETTINGS"] as const;

/** /audit/system-log: by kind and days (the viewer's), newest first. */
export const listSystemLogInput = pageInput
  .extend({
    kind: z.enum(SYSTEM_LOG_KIND_NAMES, { error: "FIZ002" }).optional(),
    ...dateRange,
    timeZone: timeZoneSchema.default("UTC"),
  })
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] });

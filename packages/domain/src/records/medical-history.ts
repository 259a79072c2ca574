import { z } from "zod";
import { isoDateSchema } from "../dates";
import { normalizeIcd10Cm } from "../parameters/code-forms";
import { idSchema } from "../treatment/fields";
import { timeZoneSchema } from "../treatment/schedule";

export const HISTORY_KINDS = ["CONDITION", "MEDICATION", "PROCEDURE"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const HISTORY_STATUSES = ["CURRENT", "PAST"] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

const text = (max: number) => z.string().trim().max(max, { error: "FIZ003" });
const optionalDate = isoDateSchema.nullable().default(null);

/**
 * One medical-history entry (spec §3): a condition coded from the CONDITIONS codes (checked against them by
 * the caller, historyCodeIssue), a medication (prescribed by, dose,
 * frequency) or a procedure (performed by), current or past, with dates. Fields of another kind must be empty
 * (FIZ007); dates cannot be in the future (FIZ014) and end after they start (FIZ013); a past entry needs its
 * end date, a current one has none.
 */
export const historyEntryFields = z
  .object({
    kind: z.enum(HISTORY_KINDS, { error: "FIZ002" }),
    status: z.enum(HISTORY_STATUSES, { error: "FIZ002" }),
    // Only a condition has a code (any other kind's must stay empty): ICD-10-CM, kept in its written form.
    code: text(20).default("").transform(normalizeIcd10Cm),
    name: text(200).default(""),
    dose: text(100).default(""),
    frequency: text(100).default(""),
    prescribedBy: text(120).default(""),
    performedBy: text(120).default(""),
    startDate: optionalDate,
    endDate: optionalDate,
    notes: text(2000).default(""),
  })
  .superRefine((e, ctx) => {
    const issue = (path: string, code: string) =>
      ctx.addIssue({ code: "custom", path: [path], message: code });
    const required = (path: keyof typeof e) => {
      if (!e[path]) issue(path, "FIZ001");
    };
    const empty = (path: keyof typeof e) => {
      if (e[path]) issue(path, "FIZ007");
    };
    if (e.kind === "CONDITION") {
      if (!e.code) issue("code", "FIZ001");
      for (const f of ["dose", "frequency", "prescribedBy", "performedBy"] as const) empty(f);
    } else {
      required("name");
      empty("code");
      if (e.kind === "MEDICATION") {
        required("dose");
        required("frequency");
        empty("performedBy");
      } else {
        for (const f of ["dose", "frequency", "prescribedBy"] as const) empty(f);
      }
    }
    if (e.status === "PAST" && !e.endDate) issue("endDate", "FIZ001");
    if (e.status === "CURRENT" && e.endDate) issue("endDate", "FIZ007");
    if (e.startDate && e.endDate && e.endDate < e.startDate) issue("endDate", "FIZ013");
  });
export type HistoryEntryFields = z.infer<typeof historyEntryFields>;

/** Dates are checked against the caller's today (their zone), passed in so the rule stays pure. */
export function historyDateIssues(e: Pick<HistoryEntryFields, "startDate" | "endDate">, today: string) {
  return (["startDate", "endDate"] as const)
    .filter((f) => (e[f] ?? "") > today)
    .map((path) => ({ path, code: "FIZ014" as const }));
}

/** A condition must carry a code of the CONDITIONS list (FIZ002): whether it does is looked up and passed in. */
export function historyCodeIssue(e: Pick<HistoryEntryFields, "kind">, conditionCodeKnown: boolean) {
  return e.kind === "CONDITION" && !conditionCodeKnown
    ? { path: "code" as const, code: "FIZ002" as const }
    : null;
}

/** The name an entry is listed under: a condition's is its code's description (looked up), then the code. */
export const historyEntryTitle = (e: {
  kind: HistoryKind;
  code: string;
  name: string;
  conditionName?: string | null;
}) => (e.kind === "CONDITION" ? `${e.conditionName ?? e.code} (${e.code})` : e.name);

export const createHistoryEntryInput = z.object({
  patientId: idSchema,
  entry: historyEntryFields,
  timeZone: timeZoneSchema.default("UTC"),
});
export const updateHistoryEntryInput = z.object({
  id: idSchema,
  entry: historyEntryFields,
  timeZone: timeZoneSchema.default("UTC"),
});
export const historyEntryIdInput = z.object({ id: idSchema });
export const patientRecordInput = z.object({ patientId: idSchema });

import Papa from "papaparse";
import { z } from "zod";
import type { FizCode } from "../errors";
import { normalizeCode } from "./code-forms";
import {
  CODE_DESCRIPTION_MAX,
  type CodeFields,
  codeIssues,
  codeKindSchema,
  serviceUnitSchema,
} from "./codes";
import type { CodeKind } from "./kinds";

/** A CSV of codes: at most 1 MB and 5,000 rows (an ICD-10 or CPT subset a clinic uses, not the whole book). */
export const CODE_CSV_MAX_BYTES = 1024 * 1024;
export const CODE_CSV_MAX_ROWS = 5000;

export const importCodesInput = z.object({
  kind: codeKindSchema,
  csv: z.string().min(1, { error: "FIZ058" }).max(CODE_CSV_MAX_BYTES, { error: "FIZ057" }),
});

/** One problem of the file: its line (the header is line 1), the column, and the FIZ code to show. */
export interface CsvRowError {
  row: number;
  column: string;
  code: FizCode;
  params?: Record<string, string | number>;
}

export type CodeCsvResult = { ok: true; codes: CodeFields[] } | { ok: false; errors: CsvRowError[] };

const columnsOf = (kind: CodeKind) =>
  kind === "SERVICES" ? ["code", "description", "unit"] : ["code", "description"];

/**
 * Reads a CSV of codes of one kind and checks every row by the same rules as a code typed in the form: code
 * required and in the kind's format, description required, a unit for services only; no code twice in the
 * file nor one the table already has (`existing`, normalised). All or nothing: any error and no code is
 * returned, only the full list of errors, so a broken file changes nothing.
 */
export function parseCodeCsv(kind: CodeKind, csv: string, existing: ReadonlySet<string>): CodeCsvResult {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const columns = columnsOf(kind);
  const headers = parsed.meta.fields ?? [];
  const errors: CsvRowError[] = [];
  for (const column of columns)
    if (!headers.includes(column)) errors.push({ row: 1, column, code: "FIZ001" });
  if (kind !== "SERVICES" && headers.includes("unit"))
    errors.push({ row: 1, column: "unit", code: "FIZ007" });
  if (errors.length > 0) return { ok: false, errors };
  if (parsed.data.length === 0) return { ok: false, errors: [{ row: 2, column: "code", code: "FIZ058" }] };
  if (parsed.data.length > CODE_CSV_MAX_ROWS)
    return {
      ok: false,
      errors: [
        { row: CODE_CSV_MAX_ROWS + 2, column: "code", code: "FIZ009", params: { max: CODE_CSV_MAX_ROWS } },
      ],
    };
  // Papa reports a malformed row (an unclosed quote, a wrong field count) by its index among the data rows.
  for (const e of parsed.errors)
    if (e.row !== undefined) errors.push({ row: e.row + 2, column: "code", code: "FIZ006" });

  const seen = new Map<string, number>();
  const codes: CodeFields[] = [];
  parsed.data.forEach((record, index) => {
    const row = index + 2;
    const code = normalizeCode(kind, record.code ?? "");
    const description = (record.description ?? "").trim();
    const unitText = (record.unit ?? "").trim().toUpperCase();
    const rowErrors: CsvRowError[] = [];
    if (!code) rowErrors.push({ row, column: "code", code: "FIZ001" });
    else if (code.length > 20) rowErrors.push({ row, column: "code", code: "FIZ003", params: { max: 20 } });
    if (!description) rowErrors.push({ row, column: "description", code: "FIZ001" });
    else if (description.length > CODE_DESCRIPTION_MAX)
      rowErrors.push({ row, column: "description", code: "FIZ003", params: { max: CODE_DESCRIPTION_MAX } });
    const unit = kind === "SERVICES" && unitText ? serviceUnitSchema.safeParse(unitText) : null;
    if (unit && !unit.success) rowErrors.push({ row, column: "unit", code: "FIZ002" });
    const fields = { kind, code, description, unit: unit?.success ? unit.data : null };
    for (const issue of codeIssues(fields))
      if (code && !(issue.path === "unit" && unit && !unit.success))
        rowErrors.push({ row, column: issue.path, code: issue.code as FizCode });
    if (code && existing.has(code)) rowErrors.push({ row, column: "code", code: "FIZ207" });
    else if (code && seen.has(code))
      rowErrors.push({ row, column: "code", code: "FIZ008", params: { row: seen.get(code)! } });
    if (code && !seen.has(code)) seen.set(code, row);
    errors.push(...rowErrors);
    if (rowErrors.length === 0) codes.push(fields);
  });
  errors.sort((a, b) => a.row - b.row);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, codes };
}

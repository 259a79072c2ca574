import type { Db } from "@fizio/db";

/**
 * Tables a refused call may write, each for its reason: the refusal itself is recorded or throttled, or the
 * caller's session is read and refreshed. Everything else must be as it was after a refused mutation.
 */
export const WRITTEN_BY_REFUSALS: Record<string, string> = {
  audit_log: "refusals of another organisation's ids are audited (access.denied)",
  audit_seals: "the audit log is sealed as it grows",
  error_log: "unexpected errors are logged (and fail the fuzzer anyway)",
  rate_limits: "sign-in, recovery, registration and booking attempts are counted, refused or not",
  sessions: "a session's expiry is extended as it is used",
};

/** Tables a procedure writes when it refuses, by design, each for its reason. */
export const WRITTEN_BY_PROCEDURE_REFUSALS: Record<string, Record<string, string>> = {
  "auth.login": {
    users: "a failed sign-in counts toward the account's lock",
    email_outbox: "a locked account is told by email",
  },
};

/** One digest per table of the public schema (but WRITTEN_BY_REFUSALS), over its rows in any order. */
export async function tableDigests(db: Db): Promise<Map<string, string>> {
  const { rows: tables } = await db.$client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> ALL($1) ORDER BY table_name`,
    [Object.keys(WRITTEN_BY_REFUSALS)],
  );
  const query = tables
    .map(
      ({ table_name: name }) =>
        `SELECT '${name}' AS t, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS d FROM "${name}" x`,
    )
    .join(" UNION ALL ");
  const { rows } = await db.$client.query<{ t: string; d: string }>(query);
  return new Map(rows.map((r) => [r.t, r.d]));
}

/** The tables whose digest differs, but those the procedure writes when it refuses. */
export function changedTables(
  path: string,
  before: Map<string, string>,
  after: Map<string, string>,
): string[] {
  const allowed = WRITTEN_BY_PROCEDURE_REFUSALS[path] ?? {};
  return [...after]
    .filter(([table, digest]) => before.get(table) !== digest && !(table in allowed))
    .map(([table]) => table);
}

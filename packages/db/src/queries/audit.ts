import type { AuditAction } from "@fizio/domain";
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../client";
import { preparedQuery } from "../prepared";
import { auditLog, errorLog } from "../schema";
import { containsAny, escapeLike, offsetOf, withinDays } from "./paging";
import { peopleOf } from "./people";

/** What a caller says of an audited act, one of the registered actions; the row's id and time are the database's. */
export type AuditEntry = Omit<typeof auditLog.$inferInsert, "id" | "at" | "action"> & { action: AuditAction };

/** The columns of an audit row a caller gives (auditParams fills them). */
const AUDIT_COLUMNS = [
  "organizationId",
  "actorId",
  "actorEmail",
  "action",
  "entity",
  "entityId",
  "details",
  "requestId",
  "uiLocation",
] as const;

/** An audit row's columns as placeholders named `${prefix}${column}`, for a prepared statement that writes one. */
function auditPlaceholders(prefix: string) {
  return Object.fromEntries(
    AUDIT_COLUMNS.map((column) => [column, sql.placeholder(`${prefix}${column}`)]),
  ) as Record<(typeof AUDIT_COLUMNS)[number], ReturnType<typeof sql.placeholder>>;
}

/** `entry`'s values for the placeholders of auditPlaceholders(prefix). */
function auditParams(entry: AuditEntry, prefix = ""): Record<string, unknown> {
  const values: Record<(typeof AUDIT_COLUMNS)[number], unknown> = {
    organizationId: entry.organizationId ?? null,
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    // undefined, not null: the jsonb column's encoder would store null as the JSON value null, not SQL NULL.
    details: entry.details ?? undefined,
    requestId: entry.requestId ?? null,
    uiLocation: entry.uiLocation ?? null,
  };
  return prefix === "" ? values : Object.fromEntries(AUDIT_COLUMNS.map((c) => [`${prefix}${c}`, values[c]]));
}

const auditInsert = preparedQuery("write_audit", (db, name) =>
  db.insert(auditLog).values(auditPlaceholders("")).prepare(name),
);

/** One row by the prepared statement, inside a transaction: it commits, and waits for the disk, with it. */
async function insertOne(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await auditInsert(db).execute(auditParams(entry));
}

/**
 * The rows of a batch in one statement, each column one array parameter, whatever the batch's size. A batch of reads'
 * rows only commits without waiting for the disk (synchronous_commit off for that transaction alone, set in the
 * statement as SET LOCAL would): the rows are committed, so visible and sealed in turn, before their reads are
 * answered, and reach the disk with the WAL writer's next flush, within 0.6 s (3 × wal_writer_delay). A crash of
 * Postgres in that span can lose the last of them. A batch with a write's row (or any caller that does not say
 * otherwise) waits for the disk, as the write did. Waiting cost every audited read a WAL flush, and this machine's
 * disk stalls on some flushes: with the wait, those stalls were most of bench:api's slow reads (500 requests a
 * second: p99 64.8 → 38.0 ms and p50 5.2 → 3.1 ms with no commit waiting; reads' rows alone not waiting, p99 56.6,
 * 45.5, 77.2 against 125.3, 65.5, 77.8, alternated).
 */
export async function insertAuditBatch(
  db: DbOrTx,
  entries: AuditEntry[],
  { waitForDisk }: { waitForDisk: boolean },
): Promise<void> {
  const column = (value: (entry: AuditEntry) => unknown) => entries.map(value);
  await db._.session
    .prepareQuery(waitForDisk ? batchInsert : batchInsertNotWaiting, undefined, undefined, false)
    .execute({
      organizationId: column((e) => e.organizationId ?? null),
      actorId: column((e) => e.actorId ?? null),
      actorEmail: column((e) => e.actorEmail ?? null),
      action: column((e) => e.action),
      entity: column((e) => e.entity),
      entityId: column((e) => e.entityId ?? null),
      details: column((e) => (e.details ? JSON.stringify(e.details) : null)),
      requestId: column((e) => e.requestId ?? null),
      uiLocation: column((e) => e.uiLocation ?? null),
    });
}

/**
 * The batch insert's SQL, built once, each column an array placeholder: drizzle built it again for every batch, and
 * that was 1.5-2.5 % of the server's busy time in a CPU profile of bench:api.
 */
const batchInsertText = (suffix: SQL) =>
  new PgDialect().sqlToQuery(sql`
    insert into ${auditLog} (organization_id, actor_id, actor_email, action, entity, entity_id, details, request_id,
                             ui_location)
    select rows.* from unnest(${sql.placeholder("organizationId")}::uuid[], ${sql.placeholder("actorId")}::uuid[],
                              ${sql.placeholder("actorEmail")}::text[], ${sql.placeholder("action")}::text[],
                              ${sql.placeholder("entity")}::text[], ${sql.placeholder("entityId")}::text[],
                              ${sql.placeholder("details")}::jsonb[], ${sql.placeholder("requestId")}::text[],
                              ${sql.placeholder("uiLocation")}::text[]) as rows
                  ${suffix}`);

const batchInsert = batchInsertText(sql``);
/**
 * Its commit not waiting for the disk: joined to the insert, so run in the insert's transaction (set_config(…, true)
 * is SET LOCAL).
 */
const batchInsertNotWaiting = batchInsertText(
  sql`, (select set_config('synchronous_commit', 'off', true)) as asynchronous_commit`,
);

/** A row waiting for its batch, with its caller's promise. */
interface WaitingRow {
  entry: AuditEntry;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Rows one batch's statement carries at most: a burst after a stall goes in a few statements, not one huge one. */
export const MAX_AUDIT_BATCH = 200;

/**
 * The audit rows of one pool written outside a transaction (the reads of patients' records, most requests),
 * committed together: while one insert is on its way, the rows that arrive wait for it and go in the next, one
 * statement and one commit for all. Alone, a row goes at once (in the event loop's next turn); the busier the
 * server, the fewer round trips a row costs, where each was a wake-up of Postgres on the server's own cores. A
 * caller still waits for its row to be committed (a read's not for the disk: insertAuditBatch), so a read is
 * never answered unaudited. A batch that fails is written again row by row, so one bad row fails only its own request.
 */
class AuditBatches {
  private readonly waiting: WaitingRow[] = [];
  private writing = false;

  constructor(
    private readonly db: Db,
    private readonly waitForDisk: boolean,
    /** Told how many rows each committed batch held (watchAuditRows). */
    private readonly listeners: Set<(rows: number) => void>,
  ) {}

  write(entry: AuditEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      if (this.writing) return;
      // Rows that arrive in the same turn of the event loop (answers from several connections) go together.
      this.writing = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain() {
    const options = { waitForDisk: this.waitForDisk };
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_AUDIT_BATCH);
      let written = batch.length;
      try {
        await insertAuditBatch(
          this.db,
          batch.map((w) => w.entry),
          options,
        );
        for (const w of batch) w.resolve();
      } catch (error) {
        written = 0;
        if (batch.length === 1) batch[0]!.reject(error);
        else
          for (const w of batch)
            await insertAuditBatch(this.db, [w.entry], options).then(() => {
              written++;
              w.resolve();
            }, w.reject);
      }
      this.tell(written);
    }
    this.writing = false;
  }

  private tell(rows: number) {
    if (rows === 0) return;
    for (const listener of this.listeners) {
      // A listener that throws is dropped: it must never stop the batches that the requests' answers wait for.
      try {
        listener(rows);
      } catch {
        this.listeners.delete(listener);
      }
    }
  }
}

/**
 * A pool's batches: the rows that wait for the disk (a write's) apart from those that need not (a read's). In one
 * queue, a read's row waited behind any batch carrying a write's row for that batch's flush to the disk, which
 * this machine's disk holds for 100 ms and more at times: every audited read of the process, answered only once
 * its row is committed, waited that long with it.
 */
interface PoolBatches {
  disk: AuditBatches;
  quick: AuditBatches;
  listeners: Set<(rows: number) => void>;
}

const batchesOf = new WeakMap<Db, PoolBatches>();

/** A pool-backed handle (as createDb makes), as opposed to a transaction: only a pool's handle has its client. */
const isPool = (db: DbOrTx): db is Db => "$client" in db;

/**
 * One audit row. In a transaction it is written with the transaction (and goes if that rolls back); otherwise it
 * joins its pool's batch (AuditBatches) and resolves once committed. Only a read's row, `waitForDisk: false`, may
 * resolve before its commit has reached the disk (insertAuditBatch).
 */
export async function writeAudit(
  db: DbOrTx,
  entry: AuditEntry,
  { waitForDisk = true }: { waitForDisk?: boolean } = {},
): Promise<void> {
  if (!isPool(db)) return insertOne(db, entry);
  const batches = batchesFor(db);
  return (waitForDisk ? batches.disk : batches.quick).write(entry);
}

function batchesFor(db: Db): PoolBatches {
  let batches = batchesOf.get(db);
  if (!batches) {
    const listeners = new Set<(rows: number) => void>();
    batches = {
      disk: new AuditBatches(db, true, listeners),
      quick: new AuditBatches(db, false, listeners),
      listeners,
    };
    batchesOf.set(db, batches);
  }
  return batches;
}

/**
 * Calls `listener` with the number of rows in each batch of audit rows this pool commits (the reads' rows, most of
 * them; rows written in a caller's transaction are not counted). Returns the function that stops it.
 */
export function watchAuditRows(db: Db, listener: (rows: number) => void): () => void {
  const { listeners } = batchesFor(db);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  patientId?: string;
  from?: string;
  to?: string;
  timeZone: string;
}

function auditWhere(organizationId: string, q: AuditQuery) {
  return and(
    eq(auditLog.organizationId, organizationId),
    containsAny(q.actor, [auditLog.actorEmail]),
    q.action ? ilike(auditLog.action, `${escapeLike(q.action)}%`) : undefined,
    q.patientId ? and(eq(auditLog.entity, "patient"), eq(auditLog.entityId, q.patientId)) : undefined,
    withinDays(auditLog.at, q),
  );
}

/**
 * Whom an entry is about: the patient or user it names, else the patient its details name (an event's, a message's).
 */
const subjectId = sql`case when ${auditLog.entity} in ('patient', 'user') then ${auditLog.entityId}
                          else ${auditLog.details} ->> 'patientId' end`;

/**
 * An organisation's audit trail, newest first, with the name of whom the entry is about where that is one of its
 * people: an entry may name anyone's id (a refused attempt on another organisation's patient is audited too), so
 * the name comes from the organisation's own people only.
 */
function auditRows(db: DbOrTx, organizationId: string, q: AuditQuery) {
  const subject = peopleOf(db, organizationId, "audited_subject");
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      uiLocation: auditLog.uiLocation,
      subjectFirstName: subject.firstName,
      subjectLastName: subject.lastName,
    })
    .from(auditLog)
    .leftJoin(subject, sql`${subject.id}::text = ${subjectId}`)
    .where(auditWhere(organizationId, q))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}

export async function listAudit(
  db: DbOrTx,
  organizationId: string,
  q: AuditQuery & { page: number; pageSize: number },
) {
  const [items, [total]] = await Promise.all([
    auditRows(db, organizationId, q).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ value: count() }).from(auditLog).where(auditWhere(organizationId, q)),
  ]);
  return { items, total: total?.value ?? 0, page: q.page, pageSize: q.pageSize };
}

/** The newest `limit` entries matching, for an export. */
export function exportAudit(db: DbOrTx, organizationId: string, q: AuditQuery, limit: number) {
  return auditRows(db, organizationId, q).limit(limit);
}

/** The system log's kinds: each a set of action prefixes; jobs and workers are organisation-less (`system.*`). */
export const SYSTEM_LOG_KINDS = {
  JOBS: ["system.job."],
  WORKERS: ["system.worker."],
  SIGN_INS: ["auth."],
  ACCOUNTS: ["users."],
  SETTINGS: ["billing.price.", "billing.patient.settings", "settings.", "parameters."],
} as const;
export type SystemLogKind = keyof typeof SYSTEM_LOG_KINDS;

export interface SystemLogQuery {
  kind?: SystemLogKind;
  from?: string;
  to?: string;
  timeZone: string;
  page: number;
  pageSize: number;
}

function systemLogWhere(organizationId: string, q: SystemLogQuery) {
  const kinds = q.kind ? [q.kind] : (Object.keys(SYSTEM_LOG_KINDS) as SystemLogKind[]);
  const prefixes = kinds.flatMap((k) => SYSTEM_LOG_KINDS[k]);
  const matches = or(...prefixes.map((p) => ilike(auditLog.action, `${escapeLike(p)}%`)));
  return and(
    matches,
    or(
      eq(auditLog.organizationId, organizationId),
      and(isNull(auditLog.organizationId), ilike(auditLog.action, "system.%")),
    ),
    withinDays(auditLog.at, q),
  );
}

/** /audit/system-log: jobs, workers, sign-ins, account and setting changes, newest first. */
export async function listSystemLog(db: DbOrTx, organizationId: string, q: SystemLogQuery) {
  const where = systemLogWhere(organizationId, q);
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function writeErrorLog(db: DbOrTx, entry: typeof errorLog.$inferInsert): Promise<void> {
  await db.insert(errorLog).values(entry);
}

/** An admin reads their organisation's errors; a super admin reads every one, anonymous ones included. */
export type ErrorLogScope = { organizationId: string } | "ALL";

export async function listErrorLog(db: DbOrTx, scope: ErrorLogScope, page: number, pageSize: number) {
  const where = scope === "ALL" ? undefined : eq(errorLog.organizationId, scope.organizationId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(errorLog)
      .where(where)
      .orderBy(desc(errorLog.at), desc(errorLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(errorLog).where(where),
  ]);
  return { items, total: total?.value ?? 0, page, pageSize };
}

/** The prefix of withAudit's placeholders, so that they never meet the write's own. */
const AUDITED = "audited_";

/**
 * An audit row written as a CTE of the statement built on the returned handle: a write and its audit in one round
 * trip, and atomic without a transaction. Its columns are placeholders, so the write can be a prepared statement
 * built once (drizzle built a write's insert and its CTE again on every call); `withAuditValues(entry)` fills them.
 * The entry names the written row, so the caller picks a new row's id.
 */
export function withAudit(db: DbOrTx) {
  return db.with(
    db
      .$with("audited")
      .as(db.insert(auditLog).values(auditPlaceholders(AUDITED)).returning({ id: auditLog.id })),
  );
}

/** The values of withAudit's placeholders for `entry`, to pass with the write's own. */
export function withAuditValues(entry: AuditEntry): Record<string, unknown> {
  return auditParams(entry, AUDITED);
}

/** How far behind the last seal a run looks for rows long transactions committed late. */
export const AUDIT_LOOK_BACK_IDS = 100_000;

/**
 * Seals audit rows written since the last run into the hash chain; returns how many. `lookBack` is the part of the
 * look-back window to search for rows a long transaction committed behind the last seal, as ids behind it: all of
 * it by default, or a slice, so that runs every few seconds each search a slice (the whole window under load took a
 * run a quarter of a second, all at once) and late rows are still found within the slices' round.
 */
export async function sealAuditLog(
  db: DbOrTx,
  options: { batch?: number; lookBack?: { from: number; to: number } } = {},
): Promise<number> {
  const { batch = 10_000, lookBack = { from: 0, to: AUDIT_LOOK_BACK_IDS } } = options;
  const { rows } = await db.execute<{ sealed: number }>(
    sql`select seal_audit_log(${batch}, ${lookBack.from}, ${lookBack.to}) as sealed`,
  );
  return Number(rows[0]?.sealed ?? 0);
}

/**
 * How many audit rows wait past the last seal (by id, so an upper bound where ids were skipped): two index reads,
 * cheap enough to ask before every sealing run.
 */
export async function pendingAuditRows(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ pending: string }>(
    sql`select coalesce((select max(id) from audit_log), 0) - coalesce((select max(audit_id) from audit_seals), 0) as pending`,
  );
  return Number(rows[0]?.pending ?? 0);
}

export interface AuditChainProblem {
  sealSeq: number | null;
  auditId: number | null;
  problem: string;
}

/** Every break in the audit trail's hash chain (none when it is intact), and how many seals were checked. */
export async function verifyAuditLog(db: DbOrTx): Promise<{ seals: number; problems: AuditChainProblem[] }> {
  const { rows } = await db.execute<{ seal_seq: string | null; audit_id: string | null; problem: string }>(
    sql`select * from verify_audit_log()`,
  );
  const [count] = (await db.execute<{ n: string }>(sql`select count(*) as n from audit_seals`)).rows;
  return {
    seals: Number(count?.n ?? 0),
    problems: rows.map((r) => ({
      sealSeq: r.seal_seq === null ? null : Number(r.seal_seq),
      auditId: r.audit_id === null ? null : Number(r.audit_id),
      problem: r.problem,
    })),
  };
}

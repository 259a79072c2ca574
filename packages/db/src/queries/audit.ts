import { count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { auditLog, errorLog } from "../schema";

export type AuditEntry = typeof auditLog.$inferInsert;

export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export async function listAudit(db: DbOrTx, organizationId: string, page: number, pageSize: number) {
  const where = eq(auditLog.organizationId, organizationId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { items, total: total?.value ?? 0, page, pageSize };
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

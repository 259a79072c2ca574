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

export async function listErrorLog(db: DbOrTx, page: number, pageSize: number) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(errorLog)
      .orderBy(desc(errorLog.at), desc(errorLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(errorLog),
  ]);
  return { items, total: total?.value ?? 0, page, pageSize };
}

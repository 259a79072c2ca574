import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import {
  engagementProgramMessages,
  engagementPrograms,
  engagementTemplateMessages,
  engagementTemplates,
  messageMailboxes,
  messages,
  users,
} from "../schema";
import { containsAny, offsetOf, type Page, type PageRequest } from "./paging";

export type EngagementTemplateRow = typeof engagementTemplates.$inferSelect;
export type EngagementProgramRow = typeof engagementPrograms.$inferSelect;
export type EngagementProgramMessageRow = typeof engagementProgramMessages.$inferSelect;
export interface EngagementMessageValues {
  startDay: number;
  bodyEn: string;
  bodyEs: string;
  attachmentId: string | null;
}

export async function listEngagementTemplates(db: DbOrTx, organizationId: string, request: PageRequest) {
  const where = and(
    eq(engagementTemplates.organizationId, organizationId),
    isNull(engagementTemplates.deletedAt),
    containsAny(request.search, [engagementTemplates.name]),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: engagementTemplates.id,
        name: engagementTemplates.name,
        updatedAt: engagementTemplates.updatedAt,
        messageCount: sql<number>`(select count(*)::int from ${engagementTemplateMessages} m where m.template_id = "engagement_templates"."id")`,
        lastDay: sql<number>`(select coalesce(max(m.start_day), 0)::int from ${engagementTemplateMessages} m where m.template_id = "engagement_templates"."id")`,
      })
      .from(engagementTemplates)
      .where(where)
      .orderBy(asc(engagementTemplates.name))
      .limit(request.pageSize)
      .offset(offsetOf(request)),
    db.select({ n: count() }).from(engagementTemplates).where(where),
  ]);
  return { items, total: total?.n ?? 0, page: request.page, pageSize: request.pageSize };
}

/** A template not deleted, with its messages. */
export async function findEngagementTemplate(db: DbOrTx, id: string) {
  const [template] = await db
    .select()
    .from(engagementTemplates)
    .where(and(eq(engagementTemplates.id, id), isNull(engagementTemplates.deletedAt)));
  if (!template) return undefined;
  const items = await db
    .select()
    .from(engagementTemplateMessages)
    .where(eq(engagementTemplateMessages.templateId, id))
    .orderBy(asc(engagementTemplateMessages.startDay));
  return { ...template, messages: items };
}

export async function saveEngagementTemplate(
  db: DbOrTx,
  values: {
    id?: string;
    organizationId: string;
    name: string;
    createdById: string;
    messages: EngagementMessageValues[];
  },
) {
  const [row] = values.id
    ? await db
        .update(engagementTemplates)
        .set({ name: values.name, updatedAt: new Date() })
        .where(eq(engagementTemplates.id, values.id))
        .returning()
    : await db
        .insert(engagementTemplates)
        .values({ organizationId: values.organizationId, name: values.name, createdById: values.createdById })
        .returning();
  await db.delete(engagementTemplateMessages).where(eq(engagementTemplateMessages.templateId, row!.id));
  await db
    .insert(engagementTemplateMessages)
    .values(values.messages.map((m) => ({ ...m, templateId: row!.id })));
  return row!;
}

/** Softly, as the other templates: the programs enrolled from it keep naming it. */
export async function deleteEngagementTemplate(db: DbOrTx, id: string) {
  await db.update(engagementTemplates).set({ deletedAt: new Date() }).where(eq(engagementTemplates.id, id));
}

export interface ProgramScope {
  organizationId: string;
  /** A provider sees their roster's programs. */
  providerId?: string;
  patientId?: string;
}

function scopeWhere(scope: ProgramScope): SQL | undefined {
  return and(
    eq(engagementPrograms.organizationId, scope.organizationId),
    scope.providerId ? eq(users.providerId, scope.providerId) : undefined,
    scope.patientId ? eq(engagementPrograms.patientId, scope.patientId) : undefined,
  );
}

const sentCount = sql<number>`(select count(*)::int from ${engagementProgramMessages} m where m.program_id = "engagement_programs"."id" and m.sent_at is not null)`;
const totalCount = sql<number>`(select count(*)::int from ${engagementProgramMessages} m where m.program_id = "engagement_programs"."id")`;

/** Programs with their progress (sent of total), newest enrolment first. */
export async function listPrograms(db: DbOrTx, scope: ProgramScope, request: PageRequest) {
  const where = and(
    scopeWhere(scope),
    containsAny(request.search, [
      engagementPrograms.name,
      sql`${users.firstName} || ' ' || ${users.lastName}`,
    ]),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: engagementPrograms.id,
        name: engagementPrograms.name,
        patientId: engagementPrograms.patientId,
        patientFirstName: users.firstName,
        patientLastName: users.lastName,
        startDate: engagementPrograms.startDate,
        timeZone: engagementPrograms.timeZone,
        cancelledAt: engagementPrograms.cancelledAt,
        sent: sentCount,
        total: totalCount,
      })
      .from(engagementPrograms)
      .innerJoin(users, eq(users.id, engagementPrograms.patientId))
      .where(where)
      .orderBy(desc(engagementPrograms.enrolledAt))
      .limit(request.pageSize)
      .offset(offsetOf(request)),
    db
      .select({ n: count() })
      .from(engagementPrograms)
      .innerJoin(users, eq(users.id, engagementPrograms.patientId))
      .where(where),
  ]);
  return { items, total: total?.n ?? 0, page: request.page, pageSize: request.pageSize };
}

export async function findProgram(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(engagementPrograms).where(eq(engagementPrograms.id, id));
  const [program] = await (options.lock ? query.for("update") : query);
  if (!program) return undefined;
  const items = await db
    .select()
    .from(engagementProgramMessages)
    .where(eq(engagementProgramMessages.programId, id))
    .orderBy(asc(engagementProgramMessages.startDay));
  return { ...program, messages: items };
}

export async function insertProgram(
  db: DbOrTx,
  values: Omit<typeof engagementPrograms.$inferInsert, "id">,
  items: (EngagementMessageValues & { dueAt: Date })[],
) {
  const [program] = await db.insert(engagementPrograms).values(values).returning();
  await db.insert(engagementProgramMessages).values(items.map((m) => ({ ...m, programId: program!.id })));
  return program!;
}

export async function updateProgramRow(db: DbOrTx, id: string, values: Partial<EngagementProgramRow>) {
  await db
    .update(engagementPrograms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(engagementPrograms.id, id));
}

export async function insertProgramMessages(
  db: DbOrTx,
  programId: string,
  items: (EngagementMessageValues & { dueAt: Date })[],
) {
  if (items.length)
    await db.insert(engagementProgramMessages).values(items.map((m) => ({ ...m, programId })));
}

export async function updateProgramMessage(
  db: DbOrTx,
  id: string,
  values: EngagementMessageValues & { dueAt: Date },
) {
  await db
    .update(engagementProgramMessages)
    .set(values)
    .where(and(eq(engagementProgramMessages.id, id), isNull(engagementProgramMessages.sentAt)));
}

export async function deleteProgramMessages(db: DbOrTx, ids: string[]) {
  if (ids.length)
    await db
      .delete(engagementProgramMessages)
      .where(and(inArray(engagementProgramMessages.id, ids), isNull(engagementProgramMessages.sentAt)));
}

export async function deleteProgram(db: DbOrTx, id: string) {
  await db.delete(engagementPrograms).where(eq(engagementPrograms.id, id));
}

/**
 * Due, unsent messages of live programs, locked for this sender (SKIP LOCKED: two runs never take the same
 * one), oldest first.
 */
export async function claimDueProgramMessages(db: DbOrTx, now: Date, limit = 100) {
  return db
    .select({ message: engagementProgramMessages, program: engagementPrograms })
    .from(engagementProgramMessages)
    .innerJoin(engagementPrograms, eq(engagementPrograms.id, engagementProgramMessages.programId))
    .where(
      and(
        isNull(engagementProgramMessages.sentAt),
        lte(engagementProgramMessages.dueAt, now),
        isNull(engagementPrograms.cancelledAt),
      ),
    )
    .orderBy(asc(engagementProgramMessages.dueAt))
    .limit(limit)
    .for("update", { of: engagementProgramMessages, skipLocked: true });
}

export async function markProgramMessageSent(db: DbOrTx, id: string, messageId: string, at: Date) {
  await db
    .update(engagementProgramMessages)
    .set({ sentAt: at, messageId })
    .where(eq(engagementProgramMessages.id, id));
}

/**
 * What went out: each sent message with whether the patient read it and how many replies followed it in the
 * program's thread before the next one.
 */
export async function listProgramHistory(db: DbOrTx, scope: ProgramScope, request: PageRequest) {
  const where = and(
    scopeWhere(scope),
    isNotNull(engagementProgramMessages.sentAt),
    containsAny(request.search, [
      engagementPrograms.name,
      engagementProgramMessages.bodyEn,
      sql`${users.firstName} || ' ' || ${users.lastName}`,
    ]),
  );
  const readAt = sql<Date | null>`(select mm.read_at from ${messageMailboxes} mm where mm.message_id = ${engagementProgramMessages.messageId} and mm.user_id = ${engagementPrograms.patientId})`;
  const replies = sql<number>`(select count(*)::int from ${messages} r where r.conversation_id = ${engagementPrograms.conversationId} and r.author_id = ${engagementPrograms.patientId} and r.sent_at > ${engagementProgramMessages.sentAt} and r.sent_at < coalesce((select min(n.sent_at) from ${engagementProgramMessages} n where n.program_id = ${engagementPrograms.id} and n.sent_at > ${engagementProgramMessages.sentAt}), 'infinity'))`;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: engagementProgramMessages.id,
        programId: engagementPrograms.id,
        programName: engagementPrograms.name,
        conversationId: engagementPrograms.conversationId,
        patientFirstName: users.firstName,
        patientLastName: users.lastName,
        startDay: engagementProgramMessages.startDay,
        bodyEn: engagementProgramMessages.bodyEn,
        bodyEs: engagementProgramMessages.bodyEs,
        sentAt: engagementProgramMessages.sentAt,
        readAt,
        replies,
      })
      .from(engagementProgramMessages)
      .innerJoin(engagementPrograms, eq(engagementPrograms.id, engagementProgramMessages.programId))
      .innerJoin(users, eq(users.id, engagementPrograms.patientId))
      .where(where)
      .orderBy(desc(engagementProgramMessages.sentAt))
      .limit(request.pageSize)
      .offset(offsetOf(request)),
    db
      .select({ n: count() })
      .from(engagementProgramMessages)
      .innerJoin(engagementPrograms, eq(engagementPrograms.id, engagementProgramMessages.programId))
      .innerJoin(users, eq(users.id, engagementPrograms.patientId))
      .where(where),
  ]);
  return {
    items,
    total: total?.n ?? 0,
    page: request.page,
    pageSize: request.pageSize,
  } satisfies Page<unknown>;
}

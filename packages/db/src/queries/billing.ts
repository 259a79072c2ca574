import { and, asc, count, desc, eq, gte, inArray, isNull, ne, or, sql, sum } from "drizzle-orm";
import type { DbOrTx } from "../client";
import {
  billingEntries,
  events,
  feeAdjustments,
  healthPlans,
  organizationSettings,
  paymentCards,
  paymentCustomers,
  prices,
  recordingReviews,
  recordings,
  stripeEvents,
  transactions,
  users,
  videoRooms,
} from "../schema";
import { containsAny, dayIn, offsetOf, withinDays } from "./paging";
import { userMatches } from "./users";

/* Prices */

const activePrice = (organizationId: string) =>
  and(eq(prices.organizationId, organizationId), isNull(prices.deletedAt));

/** The Standard price first, then the others by description. */
export function listPrices(db: DbOrTx, organizationId: string) {
  return db
    .select()
    .from(prices)
    .where(activePrice(organizationId))
    .orderBy(desc(prices.standard), asc(sql`lower(${prices.description})`));
}

export async function findPriceById(db: DbOrTx, priceId: string) {
  const [row] = await db.select().from(prices).where(eq(prices.id, priceId));
  return row;
}

export async function findStandardPrice(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select()
    .from(prices)
    .where(and(eq(prices.organizationId, organizationId), eq(prices.standard, true)));
  return row;
}

/** The organisation's price for a service code (CPT), if it set one. */
export async function findServiceCodePrice(db: DbOrTx, organizationId: string, serviceCode: string) {
  const [row] = await db
    .select({ id: prices.id, amountCents: prices.amountCents })
    .from(prices)
    .where(
      and(
        eq(prices.organizationId, organizationId),
        eq(prices.serviceCode, serviceCode),
        isNull(prices.deletedAt),
      ),
    );
  return row;
}

export async function insertPrice(
  db: DbOrTx,
  organizationId: string,
  fields: { description: string; amountCents: number; serviceCode?: string | null },
) {
  const [row] = await db
    .insert(prices)
    .values({ organizationId, ...fields })
    .returning();
  return row!;
}

export async function updatePrice(
  db: DbOrTx,
  priceId: string,
  fields: { description: string; amountCents: number; serviceCode?: string | null },
) {
  const [row] = await db
    .update(prices)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(prices.id, priceId), isNull(prices.deletedAt)))
    .returning();
  return row;
}

export async function deletePrice(db: DbOrTx, priceId: string) {
  await db.update(prices).set({ deletedAt: new Date() }).where(eq(prices.id, priceId));
}

/* Fee adjustments */

const adjustmentColumns = {
  id: feeAdjustments.id,
  organizationId: feeAdjustments.organizationId,
  patientId: feeAdjustments.patientId,
  priceId: feeAdjustments.priceId,
  startDate: feeAdjustments.startDate,
  endDate: feeAdjustments.endDate,
  priceDescription: prices.description,
  amountCents: prices.amountCents,
};

/** A patient's fee adjustments, latest start first, with the price each applies. */
export function listFeeAdjustments(db: DbOrTx, patientId: string) {
  return db
    .select(adjustmentColumns)
    .from(feeAdjustments)
    .innerJoin(prices, eq(prices.id, feeAdjustments.priceId))
    .where(eq(feeAdjustments.patientId, patientId))
    .orderBy(desc(feeAdjustments.startDate));
}

export async function findFeeAdjustment(db: DbOrTx, adjustmentId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(feeAdjustments).where(eq(feeAdjustments.id, adjustmentId));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

/** Serialises adjustment writes of one patient, so two overlapping ones cannot both pass the overlap rule. */
export async function lockPatientAdjustments(db: DbOrTx, patientId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('fee_adjustments'), hashtext(${patientId}))`);
}

export async function insertFeeAdjustment(db: DbOrTx, values: typeof feeAdjustments.$inferInsert) {
  const [row] = await db.insert(feeAdjustments).values(values).returning();
  return row!;
}

export async function updateFeeAdjustment(
  db: DbOrTx,
  adjustmentId: string,
  fields: { priceId: string; startDate: string; endDate: string | null },
) {
  const [row] = await db
    .update(feeAdjustments)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(feeAdjustments.id, adjustmentId))
    .returning();
  return row!;
}

export async function deleteFeeAdjustment(db: DbOrTx, adjustmentId: string) {
  await db.delete(feeAdjustments).where(eq(feeAdjustments.id, adjustmentId));
}

/* Billing entries */

/** What a billing computation needs to know of a patient: how they pay and their current plans. */
export async function billingPatientOf(db: DbOrTx, patientId: string) {
  const [patient] = await db
    .select({ id: users.id, organizationId: users.organizationId, paymentType: users.paymentType })
    .from(users)
    .where(eq(users.id, patientId));
  if (!patient) return undefined;
  const plans = await db
    .select({
      id: healthPlans.id,
      cob: healthPlans.cob,
      planName: healthPlans.planName,
      planId: healthPlans.planId,
    })
    .from(healthPlans)
    .where(and(eq(healthPlans.patientId, patientId), isNull(healthPlans.deletedAt)));
  return { ...patient, healthPlans: plans };
}

export type BillingEntryValues = typeof billingEntries.$inferInsert;

/** One entry per completed event: a retried completion bills once. */
export async function insertBillingEntry(db: DbOrTx, values: BillingEntryValues) {
  const [row] = await db.insert(billingEntries).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateBillingEntry(db: DbOrTx, entryId: string, values: Partial<BillingEntryValues>) {
  const [row] = await db
    .update(billingEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(billingEntries.id, entryId))
    .returning();
  return row!;
}

export async function findBillingEntry(db: DbOrTx, entryId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(billingEntries).where(eq(billingEntries.id, entryId));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function findEventForBilling(db: DbOrTx, eventId: string) {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  return row;
}

export interface EntryQuery {
  page: number;
  pageSize: number;
  from?: string;
  to?: string;
}

/** /records/services: a patient's entries, newest service first, with the patient's totals. */
export async function listBillingEntries(db: DbOrTx, patientId: string, q: EntryQuery) {
  const where = and(
    eq(billingEntries.patientId, patientId),
    q.from ? gte(billingEntries.serviceDate, q.from) : undefined,
    q.to ? sql`${billingEntries.serviceDate} <= ${q.to}` : undefined,
  );
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(billingEntries)
      .where(where)
      .orderBy(desc(billingEntries.serviceDate), desc(billingEntries.createdAt))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ total: count(), billedCents: sum(billingEntries.amountCents).mapWith(Number) })
      .from(billingEntries)
      .where(where),
  ]);
  return {
    items,
    total: totals?.total ?? 0,
    billedCents: totals?.billedCents ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function hasBillingEntries(db: DbOrTx, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingEntries.id })
    .from(billingEntries)
    .where(eq(billingEntries.patientId, patientId))
    .limit(1);
  return row !== undefined;
}

/** A patient's balance: cash entries billed less payments that went through. */
export async function patientBalance(db: DbOrTx, patientId: string) {
  const [[charged], [paid]] = await Promise.all([
    db
      .select({ cents: sum(billingEntries.amountCents).mapWith(Number) })
      .from(billingEntries)
      .where(
        and(
          eq(billingEntries.patientId, patientId),
          eq(billingEntries.payer, "CASH"),
          eq(billingEntries.status, "BILLED"),
        ),
      ),
    db
      .select({ cents: sum(transactions.amountCents).mapWith(Number) })
      .from(transactions)
      .where(and(eq(transactions.patientId, patientId), eq(transactions.status, "SUCCEEDED"))),
  ]);
  return { chargedCents: charged?.cents ?? 0, paidCents: paid?.cents ?? 0 };
}

/**
 * Patients of the organisation who owe something: cash entries billed less payments that went through, largest
 * first.
 */
export async function outstandingBalances(db: DbOrTx, organizationId: string, limit: number) {
  const rows = await db.execute<{
    patient_id: string;
    first_name: string;
    last_name: string;
    charged_cents: string;
    paid_cents: string;
  }>(sql`
    with charged as (
      select patient_id, sum(amount_cents) as cents from ${billingEntries}
      where organization_id = ${organizationId} and payer = 'CASH' and status = 'BILLED'
      group by patient_id
    ), paid as (
      select patient_id, sum(amount_cents) as cents from ${transactions}
      where organization_id = ${organizationId} and status = 'SUCCEEDED'
      group by patient_id
    )
    select u.id as patient_id, u.first_name, u.last_name, c.cents as charged_cents, coalesce(p.cents, 0) as paid_cents
    from charged c join ${users} u on u.id = c.patient_id and u.organization_id = ${organizationId}
    left join paid p on p.patient_id = c.patient_id
    where c.cents > coalesce(p.cents, 0)
    order by c.cents - coalesce(p.cents, 0) desc, u.last_name, u.id
    limit ${limit}`);
  return rows.rows.map((r) => ({
    id: r.patient_id,
    firstName: r.first_name,
    lastName: r.last_name,
    chargedCents: Number(r.charged_cents),
    paidCents: Number(r.paid_cents),
  }));
}

/* Transactions */

export interface TransactionQuery {
  patientId?: string;
  method?: "CASH" | "CARD";
  search?: string;
  from?: string;
  to?: string;
  timeZone: string;
}

function transactionWhere(organizationId: string, q: TransactionQuery) {
  return and(
    eq(transactions.organizationId, organizationId),
    q.patientId ? eq(transactions.patientId, q.patientId) : undefined,
    q.method ? eq(transactions.method, q.method) : undefined,
    userMatches(q.search),
    withinDays(transactions.createdAt, q),
  );
}

const transactionColumns = {
  id: transactions.id,
  createdAt: transactions.createdAt,
  patientId: transactions.patientId,
  patientFirstName: users.firstName,
  patientLastName: users.lastName,
  amountCents: transactions.amountCents,
  method: transactions.method,
  status: transactions.status,
  note: transactions.note,
  cardBrand: paymentCards.brand,
  cardLast4: paymentCards.last4,
};

/** A transaction's patient, named only as a patient of the transaction's own organisation. */
const patientOfTransaction = and(
  eq(users.id, transactions.patientId),
  eq(users.organizationId, transactions.organizationId),
);

function transactionRows(db: DbOrTx, organizationId: string, q: TransactionQuery) {
  return db
    .select(transactionColumns)
    .from(transactions)
    .innerJoin(users, patientOfTransaction)
    .leftJoin(paymentCards, eq(paymentCards.id, transactions.cardId))
    .where(transactionWhere(organizationId, q))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
}

/** /billing/transactions: a page, the filtered count and the filtered total of payments that went through. */
export async function listTransactions(
  db: DbOrTx,
  organizationId: string,
  q: TransactionQuery & { page: number; pageSize: number },
) {
  const [items, [totals]] = await Promise.all([
    transactionRows(db, organizationId, q).limit(q.pageSize).offset(offsetOf(q)),
    db
      .select({
        total: count(),
        paidCents:
          sql<number>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.status} = 'SUCCEEDED'), 0)`.mapWith(
            Number,
          ),
      })
      .from(transactions)
      .innerJoin(users, patientOfTransaction)
      .where(transactionWhere(organizationId, q)),
  ]);
  return {
    items,
    total: totals?.total ?? 0,
    paidCents: totals?.paidCents ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export function exportTransactions(db: DbOrTx, organizationId: string, q: TransactionQuery, limit: number) {
  return transactionRows(db, organizationId, q).limit(limit);
}

export async function insertTransaction(db: DbOrTx, values: typeof transactions.$inferInsert) {
  const [row] = await db.insert(transactions).values(values).returning();
  return row!;
}

type TransactionStatus = (typeof transactions.$inferSelect)["status"];

/**
 * Settles the payment of a PaymentIntent only from the statuses given (the domain's transition rule): the condition
 * is the update's own, so a delivery racing another re-reads its result before writing. Undefined when nothing moved.
 */
export async function settleTransactionByIntent(
  db: DbOrTx,
  paymentIntentId: string,
  to: TransactionStatus,
  from: readonly TransactionStatus[],
) {
  const [row] = await db
    .update(transactions)
    .set({ status: to })
    .where(and(eq(transactions.paymentIntentId, paymentIntentId), inArray(transactions.status, [...from])))
    .returning();
  return row;
}

/* Insurance */

export interface InsuranceQuery {
  page: number;
  pageSize: number;
  search?: string;
  planName?: string;
}

function insuranceWhere(organizationId: string, q: Omit<InsuranceQuery, "page" | "pageSize">) {
  return and(
    eq(users.organizationId, organizationId),
    eq(users.role, "ROLE_PATIENT"),
    isNull(users.deletedAt),
    eq(users.paymentType, "INSURANCE"),
    userMatches(q.search),
    containsAny(q.planName, [healthPlans.planName]),
  );
}

/** A patient's plans on the insurance list: the current ones, and removed ones that entries were billed to. */
const insurancePlan = and(
  eq(healthPlans.patientId, users.id),
  or(
    isNull(healthPlans.deletedAt),
    sql`exists (select 1 from ${billingEntries} b where b.health_plan_id = ${healthPlans.id})`,
  ),
);

/**
 * /billing/insurance: each insured patient's plans (one row per plan, patients without a plan too) with the
 * entries billed to that plan: how many and how much. A removed plan says when it was removed.
 */
function insuranceRows(db: DbOrTx, organizationId: string, q: Omit<InsuranceQuery, "page" | "pageSize">) {
  return db
    .select({
      patientId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      planId: healthPlans.id,
      planName: healthPlans.planName,
      planNumber: healthPlans.planId,
      group: healthPlans.group,
      cob: healthPlans.cob,
      effectiveDate: healthPlans.effectiveDate,
      removedAt: healthPlans.deletedAt,
      entries:
        sql<number>`(select count(*) from ${billingEntries} b where b.health_plan_id = ${healthPlans.id} and b.status = 'BILLED')`.mapWith(
          Number,
        ),
      billedCents:
        sql<number>`(select coalesce(sum(b.amount_cents), 0) from ${billingEntries} b where b.health_plan_id = ${healthPlans.id} and b.status = 'BILLED')`.mapWith(
          Number,
        ),
    })
    .from(users)
    .leftJoin(healthPlans, insurancePlan)
    .where(insuranceWhere(organizationId, q))
    .orderBy(
      asc(users.lastName),
      asc(users.firstName),
      asc(users.id),
      sql`${healthPlans.deletedAt} is not null`,
      asc(healthPlans.position),
      asc(healthPlans.deletedAt),
    );
}

export async function listInsurance(db: DbOrTx, organizationId: string, q: InsuranceQuery) {
  const [items, [totals]] = await Promise.all([
    insuranceRows(db, organizationId, q).limit(q.pageSize).offset(offsetOf(q)),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(healthPlans, insurancePlan)
      .where(insuranceWhere(organizationId, q)),
  ]);
  return { items, total: totals?.total ?? 0, page: q.page, pageSize: q.pageSize };
}

export function exportInsurance(
  db: DbOrTx,
  organizationId: string,
  q: Omit<InsuranceQuery, "page" | "pageSize">,
  limit: number,
) {
  return insuranceRows(db, organizationId, q).limit(limit);
}

/* Cards and Stripe */

/** A card the patient has not removed (removed ones stay only for the transactions charged to them). */
const liveCard = isNull(paymentCards.deletedAt);

export function listCards(db: DbOrTx, patientId: string) {
  return db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.patientId, patientId), liveCard))
    .orderBy(desc(paymentCards.primary), desc(paymentCards.createdAt));
}

/** A card not removed, by id: a removed one can be neither charged nor changed. */
export async function findCardById(db: DbOrTx, cardId: string) {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, cardId), liveCard));
  return row;
}

/** A card that can be charged: the gate lets a patient in once they have one. */
export async function hasUsableCard(db: DbOrTx, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.patientId, patientId), eq(paymentCards.expired, false), liveCard))
    .limit(1);
  return row !== undefined;
}

/** Stores a card Stripe confirmed; a redelivered confirmation finds it there already. The first card is primary. */
export async function insertCard(db: DbOrTx, values: Omit<typeof paymentCards.$inferInsert, "primary">) {
  const [existing] = await db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.patientId, values.patientId), eq(paymentCards.primary, true)))
    .limit(1);
  const [row] = await db
    .insert(paymentCards)
    .values({ ...values, primary: !existing })
    .onConflictDoNothing({ target: paymentCards.paymentMethodId })
    .returning();
  return row;
}

export async function setPrimaryCard(db: DbOrTx, patientId: string, cardId: string) {
  await db
    .update(paymentCards)
    .set({ primary: false, updatedAt: new Date() })
    .where(
      and(eq(paymentCards.patientId, patientId), eq(paymentCards.primary, true), ne(paymentCards.id, cardId)),
    );
  await db
    .update(paymentCards)
    .set({ primary: true, updatedAt: new Date() })
    .where(eq(paymentCards.id, cardId));
}

/**
 * Removes a card softly: the transactions charged to it keep naming it. When it was primary, the newest remaining
 * card becomes primary.
 */
export async function deleteCard(db: DbOrTx, card: { id: string; patientId: string; primary: boolean }) {
  const now = new Date();
  await db
    .update(paymentCards)
    .set({ deletedAt: now, primary: false, updatedAt: now })
    .where(eq(paymentCards.id, card.id));
  if (!card.primary) return;
  const [next] = await db
    .select({ id: paymentCards.id })
    .from(paymentCards)
    .where(and(eq(paymentCards.patientId, card.patientId), liveCard))
    .orderBy(desc(paymentCards.createdAt))
    .limit(1);
  if (next) await db.update(paymentCards).set({ primary: true }).where(eq(paymentCards.id, next.id));
}

/**
 * Flags cards past their expiry month on each organisation's own calendar: a card is good through the last day of
 * its month where the clinic is, expired from the next; returns how many changed. `defaultZone` is the zone of an
 * organisation that never saved its settings.
 */
export async function markExpiredCards(db: DbOrTx, now: Date, defaultZone: string): Promise<number> {
  const zone = sql`coalesce((select ${organizationSettings.timeZone} from ${organizationSettings}
                             where ${organizationSettings.organizationId} = ${paymentCards.organizationId}),
                            ${defaultZone})`;
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${zone})`;
  const rows = await db
    .update(paymentCards)
    .set({ expired: true, updatedAt: new Date() })
    .where(
      and(
        eq(paymentCards.expired, false),
        sql`(${paymentCards.expYear}, ${paymentCards.expMonth})
            < (extract(year from ${local})::int, extract(month from ${local})::int)`,
      ),
    )
    .returning({ id: paymentCards.id });
  return rows.length;
}

export async function findPaymentCustomer(db: DbOrTx, patientId: string) {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.patientId, patientId));
  return row;
}

export async function findPatientByCustomer(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(paymentCustomers)
    .innerJoin(users, eq(users.id, paymentCustomers.patientId))
    .where(eq(paymentCustomers.customerId, customerId));
  return row;
}

export async function insertPaymentCustomer(db: DbOrTx, patientId: string, customerId: string) {
  await db.insert(paymentCustomers).values({ patientId, customerId }).onConflictDoNothing();
  return (await findPaymentCustomer(db, patientId))!;
}

/** True the first time an event id is seen; a redelivery returns false and is not applied again. */
export async function claimStripeEvent(db: DbOrTx, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning();
  return rows.length === 1;
}

/* Remote therapeutic monitoring */

/** Days (in the clinic's zone) on which the patient uploaded a recording. */
export async function rtmDataDays(db: DbOrTx, patientId: string, timeZone: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({
      day: dayIn(recordings.recordingDate, timeZone),
    })
    .from(recordings)
    .where(and(eq(recordings.patientId, patientId), eq(recordings.uploadStatus, "UPLOADED")));
  return rows.map((r) => r.day);
}

/** Minutes of the patient's finished video visits by day (clinic zone). */
export async function rtmVisitMinutes(db: DbOrTx, patientId: string, timeZone: string) {
  return db
    .select({
      day: dayIn(videoRooms.startedAt, timeZone),
      minutes: sql<number>`sum(${videoRooms.durationMinutes})`.mapWith(Number),
    })
    .from(videoRooms)
    .innerJoin(events, eq(events.id, videoRooms.eventId))
    .where(
      and(
        eq(events.patientId, patientId),
        sql`${videoRooms.durationMinutes} > 0`,
        sql`${videoRooms.startedAt} is not null`,
      ),
    )
    .groupBy(sql`1`);
}

export function rtmBilledPeriods(db: DbOrTx, patientId: string) {
  return db
    .select({ periodStart: billingEntries.rtmPeriodStart, serviceCode: billingEntries.serviceCode })
    .from(billingEntries)
    .where(and(eq(billingEntries.patientId, patientId), eq(billingEntries.source, "RTM")));
}

/** The patients of a roster (a provider's) or an organisation, as the RTM overview counts them. */
export interface RosterScope {
  organizationId: string;
  providerId?: string;
}

function rosterWhere(scope: RosterScope) {
  return and(
    eq(users.organizationId, scope.organizationId),
    eq(users.role, "ROLE_PATIENT"),
    isNull(users.deletedAt),
    scope.providerId ? eq(users.providerId, scope.providerId) : undefined,
  );
}

/** Each roster patient's days with an uploaded recording (clinic zone), one row per patient and day. */
export function rtmRosterDataDays(db: DbOrTx, scope: RosterScope, timeZone: string) {
  return (
    db
      .selectDistinct({
        patientId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        day: dayIn(recordings.recordingDate, timeZone),
      })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.patientId))
      // The organisation on recordings too, so each patient's days come through (organisation, patient, date).
      .where(
        and(
          rosterWhere(scope),
          eq(recordings.organizationId, scope.organizationId),
          eq(recordings.uploadStatus, "UPLOADED"),
        ),
      )
  );
}

/**
 * What the periods overlapping a report's range need of each roster patient's data days: the first (periods are
 * counted from it) and those since `since` (the report's first day less a period). Each patient's recordings are
 * read through (organisation, patient, date), so a report does not read every recording the organisation has.
 */
export async function rtmRosterDataDaysSince(
  db: DbOrTx,
  scope: RosterScope,
  timeZone: string,
  since: string,
) {
  const day = sql`to_char(r.recording_date at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const { rows } = await db.execute<{
    patient_id: string;
    first_name: string;
    last_name: string;
    day: string;
  }>(sql`
    select users.id as patient_id, users.first_name, users.last_name, d.day
    from users
    cross join lateral (
      (select ${day} as day from recordings r
       where r.organization_id = users.organization_id and r.patient_id = users.id and r.upload_status = 'UPLOADED'
       order by r.recording_date limit 1)
      union
      select ${day} from recordings r
      where r.organization_id = users.organization_id and r.patient_id = users.id and r.upload_status = 'UPLOADED'
        and r.recording_date >= (${since}::date::timestamp at time zone ${timeZone})
    ) d
    where ${rosterWhere(scope)}`);
  return rows.map((r) => ({
    patientId: r.patient_id,
    firstName: r.first_name,
    lastName: r.last_name,
    day: r.day,
  }));
}

/** Each roster patient's video-visit minutes by day (clinic zone). */
export function rtmRosterVisitMinutes(db: DbOrTx, scope: RosterScope, timeZone: string) {
  return db
    .select({
      patientId: users.id,
      day: dayIn(videoRooms.startedAt, timeZone),
      minutes: sql<number>`sum(${videoRooms.durationMinutes})`.mapWith(Number),
    })
    .from(videoRooms)
    .innerJoin(events, eq(events.id, videoRooms.eventId))
    .innerJoin(users, eq(users.id, events.patientId))
    .where(
      and(
        rosterWhere(scope),
        sql`${videoRooms.durationMinutes} > 0`,
        sql`${videoRooms.startedAt} is not null`,
      ),
    )
    .groupBy(users.id, sql`2`);
}

/**
 * Adds a beat of review time; true when it is the provider's first on this recording (or the patient's chart or
 * messages) that day.
 */
export async function addReviewTime(
  db: DbOrTx,
  values: typeof recordingReviews.$inferInsert & { seconds: number },
) {
  const [row] = await db
    .insert(recordingReviews)
    .values(values)
    .onConflictDoUpdate({
      target: [
        recordingReviews.providerId,
        recordingReviews.patientId,
        recordingReviews.surface,
        recordingReviews.recordingId,
        recordingReviews.day,
      ],
      set: { seconds: sql`${recordingReviews.seconds} + ${values.seconds}`, updatedAt: new Date() },
    })
    .returning({ seconds: recordingReviews.seconds });
  return row!.seconds === values.seconds;
}

/** Whole minutes of recording review by day (summed over providers and recordings, then floored). */
export function rtmReviewMinutes(db: DbOrTx, patientId: string) {
  return db
    .select({
      day: recordingReviews.day,
      minutes: sql<number>`floor(sum(${recordingReviews.seconds}) / 60)`.mapWith(Number),
    })
    .from(recordingReviews)
    .where(eq(recordingReviews.patientId, patientId))
    .groupBy(recordingReviews.day);
}

/** Each roster patient's review minutes by day; since a day (a report's), through (organisation, day). */
export function rtmRosterReviewMinutes(db: DbOrTx, scope: RosterScope, since?: string) {
  return db
    .select({
      patientId: recordingReviews.patientId,
      day: recordingReviews.day,
      minutes: sql<number>`floor(sum(${recordingReviews.seconds}) / 60)`.mapWith(Number),
    })
    .from(recordingReviews)
    .innerJoin(users, eq(users.id, recordingReviews.patientId))
    .where(
      and(
        rosterWhere(scope),
        since
          ? and(eq(recordingReviews.organizationId, scope.organizationId), gte(recordingReviews.day, since))
          : undefined,
      ),
    )
    .groupBy(recordingReviews.patientId, recordingReviews.day);
}

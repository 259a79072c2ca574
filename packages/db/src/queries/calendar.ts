import { randomBytes } from "node:crypto";
import type { AvailabilitySlot, EventStatus, EventType, Language } from "@fizio/domain";
import { EVENT_MAX_DURATION_MINUTES, hhmmOf, minutesOf } from "@fizio/domain";
import { aliasedTable, and, asc, count, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { preparedQuery, preparedShapes } from "../prepared";
import {
  availabilitySlots,
  eventProviders,
  events,
  organizationAssignments,
  providerCalendars,
  users,
} from "../schema";
import { offsetOf, type Page, preparedPages } from "./paging";

export type EventRow = typeof events.$inferSelect;
export type ProviderCalendarRow = typeof providerCalendars.$inferSelect;
export type EventWithProviders = EventRow & { providerIds: string[] };

/** A public calendar id: 128 random bits, URL-safe. */
export function newCalendarId(): string {
  return randomBytes(16).toString("base64url");
}

/** The provider's calendar settings, created on first use (external availability off until they turn it on). */
export async function ensureProviderCalendar(
  db: DbOrTx,
  provider: { id: string; organizationId: string },
): Promise<ProviderCalendarRow> {
  await db
    .insert(providerCalendars)
    .values({ providerId: provider.id, organizationId: provider.organizationId, calendarId: newCalendarId() })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(providerCalendars)
    .where(eq(providerCalendars.providerId, provider.id));
  return row!;
}

export async function findCalendarByPublicId(db: DbOrTx, calendarId: string) {
  const [row] = await db
    .select({
      calendar: providerCalendars,
      provider: {
        id: users.id,
        organizationId: users.organizationId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        credential: users.credential,
        specialty: users.specialty,
        preferredLanguage: users.preferredLanguage,
        disabled: users.disabled,
        deletedAt: users.deletedAt,
      },
    })
    .from(providerCalendars)
    .innerJoin(users, eq(users.id, providerCalendars.providerId))
    .where(eq(providerCalendars.calendarId, calendarId));
  return row;
}

export async function listAvailability(db: DbOrTx, providerId: string): Promise<AvailabilitySlot[]> {
  const rows = await db
    .select()
    .from(availabilitySlots)
    .where(eq(availabilitySlots.providerId, providerId))
    .orderBy(asc(availabilitySlots.dayOfWeek), asc(availabilitySlots.startMinute));
  return rows.map((r) => ({
    dayOfWeek: r.dayOfWeek,
    start: hhmmOf(r.startMinute),
    end: hhmmOf(r.endMinute),
  }));
}

/** Saves the switch, the zone and the weekly slots as one change. */
export async function saveAvailability(
  tx: DbOrTx,
  calendar: { providerId: string; enabled: boolean; timeZone: string },
  slots: readonly AvailabilitySlot[],
): Promise<void> {
  await tx
    .update(providerCalendars)
    .set({ externalEnabled: calendar.enabled, timeZone: calendar.timeZone, updatedAt: new Date() })
    .where(eq(providerCalendars.providerId, calendar.providerId));
  await tx.delete(availabilitySlots).where(eq(availabilitySlots.providerId, calendar.providerId));
  if (slots.length)
    await tx.insert(availabilitySlots).values(
      slots.map((s) => ({
        providerId: calendar.providerId,
        dayOfWeek: s.dayOfWeek,
        startMinute: minutesOf(s.start),
        endMinute: minutesOf(s.end),
      })),
    );
}

/**
 * Intervals that hold a provider's time between two instants (events not cancelled); `exceptEventId` leaves out
 * the event being rescheduled, whose old time does not stand in its own way.
 */
export async function busyIntervals(
  db: DbOrTx,
  providerId: string,
  from: Date,
  to: Date,
  exceptEventId?: string,
) {
  return db
    .select({ startOn: eventProviders.startOn, endOn: eventProviders.endOn })
    .from(eventProviders)
    .where(
      and(
        eq(eventProviders.providerId, providerId),
        eq(eventProviders.active, true),
        lt(eventProviders.startOn, to),
        gt(eventProviders.endOn, from),
        exceptEventId ? ne(eventProviders.eventId, exceptEventId) : undefined,
      ),
    );
}

/**
 * The providers a patient may book with: their assigned provider, when active and of (or assigned to) the
 * patient's organisation, with the zone of their weekly availability. Empty for a patient without one.
 */
export async function bookableProvidersOf(
  db: DbOrTx,
  patient: { organizationId: string; providerId: string | null },
) {
  if (!patient.providerId) return [];
  const inOrganization = sql`(${users.organizationId} = ${patient.organizationId} or exists (
    select 1 from ${organizationAssignments}
    where ${organizationAssignments.userId} = ${users.id}
      and ${organizationAssignments.organizationId} = ${patient.organizationId}))`;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      credential: users.credential,
      specialty: users.specialty,
      timeZone: sql<string>`coalesce(${providerCalendars.timeZone}, 'America/New_York')`,
    })
    .from(users)
    .leftJoin(providerCalendars, eq(providerCalendars.providerId, users.id))
    .where(
      and(
        eq(users.id, patient.providerId),
        eq(users.role, "ROLE_PROVIDER"),
        eq(users.disabled, false),
        isNull(users.deletedAt),
        inOrganization,
      ),
    );
}

export interface NewEvent {
  organizationId: string;
  eventType: EventType;
  startOn: Date;
  endOn: Date;
  serviceCode?: string | null;
  serviceName?: string | null;
  patientId?: string | null;
  title?: string | null;
  notes?: string | null;
  video?: boolean;
  externalName?: string | null;
  externalEmail?: string | null;
  externalPhone?: string | null;
  externalTimeZone?: string | null;
  externalLanguage?: Language | null;
  cancelTokenHash?: string | null;
  createdBy?: string | null;
}

/** Inserts an event and its providers; the exclusion constraint refuses it if any provider is taken. */
export async function insertEvent(tx: DbOrTx, event: NewEvent, providerIds: readonly string[]) {
  const [row] = await tx.insert(events).values(event).returning();
  await tx.insert(eventProviders).values(
    providerIds.map((providerId) => ({
      eventId: row!.id,
      providerId,
      startOn: row!.startOn,
      endOn: row!.endOn,
    })),
  );
  return { ...row!, providerIds: [...providerIds] };
}

export type EventChanges = Partial<
  Pick<
    NewEvent,
    "startOn" | "endOn" | "serviceCode" | "serviceName" | "patientId" | "title" | "notes" | "video"
  >
> & { eventType?: EventType };

/** Updates an event and, when given, replaces its providers; their rows follow the event's time. */
export async function updateEvent(
  tx: DbOrTx,
  eventId: string,
  changes: EventChanges,
  providerIds?: readonly string[],
): Promise<EventWithProviders> {
  const [row] = await tx
    .update(events)
    // A moved event earns a new reminder.
    .set({
      ...changes,
      ...(changes.startOn ? { reminderSentAt: null } : {}),
      sequence: sql`${events.sequence} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(events.id, eventId))
    .returning();
  if (providerIds) {
    await tx.delete(eventProviders).where(eq(eventProviders.eventId, eventId));
    await tx.insert(eventProviders).values(
      providerIds.map((providerId) => ({
        eventId,
        providerId,
        startOn: row!.startOn,
        endOn: row!.endOn,
        active: row!.status !== "CANCELLED",
      })),
    );
  } else {
    await tx
      .update(eventProviders)
      .set({ startOn: row!.startOn, endOn: row!.endOn })
      .where(eq(eventProviders.eventId, eventId));
  }
  return { ...row!, providerIds: providerIds ? [...providerIds] : await providerIdsOf(tx, eventId) };
}

/** Moves the status only if nobody moved it meanwhile; a cancelled event frees its providers' time. */
export async function setEventStatus(tx: DbOrTx, eventId: string, from: EventStatus, to: EventStatus) {
  const [row] = await tx
    .update(events)
    .set({ status: to, sequence: sql`${events.sequence} + 1`, updatedAt: new Date() })
    .where(and(eq(events.id, eventId), eq(events.status, from)))
    .returning();
  if (row && to === "CANCELLED")
    await tx.update(eventProviders).set({ active: false }).where(eq(eventProviders.eventId, eventId));
  return row;
}

export async function deleteEvent(tx: DbOrTx, eventId: string): Promise<void> {
  await tx.delete(events).where(eq(events.id, eventId));
}

async function providerIdsOf(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ providerId: eventProviders.providerId })
    .from(eventProviders)
    .where(eq(eventProviders.eventId, eventId));
  return rows.map((r) => r.providerId);
}

/** The organisation's appointments still to come, for their reminders to be queued again. */
export function upcomingScheduledEvents(db: DbOrTx, organizationId: string, now: Date) {
  return db
    .select({
      id: events.id,
      organizationId: events.organizationId,
      startOn: events.startOn,
      status: events.status,
    })
    .from(events)
    .where(
      and(eq(events.organizationId, organizationId), eq(events.status, "SCHEDULED"), gt(events.startOn, now)),
    );
}

export async function findEventById(
  db: DbOrTx,
  eventId: string,
  options: { lock?: boolean } = {},
): Promise<EventWithProviders | undefined> {
  const query = db.select().from(events).where(eq(events.id, eventId));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return undefined;
  return { ...row, providerIds: await providerIdsOf(db, eventId) };
}

export interface EventQuery {
  organizationId: string;
  from: Date;
  to: Date;
  /** Only events with one of these providers. */
  providerIds?: readonly string[];
  patientId?: string;
  statuses?: readonly EventStatus[];
}

const patients = aliasedTable(users, "patients");
/** An event's patient, named only as a patient of the event's own organisation. */
const patientOfEvent = and(
  eq(patients.id, events.patientId),
  eq(patients.organizationId, events.organizationId),
);

/** Which of an EventQuery's optional filters a call has: each is a shape of the prepared event lists. */
type EventShape = { patientId: boolean; providerIds: boolean; statuses: boolean };

const eventShape = (q: EventQuery): EventShape => ({
  patientId: !!q.patientId,
  providerIds: !!q.providerIds,
  statuses: !!q.statuses?.length,
});

const eventValues = (q: EventQuery) => ({
  organizationId: q.organizationId,
  from: q.from,
  to: q.to,
  startsAfter: new Date(q.from.getTime() - EVENT_MAX_DURATION_MINUTES * 60_000),
  patientId: q.patientId,
  providerIds: q.providerIds,
  statuses: q.statuses,
});

/**
 * An EventQuery's conditions for a shape, its values placeholders (eventValues fills them). A list of values is
 * one array parameter (= any), so the statement's text does not change with its length. An event overlapping the
 * range starts before its end and, lasting at most EVENT_MAX_DURATION_MINUTES (a CHECK of both tables), after
 * `startsAfter`: that bound is implied by the others, and it gives a plan made without the values (the calendar
 * range's generic plan) a range of the start index instead of every event before `to`.
 */
function eventFilter(on: EventShape) {
  const from = sql.placeholder("from");
  const to = sql.placeholder("to");
  const startsAfter = sql.placeholder("startsAfter");
  return and(
    eq(events.organizationId, sql.placeholder("organizationId")),
    lt(events.startOn, to),
    gt(events.startOn, startsAfter),
    gt(events.endOn, from),
    on.patientId ? eq(events.patientId, sql.placeholder("patientId")) : undefined,
    on.statuses ? sql`${events.status} = any(${sql.placeholder("statuses")})` : undefined,
    // The providers' rows carry the event's times, so the (provider, start) index narrows them to the window
    // instead of the organisation's whole calendar up to `to` being read.
    on.providerIds
      ? inArray(
          events.id,
          sql`(select ${eventProviders.eventId} from ${eventProviders} where ${and(
            sql`${eventProviders.providerId} = any(${sql.placeholder("providerIds")})`,
            lt(eventProviders.startOn, to),
            gt(eventProviders.startOn, startsAfter),
            gt(eventProviders.endOn, from),
          )})`,
        )
      : undefined,
  );
}

const eventListColumns = {
  event: events,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
};

// Every event list reads its events' providers: one statement whatever their number (an array parameter).
const providerLinks = preparedQuery("event_provider_links", (db, name) =>
  db
    .select({
      eventId: eventProviders.eventId,
      providerId: eventProviders.providerId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(eventProviders)
    .innerJoin(users, eq(users.id, eventProviders.providerId))
    .where(sql`${eventProviders.eventId} = any(${sql.placeholder("eventIds")})`)
    .prepare(name),
);

/** Events with their providers' ids and names, in start order. */
async function withProviders(
  db: DbOrTx,
  rows: { event: EventRow; patientFirstName: string | null; patientLastName: string | null }[],
) {
  const eventIds = rows.map((r) => r.event.id);
  const links = eventIds.length ? await providerLinks(db).execute({ eventIds }) : [];
  return rows.map((r) => {
    const mine = links.filter((l) => l.eventId === r.event.id);
    return {
      ...r.event,
      patientName: r.patientFirstName ? `${r.patientFirstName} ${r.patientLastName}` : null,
      providerIds: mine.map((l) => l.providerId),
      providers: mine.map((l) => ({ id: l.providerId, name: `${l.firstName} ${l.lastName}` })),
    };
  });
}

export type EventListItem = Awaited<ReturnType<typeof withProviders>>[number];

// The calendar views read a range on each visit and each move of the view: prepared per shape (preparedShapes),
// with the generic plan from the first run. Postgres's own choice planned it anew every time (0.5-1 ms, more than
// the 0.02-0.5 ms it takes to run), and its two-sided start range makes the generic plan as good as a fresh one.
const eventsInRange = preparedShapes(
  "events_in_range",
  (db, name, on: EventShape) =>
    db
      .select(eventListColumns)
      .from(events)
      .leftJoin(patients, patientOfEvent)
      .where(eventFilter(on))
      .orderBy(asc(events.startOn), asc(events.id))
      .limit(2000)
      .prepare(name),
  { genericPlan: true },
);

/** Every matching event (the calendar views), events with the same start always in the same order: the range is
 * bounded by the input schema. */
export async function listEventsInRange(db: DbOrTx, q: EventQuery): Promise<EventListItem[]> {
  const rows = await eventsInRange(db, eventShape(q)).execute(eventValues(q));
  return withProviders(db, rows);
}

// The list view: prepared per shape, each page with its total (preparedPages).
const eventPages = preparedPages(
  "event_page",
  (db, on: EventShape) => db.select({ value: count() }).from(events).where(eventFilter(on)),
  (db, name, on, total) =>
    db
      .select({ ...eventListColumns, total })
      .from(events)
      .leftJoin(patients, patientOfEvent)
      .where(eventFilter(on))
      .orderBy(asc(events.startOn), asc(events.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name),
);

/** A page of matching events (the list view). */
export async function pageEvents(
  db: DbOrTx,
  q: EventQuery & { page: number; pageSize: number },
): Promise<Page<EventListItem>> {
  const values = { ...eventValues(q), limit: q.pageSize, offset: offsetOf(q) };
  const { items, total } = await eventPages(db, eventShape(q), values, q);
  return { items: await withProviders(db, items), total, page: q.page, pageSize: q.pageSize };
}

export async function findEventListItem(db: DbOrTx, eventId: string): Promise<EventListItem | undefined> {
  const rows = await db
    .select(eventListColumns)
    .from(events)
    .leftJoin(patients, patientOfEvent)
    .where(eq(events.id, eventId));
  return (await withProviders(db, rows))[0];
}

// On every patient dashboard: prepared, as drizzle took longer to build it than Postgres to run it.
const upcomingEvents = preparedQuery("upcoming_patient_events", (db, name) =>
  db
    .select(eventListColumns)
    .from(events)
    .leftJoin(patients, patientOfEvent)
    .where(
      and(
        eq(events.patientId, sql.placeholder("patientId")),
        gt(events.endOn, sql.placeholder("now")),
        // A visit the provider already ended (or cancelled, or marked missed) is not coming any more.
        inArray(events.status, ["SCHEDULED", "ONGOING"]),
      ),
    )
    .orderBy(asc(events.startOn), asc(events.id))
    .limit(sql.placeholder("limit"))
    .prepare(name),
);

/**
 * A patient's coming appointments (scheduled or under way), soonest first, those with the same start always in one
 * order.
 */
export async function upcomingPatientEvents(db: DbOrTx, patientId: string, now: Date, limit: number) {
  return withProviders(db, await upcomingEvents(db).execute({ patientId, now, limit }));
}

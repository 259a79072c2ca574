import type { ReportBucket } from "@fizio/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";

/** A report's days (in its zone, both included) as the instants they start and end at. */
export interface ReportRange {
  from: string;
  to: string;
  timeZone: string;
}

function bounds({ from, to, timeZone }: ReportRange) {
  return {
    start: sql`(${from}::date::timestamp at time zone ${timeZone})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`,
  };
}

export interface OverviewWeek {
  /** Monday of the week, in the report's zone. */
  week: string;
  /** Patients who completed a planned activity or uploaded a recording that week. */
  activePatients: number;
  /** Activities their plans (current or completed) scheduled that week. */
  planned: number;
  /** Planned activities completed that week. */
  done: number;
  /** Analysed recordings, and their average error in degrees (null without any). */
  recordings: number;
  averageError: number | null;
}

/**
 * The organisation's patients by week from `from` to `to` (days in `timeZone`, both included): one row a week,
 * weeks without activity included. Each source is read through its (organisation, day) index.
 */
export async function patientsOverview(
  db: DbOrTx,
  organizationId: string,
  range: ReportRange,
): Promise<OverviewWeek[]> {
  const { from, to, timeZone } = range;
  const { start, end } = bounds(range);
  const weekOf = (column: ReturnType<typeof sql>) =>
    sql`date_trunc('week', ${column} at time zone ${timeZone})::date`;
  const { rows } = await db.execute<{
    week: string;
    active_patients: number;
    planned: number;
    done: number;
    recordings: number;
    average_error: number | null;
  }>(sql`
    with weeks as (
      select generate_series(date_trunc('week', ${from}::date), date_trunc('week', ${to}::date), interval '1 week')::date
        as week
    ),
    done as (
      select ${weekOf(sql`s.completed_at`)} as week, count(*)::int as done
      from activity_sessions s
      where s.organization_id = ${organizationId} and s.status = 'COMPLETED' and s.plan_activity_id is not null
        and s.completed_at >= ${start} and s.completed_at < ${end}
      group by 1
    ),
    -- A clinic counts a patient as active when they worked on their plan or sent a recording (one made outside a
    -- plan activity included), so a week of recordings is never a week of "0 active patients".
    active as (
      select week, count(distinct patient_id)::int as active
      from (
        select ${weekOf(sql`s.completed_at`)} as week, s.patient_id
        from activity_sessions s
        where s.organization_id = ${organizationId} and s.status = 'COMPLETED' and s.plan_activity_id is not null
          and s.completed_at >= ${start} and s.completed_at < ${end}
        union all
        select ${weekOf(sql`r.recording_date`)} as week, r.patient_id
        from recordings r
        where r.organization_id = ${organizationId} and r.upload_status = 'UPLOADED'
          and r.recording_date >= ${start} and r.recording_date < ${end}
      ) worked
      group by 1
    ),
    planned as (
      -- Counted per session through its index: a join would read every plan activity of the organisation.
      select date_trunc('week', ps.date)::date as week,
             sum((select count(*) from plan_activities pa where pa.session_id = ps.id))::int as planned
      from treatment_plans tp
      join plan_sessions ps on ps.plan_id = tp.id
      where tp.organization_id = ${organizationId} and tp.status in ('CURRENT', 'COMPLETED')
        and ps.date between ${from}::date and ${to}::date
      group by 1
    ),
    analysed as (
      select ${weekOf(sql`r.recording_date`)} as week, count(*)::int as recordings,
             avg(r.overall_average_error)::real as average_error
      from recordings r
      where r.organization_id = ${organizationId} and r.analysis_status = 'COMPLETED'
        and r.recording_date >= ${start} and r.recording_date < ${end}
      group by 1
    )
    select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(act.active, 0) as active_patients,
           coalesce(p.planned, 0) as planned, coalesce(d.done, 0) as done, coalesce(a.recordings, 0) as recordings,
           a.average_error
    from weeks w
    left join done d on d.week = w.week
    left join active act on act.week = w.week
    left join planned p on p.week = w.week
    left join analysed a on a.week = w.week
    order by w.week`);
  return rows.map((r) => ({
    week: r.week,
    activePatients: r.active_patients,
    planned: r.planned,
    done: r.done,
    recordings: r.recordings,
    averageError: r.average_error === null ? null : Math.round(r.average_error * 10) / 10,
  }));
}

export interface ProviderActivityRow {
  providerId: string;
  firstName: string;
  lastName: string;
  deleted: boolean;
  /** Completed visits (events) they took part in. */
  visits: number;
  /** Distinct recordings they reviewed, and the whole minutes spent on them. */
  recordingsReviewed: number;
  reviewMinutes: number;
  plansCreated: number;
  /** Plans of theirs changed in the range after the day they were written. */
  plansUpdated: number;
}

/**
 * Each provider of the organisation with what they did in the range: completed visits, recordings reviewed, plans
 * written and changed. Deleted providers show only when they did something then. Each source is read through an
 * (organisation, instant or day) index.
 */
export async function providerActivity(
  db: DbOrTx,
  organizationId: string,
  range: ReportRange,
): Promise<ProviderActivityRow[]> {
  const { start, end } = bounds(range);
  const { rows } = await db.execute<{
    provider_id: string;
    first_name: string;
    last_name: string;
    deleted: boolean;
    visits: number;
    reviewed: number;
    review_minutes: number;
    created: number;
    updated: number;
  }>(sql`
    with visits as (
      -- The organisation's visits of the range through (organisation, start), each visit's providers by its key.
      select ep.provider_id, count(*)::int as visits
      from events e
      cross join lateral (select provider_id from event_providers where event_id = e.id) ep
      where e.organization_id = ${organizationId} and e.status = 'COMPLETED'
        and e.start_on >= ${start} and e.start_on < ${end}
      group by 1
    ),
    reviews as (
      select provider_id, count(distinct recording_id)::int as reviewed, (sum(seconds) / 60)::int as minutes
      from recording_reviews
      where organization_id = ${organizationId} and day between ${range.from}::date and ${range.to}::date
      group by 1
    ),
    plans as (
      -- A plan written or changed in the range was last updated in it or later, so the index on updated_at finds both.
      select provider_id,
             count(*) filter (where created_at >= ${start})::int as created,
             count(*) filter (where updated_at < ${end} and updated_at > created_at
                                and date(updated_at at time zone ${range.timeZone})
                                    > date(created_at at time zone ${range.timeZone}))::int as updated
      from treatment_plans
      where organization_id = ${organizationId} and updated_at >= ${start} and created_at < ${end}
      group by 1
    )
    select u.id as provider_id, u.first_name, u.last_name, u.deleted_at is not null as deleted,
           coalesce(v.visits, 0) as visits, coalesce(r.reviewed, 0) as reviewed,
           coalesce(r.minutes, 0) as review_minutes, coalesce(p.created, 0) as created,
           coalesce(p.updated, 0) as updated
    from users u
    left join visits v on v.provider_id = u.id
    left join reviews r on r.provider_id = u.id
    left join plans p on p.provider_id = u.id
    where u.organization_id = ${organizationId} and u.role = 'ROLE_PROVIDER'
      and (u.deleted_at is null or v.visits is not null or r.reviewed is not null or p.provider_id is not null)
    order by u.last_name, u.first_name, u.id`);
  return rows.map((r) => ({
    providerId: r.provider_id,
    firstName: r.first_name,
    lastName: r.last_name,
    deleted: r.deleted,
    visits: r.visits,
    recordingsReviewed: r.reviewed,
    reviewMinutes: r.review_minutes,
    plansCreated: r.created,
    plansUpdated: r.updated,
  }));
}

export interface RecordingsBucketRow {
  /** First day of the bucket (a day, or the Monday of a week) in the report's zone. */
  bucket: string;
  recordings: number;
  analysed: number;
  failed: number;
  inProgress: number;
  /** Mean seconds from the analysis starting to its result, over analysed recordings; null without any. */
  meanProcessingSeconds: number | null;
}

/**
 * The organisation's recordings by day or week (every bucket of the range, empty ones included) with how their
 * analysis ended, and the failures of the range by reason, most frequent first. Read through (organisation, date).
 */
export async function recordingsReport(
  db: DbOrTx,
  organizationId: string,
  range: ReportRange & { bucket: ReportBucket },
): Promise<{ buckets: RecordingsBucketRow[]; failures: { code: string; count: number }[] }> {
  const { start, end } = bounds(range);
  const unit = range.bucket === "DAY" ? sql.raw(`'day'`) : sql.raw(`'week'`);
  const step = range.bucket === "DAY" ? sql.raw(`interval '1 day'`) : sql.raw(`interval '1 week'`);
  // One read of the range's recordings, materialised, for both the buckets and the failure reasons.
  const { rows } = await db.execute<{
    bucket: string | null;
    code: string | null;
    recordings: number;
    analysed: number;
    failed: number;
    in_progress: number;
    processing: number | null;
  }>(sql`
    with picked as materialized (
      select date_trunc(${unit}, recording_date at time zone ${range.timeZone})::date as bucket, analysis_status,
             failure_code, extract(epoch from analysis_completed_at - analysis_started_at) as seconds
      from recordings
      where organization_id = ${organizationId} and recording_date >= ${start} and recording_date < ${end}
    ),
    buckets as (
      select generate_series(date_trunc(${unit}, ${range.from}::date), date_trunc(${unit}, ${range.to}::date), ${step})::date
        as bucket
    ),
    counted as (
      select bucket, count(*)::int as recordings,
             count(*) filter (where analysis_status = 'COMPLETED')::int as analysed,
             count(*) filter (where analysis_status = 'FAILED')::int as failed,
             count(*) filter (where analysis_status = 'IN_PROGRESS')::int as in_progress,
             avg(seconds) filter (where analysis_status = 'COMPLETED')::real as processing
      from picked group by 1
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as bucket, null as code, coalesce(c.recordings, 0) as recordings,
           coalesce(c.analysed, 0) as analysed, coalesce(c.failed, 0) as failed,
           coalesce(c.in_progress, 0) as in_progress, c.processing
    from buckets b left join counted c on c.bucket = b.bucket
    union all
    select null, coalesce(failure_code, 'UNKNOWN'), 0, 0, count(*)::int, 0, null
    from picked where analysis_status = 'FAILED' group by 2
    order by 1, 5 desc, 2`);
  const buckets = rows.filter((r) => r.bucket !== null);
  const failures = rows
    .filter((r) => r.code !== null)
    .map((r) => ({ code: r.code!, count: r.failed }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return {
    buckets: buckets.map((r) => ({
      bucket: r.bucket!,
      recordings: r.recordings,
      analysed: r.analysed,
      failed: r.failed,
      inProgress: r.in_progress,
      meanProcessingSeconds: r.processing === null ? null : Math.round(r.processing),
    })),
    failures,
  };
}

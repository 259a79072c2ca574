import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";

export interface OverviewWeek {
  /** Monday of the week, in the report's zone. */
  week: string;
  /** Patients who completed at least one planned activity that week. */
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
  range: { from: string; to: string; timeZone: string },
): Promise<OverviewWeek[]> {
  const { from, to, timeZone } = range;
  const start = sql`(${from}::date::timestamp at time zone ${timeZone})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;
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
      select ${weekOf(sql`s.completed_at`)} as week, count(*)::int as done, count(distinct s.patient_id)::int as active
      from activity_sessions s
      where s.organization_id = ${organizationId} and s.status = 'COMPLETED' and s.plan_activity_id is not null
        and s.completed_at >= ${start} and s.completed_at < ${end}
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
    select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(d.active, 0) as active_patients,
           coalesce(p.planned, 0) as planned, coalesce(d.done, 0) as done, coalesce(a.recordings, 0) as recordings,
           a.average_error
    from weeks w
    left join done d on d.week = w.week
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

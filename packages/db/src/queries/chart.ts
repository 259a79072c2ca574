import type { CareStage, PlanStatus } from "@fizio/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import type { RosterScope } from "./billing";

export interface PatientChartHeader {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  careStage: CareStage | null;
  diagnosis: string | null;
  diagnosisCode: string | null;
  plan: {
    id: string;
    name: string;
    status: PlanStatus;
    stage: CareStage;
    diagnosis: string | null;
    sessions: number;
    sessionsDone: number;
  } | null;
  /** This week's planned activities (current or completed plans) and how many of them the patient completed. */
  week: { planned: number; done: number };
  lastResult: { recordingId: string; averageError: number | null; recordedAt: string } | null;
  nextEvent: {
    id: string;
    startOn: string;
    title: string | null;
    serviceName: string | null;
    video: boolean;
  } | null;
}

/**
 * A patient's chart header in one statement, scoped in its own where clause to the organisation (and a
 * provider's roster): another organisation's or roster's patient reads as nothing. `week` is the Monday-to-Sunday
 * calendar days of the viewer's week; `now` decides the next appointment.
 */
export async function patientChartHeader(
  db: DbOrTx,
  scope: RosterScope,
  patientId: string,
  week: { from: string; to: string; timeZone: string },
  now: Date,
): Promise<PatientChartHeader | undefined> {
  const weekStart = sql`(${week.from}::date::timestamp at time zone ${week.timeZone})`;
  const weekEnd = sql`((${week.to}::date + 1)::timestamp at time zone ${week.timeZone})`;
  const { rows } = await db.execute<{
    id: string;
    first_name: string;
    last_name: string;
    date_of_birth: string | null;
    care_stage: CareStage | null;
    diagnosis: string | null;
    diagnosis_code: string | null;
    plan: PatientChartHeader["plan"];
    planned: number;
    done: number;
    last_result: { recordingId: string; averageError: number | null; recordedAt: string } | null;
    next_event: PatientChartHeader["nextEvent"];
  }>(sql`
    select u.id, u.first_name, u.last_name, u.date_of_birth::text, u.care_stage, u.diagnosis, u.diagnosis_code,
      (select json_build_object(
          'id', tp.id, 'name', tp.name, 'status', tp.status, 'stage', tp.stage, 'diagnosis', tp.diagnosis,
          'sessions', (select count(*) from plan_sessions ps where ps.plan_id = tp.id),
          'sessionsDone', (select count(*) from plan_sessions ps where ps.plan_id = tp.id and not exists (
            select 1 from plan_activities pa where pa.session_id = ps.id and not exists (
              select 1 from activity_sessions s where s.plan_activity_id = pa.id and s.status = 'COMPLETED'))))
        from treatment_plans tp where tp.patient_id = u.id and tp.status = 'CURRENT' limit 1) as plan,
      (select count(*)::int from plan_activities pa
        join plan_sessions ps on ps.id = pa.session_id
        join treatment_plans tp on tp.id = pa.plan_id
        where tp.patient_id = u.id and tp.status in ('CURRENT', 'COMPLETED')
          and ps.date between ${week.from}::date and ${week.to}::date) as planned,
      (select count(*)::int from plan_activities pa
        join plan_sessions ps on ps.id = pa.session_id
        join treatment_plans tp on tp.id = pa.plan_id
        where tp.patient_id = u.id and tp.status in ('CURRENT', 'COMPLETED')
          and ps.date between ${week.from}::date and ${week.to}::date
          and exists (select 1 from activity_sessions s where s.plan_activity_id = pa.id and s.status = 'COMPLETED'
            and s.completed_at >= ${weekStart} and s.completed_at < ${weekEnd})) as done,
      (select json_build_object('recordingId', r.id, 'averageError', r.overall_average_error,
          'recordedAt', r.recording_date)
        from recordings r where r.patient_id = u.id and r.analysis_status = 'COMPLETED'
        order by r.recording_date desc limit 1) as last_result,
      (select json_build_object('id', e.id, 'startOn', e.start_on, 'title', e.title, 'serviceName', e.service_name,
          'video', e.video)
        from events e where e.patient_id = u.id and e.organization_id = u.organization_id
          and e.status in ('SCHEDULED', 'ONGOING') and e.end_on > ${now}
        order by e.start_on, e.id limit 1) as next_event
    from users u
    where u.id = ${patientId} and u.organization_id = ${scope.organizationId} and u.role = 'ROLE_PATIENT'
      and u.deleted_at is null ${scope.providerId ? sql`and u.provider_id = ${scope.providerId}` : sql``}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    careStage: row.care_stage,
    diagnosis: row.diagnosis,
    diagnosisCode: row.diagnosis_code,
    plan: row.plan,
    week: { planned: row.planned, done: row.done },
    lastResult: row.last_result,
    nextEvent: row.next_event,
  };
}

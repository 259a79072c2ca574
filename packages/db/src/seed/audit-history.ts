import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { pendingAuditRows, sealAuditLog } from "../queries/audit";

/**
 * The audit trail the scale data set's recordings left behind, sealed into the chain: for each recording, its
 * patient starting the activity session and opening the result, and for each review, the provider opening it.
 * A platform with 200,000 recordings has an audit log of that size or more. Without one, the audit viewer would
 * be tried on an almost empty table, and Postgres's autovacuum (due at every 10 % of a table's growth) went over
 * the few thousand rows a benchmark run wrote within that run. Runs inside the caller's transaction.
 */
export async function seedAuditHistory(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`
    insert into audit_log (at, organization_id, actor_id, actor_email, action, entity, entity_id, details,
                           request_id)
    select h.at, h.organization_id, h.actor_id, u.email, h.action, h.entity, h.entity_id, h.details,
           gen_random_uuid()::text
    from (
      select s.started_at as at, r.organization_id, r.patient_id as actor_id, 'activitySessions.start' as action,
             'activity_session' as entity, s.id::text as entity_id,
             jsonb_build_object('planActivityId', s.plan_activity_id, 'referenceVideoId', null,
                                'patientAssessmentId', null) as details
      from recordings r join activity_sessions s on s.recording_id = r.id
      where r.storage_key like 'orgs/%/recordings/scale-%'
      union all
      select r.analysis_completed_at + interval '1 minute', r.organization_id, r.patient_id, 'recordings.read',
             'recording', r.id::text, jsonb_build_object('patientId', r.patient_id)
      from recordings r where r.storage_key like 'orgs/%/recordings/scale-%'
      union all
      select r.analysis_completed_at + interval '2 hours', v.organization_id, v.provider_id, 'recordings.read',
             'recording', r.id::text, jsonb_build_object('patientId', r.patient_id)
      from recording_reviews v join recordings r on r.id = v.recording_id
      where r.storage_key like 'orgs/%/recordings/scale-%'
    ) h join users u on u.id = h.actor_id
    order by h.at`);
  // Sealed by the sealing job's own function, every row past the last seal: the seed's, and any not sealed yet.
  await sealAuditLog(tx, { batch: await pendingAuditRows(tx), lookBack: { from: 0, to: 0 } });
}

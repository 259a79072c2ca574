import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";

/**
 * The audit trail the scale data set's recordings left behind, sealed into the chain: for each recording, its
 * patient starting the activity session and opening the result, and for each review, the provider opening it.
 * A platform with 200,000 recordings has an audit log of that size or more; without one, the audit viewer and
 * reports were measured on an empty table, and Postgres's autovacuum (due at every 10 % of a table's growth) went
 * over the few thousand rows a benchmark run wrote within that run.
 * Returns the number of rows written. Runs inside the caller's transaction.
 */
export async function seedAuditHistory(tx: DbOrTx): Promise<number> {
  // The sealer's lock: no sealing run can take a seal number between the last one read here and this commit.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seal_audit_log'))`);
  const written = await tx.execute(sql`
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
      where r.storage_key like 'scale/recordings/%'
      union all
      select r.analysis_completed_at + interval '1 minute', r.organization_id, r.patient_id, 'recordings.read',
             'recording', r.id::text, jsonb_build_object('patientId', r.patient_id)
      from recordings r where r.storage_key like 'scale/recordings/%'
      union all
      select r.analysis_completed_at + interval '2 hours', v.organization_id, v.provider_id, 'recordings.read',
             'recording', r.id::text, jsonb_build_object('patientId', r.patient_id)
      from recording_reviews v join recordings r on r.id = v.recording_id
      where r.storage_key like 'scale/recordings/%'
    ) h join users u on u.id = h.actor_id
    order by h.at`);

  // Sealed as the sealing job would (audit_seal_hash, in id order, each chained to the one before), in one
  // statement: one seal a row in plpgsql (seal_audit_log) took 54 µs a row, this 24.
  await tx.execute(sql`
    create temporary table scale_unsealed on commit drop as
    select a, row_number() over (order by a.id) as k from audit_log a
    where a.id > coalesce((select max(x.audit_id) from audit_seals x), 0)
      and not exists (select 1 from audit_seals x where x.audit_id = a.id)`);
  await tx.execute(sql`create unique index on scale_unsealed (k)`);
  await tx.execute(sql`
    with recursive last_seal as (
      select coalesce((select seq from audit_seals order by seq desc limit 1), 0) as seq,
             coalesce((select hash from audit_seals order by seq desc limit 1), '') as hash
    ), chain (k, seq, audit_id, prev_hash, hash) as (
      select u.k, l.seq + 1, (u.a).id, l.hash, audit_seal_hash(l.hash, l.seq + 1, u.a)
      from scale_unsealed u, last_seal l where u.k = 1
      union all
      select u.k, c.seq + 1, (u.a).id, c.hash, audit_seal_hash(c.hash, c.seq + 1, u.a)
      from chain c join scale_unsealed u on u.k = c.k + 1
    )
    insert into audit_seals (seq, audit_id, prev_hash, hash) select seq, audit_id, prev_hash, hash from chain`);
  return written.rowCount ?? 0;
}

-- The same chain and hashes for less of Postgres's time a row: a run reads its batch's rows in one query (not one
-- SELECT a row) and writes their seals in one INSERT (not one a row), and the search for unsealed rows stops at the
-- batch in each branch (it read every row waiting). Its statements are planned for each call's values: after a few
-- calls on one connection plpgsql may keep a generic plan, and the generic plan of the search (an id range it cannot
-- estimate without the values) read both 3-million-row audit tables whole, 0.3-1 s a call under bench:api.
CREATE OR REPLACE FUNCTION "seal_audit_log"(batch integer, look_back_from bigint DEFAULT 0, look_back_to bigint DEFAULT 100000)
RETURNS integer LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  last_id bigint;
  r "audit_log";
  seqs bigint[] := '{}';
  ids bigint[] := '{}';
  prev_hashes text[] := '{}';
  hashes text[] := '{}';
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('seal_audit_log'));
  SELECT s.seq, s.hash INTO last_seq, last_hash FROM "audit_seals" s ORDER BY s.seq DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0);
  last_hash := coalesce(last_hash, '');
  last_id := coalesce((SELECT max(x.audit_id) FROM "audit_seals" x), 0);
  FOR r IN
    SELECT a.* FROM "audit_log" a
    WHERE a.id IN (
      SELECT u.id FROM (
        (SELECT a.id FROM "audit_log" a
         WHERE a.id > last_id - look_back_to AND a.id <= last_id - look_back_from
           AND NOT EXISTS (SELECT 1 FROM "audit_seals" x WHERE x.audit_id = a.id)
         ORDER BY a.id LIMIT batch)
        UNION ALL
        (SELECT a.id FROM "audit_log" a
         WHERE a.id > last_id AND NOT EXISTS (SELECT 1 FROM "audit_seals" x WHERE x.audit_id = a.id)
         ORDER BY a.id LIMIT batch)
      ) u
      ORDER BY u.id LIMIT batch
    )
    ORDER BY a.id
  LOOP
    last_seq := last_seq + 1;
    seqs := seqs || last_seq;
    ids := ids || r.id;
    prev_hashes := prev_hashes || last_hash;
    last_hash := "audit_seal_hash"(last_hash, last_seq, r);
    hashes := hashes || last_hash;
  END LOOP;
  INSERT INTO "audit_seals" (seq, audit_id, prev_hash, hash) SELECT * FROM unnest(seqs, ids, prev_hashes, hashes);
  RETURN coalesce(array_length(ids, 1), 0);
END
$$;

CREATE TABLE "audit_seals" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_seals_audit_id_unique" UNIQUE("audit_id")
);
--> statement-breakpoint
CREATE TRIGGER "audit_seals_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_seals" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_seals_no_truncate" BEFORE TRUNCATE ON "audit_seals" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- A seal's hash: SHA-256 over the previous seal's hash, the seal's number and every column of the audit row
-- (instants as microseconds since the epoch, so the session's time zone does not change the text).
CREATE FUNCTION "audit_seal_hash"(prev text, seal_seq bigint, r "audit_log") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|', prev, seal_seq, r.id, (extract(epoch FROM r.at) * 1000000)::bigint,
    coalesce(r.organization_id::text, ''), coalesce(r.actor_id::text, ''), coalesce(r.actor_email, ''), r.action,
    r.entity, coalesce(r.entity_id, ''), coalesce(r.details::text, ''), coalesce(r.request_id, ''),
    coalesce(r.ui_location, '')), 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Seals up to `batch` audit rows not sealed yet, oldest id first, each chained to the last seal. One sealer at a
-- time (an advisory lock); rows committed late by a long transaction are still found (the look-back window).
CREATE FUNCTION "seal_audit_log"(batch integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  sealed integer := 0;
  r "audit_log";
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('seal_audit_log'));
  SELECT s.seq, s.hash INTO last_seq, last_hash FROM "audit_seals" s ORDER BY s.seq DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0);
  last_hash := coalesce(last_hash, '');
  FOR r IN
    SELECT a.* FROM "audit_log" a
    WHERE a.id > coalesce((SELECT max(x.audit_id) FROM "audit_seals" x), 0) - 100000
      AND NOT EXISTS (SELECT 1 FROM "audit_seals" x WHERE x.audit_id = a.id)
    ORDER BY a.id LIMIT batch
  LOOP
    last_seq := last_seq + 1;
    INSERT INTO "audit_seals" (seq, audit_id, prev_hash, hash)
      VALUES (last_seq, r.id, last_hash, "audit_seal_hash"(last_hash, last_seq, r));
    last_hash := "audit_seal_hash"(last_hash, last_seq, r);
    sealed := sealed + 1;
  END LOOP;
  RETURN sealed;
END
$$;--> statement-breakpoint
-- Walks the chain and reports every break: a missing seal, a seal not chained to the one before, an audit row
-- changed or deleted since it was sealed, and audit rows left unsealed for over ten minutes.
CREATE FUNCTION "verify_audit_log"() RETURNS TABLE(seal_seq bigint, audit_id bigint, problem text) LANGUAGE plpgsql AS $$
DECLARE
  expected bigint := 1;
  prev text := '';
  s "audit_seals";
  r "audit_log";
BEGIN
  FOR s IN SELECT * FROM "audit_seals" ORDER BY seq LOOP
    IF s.seq <> expected THEN
      seal_seq := expected; audit_id := NULL; problem := 'seals missing before this one'; RETURN NEXT;
    END IF;
    IF s.prev_hash <> prev THEN
      seal_seq := s.seq; audit_id := s.audit_id; problem := 'seal not chained to the previous one'; RETURN NEXT;
    END IF;
    SELECT * INTO r FROM "audit_log" WHERE id = s.audit_id;
    IF NOT FOUND THEN
      seal_seq := s.seq; audit_id := s.audit_id; problem := 'audit row deleted'; RETURN NEXT;
    ELSIF "audit_seal_hash"(s.prev_hash, s.seq, r) <> s.hash THEN
      seal_seq := s.seq; audit_id := s.audit_id; problem := 'audit row changed'; RETURN NEXT;
    END IF;
    prev := s.hash;
    expected := s.seq + 1;
  END LOOP;
  FOR r IN
    SELECT a.* FROM "audit_log" a
    WHERE a.at < now() - interval '10 minutes' AND NOT EXISTS (SELECT 1 FROM "audit_seals" x WHERE x.audit_id = a.id)
    ORDER BY a.id
  LOOP
    seal_seq := NULL; audit_id := r.id; problem := 'audit row not sealed'; RETURN NEXT;
  END LOOP;
END
$$;

-- Every server now caches, with a session it checked, what the session's user was read as for the gates (the user
-- row, terms accepted, a usable card, the organisation worked in), for the same few seconds. A change to any of them
-- tells every server to forget that user's sessions, on the same channel as a revoked session. The user's id is in
-- a different column of each table: the trigger's argument names it. The sessions trigger of 0016 moves onto the
-- same function, so one function tells every change.
CREATE FUNCTION "notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- pg_notify sends a channel and payload once per transaction, however many rows or both images repeat it.
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('session_revoked', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('session_revoked', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('id');--> statement-breakpoint
CREATE TRIGGER "terms_acceptances_changed" AFTER INSERT OR UPDATE OR DELETE ON "terms_acceptances" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "payment_cards_changed" AFTER INSERT OR UPDATE OR DELETE ON "payment_cards" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('patient_id');--> statement-breakpoint
CREATE TRIGGER "organization_assignments_changed" AFTER INSERT OR UPDATE OR DELETE ON "organization_assignments" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id');--> statement-breakpoint
DROP TRIGGER "sessions_revoked" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER DELETE OR UPDATE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id');--> statement-breakpoint
DROP FUNCTION "notify_session_revoked"();

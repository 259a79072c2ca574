-- Every server caches checked sessions for a few seconds; a deleted or changed session (sign-out, password change
-- or reset, an admin disabling or deleting the user, expiry clean-up) tells them all to forget that user's.
CREATE FUNCTION "notify_session_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_revoked', OLD.user_id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER DELETE OR UPDATE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_revoked"();

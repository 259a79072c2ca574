ALTER TABLE "organization_settings" ADD COLUMN "staff_idle_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "patient_idle_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Recording a session's activity (at most twice a minute per session) must not tell every server to forget the
-- user's sessions: the sessions trigger of 0024 now fires on a delete, or on an update that changed anything else.
DROP TRIGGER "sessions_revoked" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE ON "sessions" FOR EACH ROW WHEN ((to_jsonb(OLD) - 'last_active_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_active_at')) EXECUTE FUNCTION "notify_user_changed"('user_id');

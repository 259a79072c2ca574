ALTER TABLE "error_log" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "error_log_org_at_idx" ON "error_log" USING btree ("organization_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_one_default" ON "organizations" USING btree ("is_default") WHERE "organizations"."is_default";--> statement-breakpoint
-- Self-registration joined "the first default provider of any organisation"; existing data keeps the organisation of the earliest default provider.
UPDATE "organizations" SET "is_default" = true WHERE "id" = (SELECT "organization_id" FROM "users" WHERE "is_default_provider" ORDER BY "created_at", "id" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "organizations" WHERE "is_default");--> statement-breakpoint
-- The audit trail is append-only for the application: no row is changed or removed once written.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();

ALTER TABLE "users" ADD COLUMN "referring_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "diagnosis" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "diagnosis_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referring_provider_id_users_id_fk" FOREIGN KEY ("referring_provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_reviews_org_day_idx" ON "recording_reviews" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "treatment_plans_org_updated_idx" ON "treatment_plans" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "users_referring_provider_idx" ON "users" USING btree ("referring_provider_id");
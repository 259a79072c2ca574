ALTER TABLE "users" ADD COLUMN "referring_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "diagnosis" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "diagnosis_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referring_provider_id_users_id_fk" FOREIGN KEY ("referring_provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_referring_provider_idx" ON "users" USING btree ("referring_provider_id");
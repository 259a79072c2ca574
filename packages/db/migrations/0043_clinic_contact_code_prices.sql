ALTER TABLE "prices" ADD COLUMN "service_code" text;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "clinic_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "clinic_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "clinic_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "clinic_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "prices_service_code_unique" ON "prices" USING btree ("organization_id","service_code") WHERE "prices"."deleted_at" is null and "prices"."service_code" is not null;
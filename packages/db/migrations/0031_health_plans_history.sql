ALTER TABLE "billing_entries" DROP CONSTRAINT "billing_entries_health_plan_id_health_plans_id_fk";
--> statement-breakpoint
DROP INDEX "health_plans_patient_cob_unique";--> statement-breakpoint
ALTER TABLE "health_plans" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_entries" ADD CONSTRAINT "billing_entries_health_plan_id_health_plans_id_fk" FOREIGN KEY ("health_plan_id") REFERENCES "public"."health_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_entries_health_plan_idx" ON "billing_entries" USING btree ("health_plan_id") WHERE "billing_entries"."health_plan_id" is not null;--> statement-breakpoint
-- One current plan per coordination-of-benefits order, checked at commit so one save can swap two plans' orders;
-- removed plans (deleted_at) stay for the billing entries that name them.
ALTER TABLE "health_plans" ADD CONSTRAINT "health_plans_patient_cob_unique" EXCLUDE USING btree ("patient_id" WITH =, "cob" WITH =) WHERE ("deleted_at" IS NULL) DEFERRABLE INITIALLY DEFERRED;

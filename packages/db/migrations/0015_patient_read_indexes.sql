DROP INDEX "recordings_patient_idx";--> statement-breakpoint
CREATE INDEX "activity_sessions_plan_activity_idx" ON "activity_sessions" USING btree ("plan_activity_id");--> statement-breakpoint
CREATE INDEX "recordings_patient_idx" ON "recordings" USING btree ("patient_id","recording_date");
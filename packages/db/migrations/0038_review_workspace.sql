CREATE TYPE "public"."review_surface" AS ENUM('RECORDING', 'CHART', 'MESSAGES');--> statement-breakpoint
DROP INDEX "recording_reviews_provider_recording_day";--> statement-breakpoint
ALTER TABLE "recording_reviews" ALTER COLUMN "recording_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "recording_reviews" ADD COLUMN "surface" "review_surface" DEFAULT 'RECORDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "recording_id" uuid;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_recording_idx" ON "messages" USING btree ("recording_id") WHERE "messages"."recording_id" is not null;--> statement-breakpoint
ALTER TABLE "recording_reviews" ADD CONSTRAINT "recording_reviews_provider_subject_day" UNIQUE NULLS NOT DISTINCT("provider_id","patient_id","surface","recording_id","day");
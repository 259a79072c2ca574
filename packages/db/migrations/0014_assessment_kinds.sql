CREATE TYPE "public"."assessment_kind" AS ENUM('RANGE_OF_MOTION', 'PERFORMANCE');--> statement-breakpoint
ALTER TABLE "assessment_templates" ADD COLUMN "kind" "assessment_kind" DEFAULT 'PERFORMANCE' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_templates" ADD COLUMN "rom_video_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_assessments" ADD COLUMN "kind" "assessment_kind" DEFAULT 'PERFORMANCE' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_assessments" ADD COLUMN "rom_video_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD COLUMN "patient_assessment_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD COLUMN "reference_video_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_patient_assessment_id_patient_assessments_id_fk" FOREIGN KEY ("patient_assessment_id") REFERENCES "public"."patient_assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_reference_video_id_reference_videos_id_fk" FOREIGN KEY ("reference_video_id") REFERENCES "public"."reference_videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_sessions_assessment_idx" ON "activity_sessions" USING btree ("patient_assessment_id");
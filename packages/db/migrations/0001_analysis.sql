CREATE TYPE "public"."analysis_status" AS ENUM('IN_PROGRESS', 'COMPLETED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."body_view" AS ENUM('SIDE', 'FRONT', 'BOTH');--> statement-breakpoint
CREATE TYPE "public"."joint" AS ENUM('ANKLE', 'BACK', 'ELBOW', 'HIP', 'KNEE', 'NECK', 'SHOULDER', 'WRIST');--> statement-breakpoint
CREATE TYPE "public"."orientation" AS ENUM('PORTRAIT', 'LANDSCAPE');--> statement-breakpoint
CREATE TYPE "public"."reference_video_status" AS ENUM('PENDING', 'PROCESSING', 'READY', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."side" AS ENUM('LEFT', 'BOTH', 'RIGHT');--> statement-breakpoint
CREATE TYPE "public"."upload_status" AS ENUM('UPLOADING', 'UPLOADED');--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"reference_video_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"upload_status" "upload_status" DEFAULT 'UPLOADING' NOT NULL,
	"upload_id" text,
	"recording_date" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_seconds" double precision,
	"recording_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"analysis_status" "analysis_status" DEFAULT 'IN_PROGRESS' NOT NULL,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"progress_stage" text,
	"failure_code" text,
	"failure_reason" text,
	"overall_average_error" double precision,
	"analysis_result" jsonb,
	"annotated_bucket" text,
	"annotated_key" text,
	"thumbnail_key" text,
	"analysis_attempts" integer DEFAULT 0 NOT NULL,
	"analysis_started_at" timestamp with time zone,
	"analysis_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"upload_status" "upload_status" DEFAULT 'UPLOADING' NOT NULL,
	"upload_id" text,
	"status" "reference_video_status" DEFAULT 'PENDING' NOT NULL,
	"failure_code" text,
	"failure_reason" text,
	"joints" jsonb NOT NULL,
	"side" "side" NOT NULL,
	"main_joint" "joint" NOT NULL,
	"body_view" "body_view" NOT NULL,
	"orientation" "orientation",
	"preview_key" text,
	"miniature_key" text,
	"track" jsonb,
	"duration_seconds" double precision,
	"processing_attempts" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_reference_video_id_reference_videos_id_fk" FOREIGN KEY ("reference_video_id") REFERENCES "public"."reference_videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD CONSTRAINT "reference_videos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD CONSTRAINT "reference_videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recordings_patient_idx" ON "recordings" USING btree ("organization_id","patient_id","recording_date");--> statement-breakpoint
CREATE INDEX "recordings_reference_video_idx" ON "recordings" USING btree ("reference_video_id");--> statement-breakpoint
CREATE INDEX "reference_videos_org_idx" ON "reference_videos" USING btree ("organization_id","status");
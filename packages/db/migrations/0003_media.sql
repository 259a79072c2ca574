CREATE TYPE "public"."video_group_type" AS ENUM('ACTIVITY', 'ROM', 'INSTRUCTION');--> statement-breakpoint
CREATE TYPE "public"."activity_session_status" AS ENUM('IN_PROGRESS', 'COMPLETED');--> statement-breakpoint
CREATE TABLE "video_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "video_group_type" NOT NULL,
	"joints" jsonb NOT NULL,
	"orientation" "orientation" NOT NULL,
	"direction" "body_view" NOT NULL,
	"side" "side" NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activity_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"plan_activity_id" uuid,
	"recording_id" uuid,
	"status" "activity_session_status" DEFAULT 'IN_PROGRESS' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feedback" jsonb,
	"feedback_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "checksum_sha256" text;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "reps" integer;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "checksum_sha256" text;--> statement-breakpoint
ALTER TABLE "reference_videos" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_groups" ADD CONSTRAINT "video_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_groups" ADD CONSTRAINT "video_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_plan_activity_id_plan_activities_id_fk" FOREIGN KEY ("plan_activity_id") REFERENCES "public"."plan_activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_groups_org_name_unique" ON "video_groups" USING btree ("organization_id",lower("name")) WHERE "video_groups"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activity_sessions_patient_idx" ON "activity_sessions" USING btree ("patient_id","started_at");--> statement-breakpoint
CREATE INDEX "activity_sessions_recording_idx" ON "activity_sessions" USING btree ("recording_id");--> statement-breakpoint
ALTER TABLE "reference_videos" ADD CONSTRAINT "reference_videos_group_id_video_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."video_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reference_videos_group_name_unique" ON "reference_videos" USING btree ("group_id",lower("name")) WHERE "reference_videos"."deleted_at" is null;
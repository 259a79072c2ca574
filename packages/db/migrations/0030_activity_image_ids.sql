CREATE TYPE "public"."file_upload_purpose" AS ENUM('ORGANIZATION_LOGO', 'ACTIVITY_IMAGE');--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" "file_upload_purpose" NOT NULL,
	"organization_id" uuid,
	"storage_key" text NOT NULL,
	"upload_id" text,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"upload_status" "upload_status" DEFAULT 'UPLOADING' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "activity_templates" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "session_template_activities" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_templates" ADD CONSTRAINT "activity_templates_image_id_parameter_values_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."parameter_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD CONSTRAINT "plan_activities_image_id_parameter_values_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."parameter_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_template_activities" ADD CONSTRAINT "session_template_activities_image_id_parameter_values_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."parameter_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An activity names its picture by the shared library's image activity (its id), no longer by a storage key the
-- client sent. Each stored key becomes the library value that holds it; a key no library value holds was never
-- one the activity editor offered (it picks from the library) and is not carried over.
UPDATE "activity_templates" a SET "image_id" = (
  SELECT v."id" FROM "parameter_values" v
  WHERE v."kind" = 'IMAGE_ACTIVITIES' AND v."image_key" = a."image_key"
  ORDER BY v."created_at", v."id" LIMIT 1
) WHERE a."image_key" IS NOT NULL;--> statement-breakpoint
UPDATE "session_template_activities" a SET "image_id" = (
  SELECT v."id" FROM "parameter_values" v
  WHERE v."kind" = 'IMAGE_ACTIVITIES' AND v."image_key" = a."image_key"
  ORDER BY v."created_at", v."id" LIMIT 1
) WHERE a."image_key" IS NOT NULL;--> statement-breakpoint
UPDATE "plan_activities" a SET "image_id" = (
  SELECT v."id" FROM "parameter_values" v
  WHERE v."kind" = 'IMAGE_ACTIVITIES' AND v."image_key" = a."image_key"
  ORDER BY v."created_at", v."id" LIMIT 1
) WHERE a."image_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_templates" DROP COLUMN "image_key";--> statement-breakpoint
ALTER TABLE "plan_activities" DROP COLUMN "image_key";--> statement-breakpoint
ALTER TABLE "session_template_activities" DROP COLUMN "image_key";--> statement-breakpoint
-- A signed link is refused for a key outside its organisation's prefix and the shared library. The scale data
-- set's made-up keys (pnpm seed:scale before this migration) move under their organisation's prefix, as the
-- seed now writes them, so benchmarks keep reading them; no other data has keys of this shape.
UPDATE "reference_videos"
SET "storage_key" = 'orgs/' || "organization_id" || '/reference-videos/scale-' || "group_id" || '/original.mp4'
WHERE "storage_key" LIKE 'scale/reference/%';--> statement-breakpoint
UPDATE "recordings"
SET "storage_key" = 'orgs/' || "organization_id" || '/recordings/scale-'
  || substring("storage_key" FROM '^scale/recordings/([0-9]+)\.webm$') || '/original.webm'
WHERE "storage_key" LIKE 'scale/recordings/%';

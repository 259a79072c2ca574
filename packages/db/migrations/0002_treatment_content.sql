CREATE TYPE "public"."patient_assessment_status" AS ENUM('ASSIGNED', 'SUBMITTED');--> statement-breakpoint
CREATE TYPE "public"."activity_type" AS ENUM('ROM', 'VIDEO', 'INSTRUCTION_VIDEO', 'TEXT', 'CUSTOM_TEXT', 'CUSTOM_IMAGE', 'IMAGE');--> statement-breakpoint
CREATE TYPE "public"."creation_mode" AS ENUM('MANUAL', 'GENERATION');--> statement-breakpoint
CREATE TYPE "public"."plan_status" AS ENUM('CURRENT', 'COMPLETED', 'DRAFT', 'TERMINATED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "assessment_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"questions" jsonb NOT NULL,
	"is_intake" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"name" text NOT NULL,
	"questions" jsonb NOT NULL,
	"is_intake" boolean DEFAULT false NOT NULL,
	"status" "patient_assessment_status" DEFAULT 'ASSIGNED' NOT NULL,
	"answers" jsonb,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"type" "activity_type" NOT NULL,
	"description" text,
	"notes" text,
	"reference_video_id" uuid,
	"image_key" text,
	"duration_seconds" integer,
	"reps" integer,
	"sets" integer,
	"break_time_seconds" integer,
	"frequency" integer,
	"side" "side",
	"direction" "body_view",
	"orientation" "orientation"
);
--> statement-breakpoint
CREATE TABLE "plan_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" "activity_type" NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"notes" text,
	"reference_video_id" uuid,
	"image_key" text,
	"duration_seconds" integer,
	"reps" integer,
	"sets" integer,
	"break_time_seconds" integer,
	"frequency" integer,
	"side" "side",
	"direction" "body_view",
	"orientation" "orientation",
	"started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plan_assessments" (
	"plan_id" uuid NOT NULL,
	"assessment_template_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"patient_assessment_id" uuid,
	CONSTRAINT "plan_assessments_plan_id_assessment_template_id_pk" PRIMARY KEY("plan_id","assessment_template_id")
);
--> statement-breakpoint
CREATE TABLE "plan_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"date" date NOT NULL,
	"session_template_id" uuid
);
--> statement-breakpoint
CREATE TABLE "plan_template_assessments" (
	"plan_template_id" uuid NOT NULL,
	"assessment_template_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "plan_template_assessments_plan_template_id_assessment_template_id_pk" PRIMARY KEY("plan_template_id","assessment_template_id")
);
--> statement-breakpoint
CREATE TABLE "plan_template_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_template_id" uuid NOT NULL,
	"session_template_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"day_offset" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"description" text,
	"stage" "care_stage",
	"long_term_goal" text,
	"diagnosis" text
);
--> statement-breakpoint
CREATE TABLE "session_template_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_template_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" "activity_type" NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"notes" text,
	"reference_video_id" uuid,
	"image_key" text,
	"duration_seconds" integer,
	"reps" integer,
	"sets" integer,
	"break_time_seconds" integer,
	"frequency" integer,
	"side" "side",
	"direction" "body_view",
	"orientation" "orientation"
);
--> statement-breakpoint
CREATE TABLE "session_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "treatment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" "plan_status" NOT NULL,
	"stage" "care_stage" NOT NULL,
	"long_term_goal" text,
	"diagnosis" text,
	"creation_mode" "creation_mode" NOT NULL,
	"template_id" uuid,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_templates" ADD CONSTRAINT "assessment_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_templates" ADD CONSTRAINT "assessment_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_assessments" ADD CONSTRAINT "patient_assessments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_assessments" ADD CONSTRAINT "patient_assessments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_assessments" ADD CONSTRAINT "patient_assessments_template_id_assessment_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."assessment_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_assessments" ADD CONSTRAINT "patient_assessments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_templates" ADD CONSTRAINT "activity_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_templates" ADD CONSTRAINT "activity_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD CONSTRAINT "plan_activities_plan_id_treatment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD CONSTRAINT "plan_activities_session_id_plan_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."plan_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_assessments" ADD CONSTRAINT "plan_assessments_plan_id_treatment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_assessments" ADD CONSTRAINT "plan_assessments_assessment_template_id_assessment_templates_id_fk" FOREIGN KEY ("assessment_template_id") REFERENCES "public"."assessment_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_assessments" ADD CONSTRAINT "plan_assessments_patient_assessment_id_patient_assessments_id_fk" FOREIGN KEY ("patient_assessment_id") REFERENCES "public"."patient_assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_sessions" ADD CONSTRAINT "plan_sessions_plan_id_treatment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_sessions" ADD CONSTRAINT "plan_sessions_session_template_id_session_templates_id_fk" FOREIGN KEY ("session_template_id") REFERENCES "public"."session_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_template_assessments" ADD CONSTRAINT "plan_template_assessments_plan_template_id_plan_templates_id_fk" FOREIGN KEY ("plan_template_id") REFERENCES "public"."plan_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_template_assessments" ADD CONSTRAINT "plan_template_assessments_assessment_template_id_assessment_templates_id_fk" FOREIGN KEY ("assessment_template_id") REFERENCES "public"."assessment_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_template_sessions" ADD CONSTRAINT "plan_template_sessions_plan_template_id_plan_templates_id_fk" FOREIGN KEY ("plan_template_id") REFERENCES "public"."plan_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_template_sessions" ADD CONSTRAINT "plan_template_sessions_session_template_id_session_templates_id_fk" FOREIGN KEY ("session_template_id") REFERENCES "public"."session_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_templates" ADD CONSTRAINT "plan_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_templates" ADD CONSTRAINT "plan_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_template_activities" ADD CONSTRAINT "session_template_activities_session_template_id_session_templates_id_fk" FOREIGN KEY ("session_template_id") REFERENCES "public"."session_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_templates" ADD CONSTRAINT "session_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_templates" ADD CONSTRAINT "session_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_template_id_plan_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."plan_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_templates_org_name_unique" ON "assessment_templates" USING btree ("organization_id",lower("name")) WHERE "assessment_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_templates_one_intake" ON "assessment_templates" USING btree ("organization_id") WHERE "assessment_templates"."is_intake" and "assessment_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_assessments_patient_name_unique" ON "patient_assessments" USING btree ("patient_id",lower("name"));--> statement-breakpoint
CREATE INDEX "patient_assessments_org_idx" ON "patient_assessments" USING btree ("organization_id","status","assigned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_templates_org_name_unique" ON "activity_templates" USING btree ("organization_id",lower("name")) WHERE "activity_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "plan_activities_plan_idx" ON "plan_activities" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plan_activities_session_idx" ON "plan_activities" USING btree ("session_id","position");--> statement-breakpoint
CREATE INDEX "plan_sessions_plan_idx" ON "plan_sessions" USING btree ("plan_id","date");--> statement-breakpoint
CREATE INDEX "plan_template_sessions_template_idx" ON "plan_template_sessions" USING btree ("plan_template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_templates_org_name_unique" ON "plan_templates" USING btree ("organization_id",lower("name")) WHERE "plan_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "session_template_activities_template_idx" ON "session_template_activities" USING btree ("session_template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "session_templates_org_name_unique" ON "session_templates" USING btree ("organization_id",lower("name")) WHERE "session_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plans_one_current" ON "treatment_plans" USING btree ("patient_id") WHERE "treatment_plans"."status" = 'CURRENT';--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plans_patient_name_unique" ON "treatment_plans" USING btree ("patient_id",lower("name"));--> statement-breakpoint
CREATE INDEX "treatment_plans_org_idx" ON "treatment_plans" USING btree ("organization_id","status","created_at");
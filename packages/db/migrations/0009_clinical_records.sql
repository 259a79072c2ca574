CREATE TYPE "public"."cob" AS ENUM('PRIMARY', 'SECONDARY', 'TERTIARY');--> statement-breakpoint
CREATE TYPE "public"."document_status" AS ENUM('PENDING', 'READY');--> statement-breakpoint
CREATE TYPE "public"."history_kind" AS ENUM('CONDITION', 'MEDICATION', 'PROCEDURE');--> statement-breakpoint
CREATE TYPE "public"."history_status" AS ENUM('CURRENT', 'PAST');--> statement-breakpoint
CREATE TYPE "public"."relationship" AS ENUM('SELF', 'SPOUSE', 'PARENT', 'OTHER');--> statement-breakpoint
CREATE TABLE "case_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subjective" text DEFAULT '' NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"assessment" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"addendum_to" uuid,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"plan_name" text NOT NULL,
	"plan_id" text NOT NULL,
	"group_number" text DEFAULT '' NOT NULL,
	"cob" "cob" NOT NULL,
	"primary_insured" "relationship" NOT NULL,
	"primary_date_of_birth" date NOT NULL,
	"effective_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_history_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" "history_kind" NOT NULL,
	"status" "history_status" NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"dose" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT '' NOT NULL,
	"prescribed_by" text DEFAULT '' NOT NULL,
	"performed_by" text DEFAULT '' NOT NULL,
	"start_date" date,
	"end_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"created_by_id" uuid NOT NULL,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"name" text NOT NULL,
	"assessment_ids" uuid[] NOT NULL,
	"plan_ids" uuid[] NOT NULL,
	"status" "document_status" DEFAULT 'PENDING' NOT NULL,
	"storage_key" text,
	"size" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_plans" ADD CONSTRAINT "health_plans_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_notes_patient_idx" ON "case_notes" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_plans_patient_cob_unique" ON "health_plans" USING btree ("patient_id","cob");--> statement-breakpoint
CREATE INDEX "medical_history_patient_idx" ON "medical_history_entries" USING btree ("patient_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_documents_name_unique" ON "patient_documents" USING btree ("patient_id",lower("name"));
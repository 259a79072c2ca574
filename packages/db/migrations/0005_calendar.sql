CREATE TYPE "public"."event_status" AS ENUM('SCHEDULED', 'ONGOING', 'COMPLETED', 'CANCELLED', 'NO_SHOW');--> statement-breakpoint
CREATE TYPE "public"."event_type" AS ENUM('SERVICE', 'NON_SERVICE', 'EXTERNAL');--> statement-breakpoint
CREATE TABLE "availability_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_providers" (
	"event_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"start_on" timestamp with time zone NOT NULL,
	"end_on" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "event_providers_event_id_provider_id_pk" PRIMARY KEY("event_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_type" "event_type" NOT NULL,
	"status" "event_status" DEFAULT 'SCHEDULED' NOT NULL,
	"start_on" timestamp with time zone NOT NULL,
	"end_on" timestamp with time zone NOT NULL,
	"service_code" text,
	"service_name" text,
	"patient_id" uuid,
	"title" text,
	"notes" text,
	"external_name" text,
	"external_email" text,
	"external_phone" text,
	"external_time_zone" text,
	"external_language" "language",
	"cancel_token_hash" text,
	"reminder_sent_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_calendars" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"external_enabled" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_providers" ADD CONSTRAINT "event_providers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_providers" ADD CONSTRAINT "event_providers_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_calendars" ADD CONSTRAINT "provider_calendars_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_calendars" ADD CONSTRAINT "provider_calendars_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_slots_provider_idx" ON "availability_slots" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "event_providers_provider_start_idx" ON "event_providers" USING btree ("provider_id","start_on");--> statement-breakpoint
CREATE INDEX "events_org_start_idx" ON "events" USING btree ("organization_id","start_on");--> statement-breakpoint
CREATE INDEX "events_patient_start_idx" ON "events" USING btree ("patient_id","start_on");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_calendars_calendar_id_unique" ON "provider_calendars" USING btree ("calendar_id");--> statement-breakpoint
-- No double booking, enforced where concurrent requests meet: a provider's active event rows never overlap.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "event_providers" ADD CONSTRAINT "event_providers_no_overlap" EXCLUDE USING gist ("provider_id" WITH =, tstzrange("start_on", "end_on") WITH &&) WHERE ("active");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_time_order" CHECK ("end_on" > "start_on");--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_bounds" CHECK ("day_of_week" BETWEEN 0 AND 6 AND "start_minute" >= 0 AND "end_minute" <= 1440 AND "end_minute" > "start_minute");

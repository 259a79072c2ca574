CREATE TYPE "public"."visit_presence" AS ENUM('WAITING', 'ADMITTED', 'LEFT');--> statement-breakpoint
CREATE TYPE "public"."visit_role" AS ENUM('PROVIDER', 'PATIENT', 'GUEST');--> statement-breakpoint
CREATE TABLE "video_rooms" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"provider_invitation_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"participant_invitation_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_rooms_provider_invitation_id_unique" UNIQUE("provider_invitation_id"),
	CONSTRAINT "video_rooms_participant_invitation_id_unique" UNIQUE("participant_invitation_id")
);
--> statement-breakpoint
CREATE TABLE "visit_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"display_name" text NOT NULL,
	"role" "visit_role" NOT NULL,
	"presence" "visit_presence" NOT NULL,
	"connection_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "video" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "video_rooms" ADD CONSTRAINT "video_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_messages" ADD CONSTRAINT "visit_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_messages" ADD CONSTRAINT "visit_messages_participant_id_visit_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."visit_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_participants" ADD CONSTRAINT "visit_participants_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_participants" ADD CONSTRAINT "visit_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_messages_event_idx" ON "visit_messages" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "visit_participants_event_idx" ON "visit_participants" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_participants_token_unique" ON "visit_participants" USING btree ("token_hash");
CREATE TABLE "visit_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"from_participant_id" uuid NOT NULL,
	"to_participant_id" uuid NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_rooms" ADD COLUMN "media_session_id" text;--> statement-breakpoint
ALTER TABLE "visit_signals" ADD CONSTRAINT "visit_signals_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_signals" ADD CONSTRAINT "visit_signals_from_participant_id_visit_participants_id_fk" FOREIGN KEY ("from_participant_id") REFERENCES "public"."visit_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_signals" ADD CONSTRAINT "visit_signals_to_participant_id_visit_participants_id_fk" FOREIGN KEY ("to_participant_id") REFERENCES "public"."visit_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_signals_to_idx" ON "visit_signals" USING btree ("to_participant_id","id");
CREATE TYPE "public"."visit_guest_status" AS ENUM('INVITED', 'ADMITTED', 'DENIED', 'REMOVED', 'REVOKED');--> statement-breakpoint
CREATE TABLE "visit_guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"language" "language" NOT NULL,
	"token_hash" text NOT NULL,
	"status" "visit_guest_status" DEFAULT 'INVITED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_participants" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "visit_guests" ADD CONSTRAINT "visit_guests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_guests_event_idx" ON "visit_guests" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_guests_token_unique" ON "visit_guests" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "visit_participants" ADD CONSTRAINT "visit_participants_guest_id_visit_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."visit_guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Seats taken by whoever held a patient's link signed out, before guests had links of their own: ended, so
-- none of them stays in a call.
UPDATE "visit_participants" SET "presence" = 'LEFT', "left_at" = now() WHERE "role" = 'GUEST' AND "guest_id" IS NULL AND "presence" <> 'LEFT';

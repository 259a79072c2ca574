ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Invitations sent so far carried the last change's time in whole seconds as their SEQUENCE; each event starts
-- from that number, so its next change or cancellation outranks every copy already in a calendar.
UPDATE "events" SET "sequence" = floor(extract(epoch FROM "updated_at"))::integer;

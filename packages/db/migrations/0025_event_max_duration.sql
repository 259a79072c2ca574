-- Events last at most 12 hours (EVENT_MAX_DURATION_MINUTES), and now the database says so too: a calendar range
-- bounds the start from both sides on the strength of it. The API has refused longer events on every write since
-- the move fix; any an earlier move stretched are cut to 12 hours first, in both tables, so the checks can hold.
UPDATE "events" SET "end_on" = "start_on" + interval '720 minutes' WHERE "end_on" > "start_on" + interval '720 minutes';--> statement-breakpoint
UPDATE "event_providers" SET "end_on" = "start_on" + interval '720 minutes' WHERE "end_on" > "start_on" + interval '720 minutes';--> statement-breakpoint
ALTER TABLE "event_providers" ADD CONSTRAINT "event_providers_max_duration" CHECK ("event_providers"."end_on" <= "event_providers"."start_on" + interval '720 minutes');--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_max_duration" CHECK ("events"."end_on" <= "events"."start_on" + interval '720 minutes');
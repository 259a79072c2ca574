ALTER TABLE "activity_sessions" ADD COLUMN "begun_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD COLUMN "stopped_early" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Sessions the patient really did something in: a completed one began by its completion at the latest, one
-- with a recording when it was opened. Sessions only opened and closed keep no begun_at.
UPDATE "activity_sessions" SET "begun_at" = coalesce("completed_at", "started_at") WHERE "status" = 'COMPLETED' OR "recording_id" IS NOT NULL;--> statement-breakpoint
-- Opening an activity used to mark it started for good, locking it against the therapist's edits (FIZ221):
-- an activity none of whose sessions began was never started.
UPDATE "plan_activities" pa SET "started_at" = NULL WHERE pa."started_at" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "activity_sessions" s WHERE s."plan_activity_id" = pa."id" AND s."begun_at" IS NOT NULL);

ALTER TABLE "recordings" ADD COLUMN "recording_sets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "playable_key" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "playable_error" text;
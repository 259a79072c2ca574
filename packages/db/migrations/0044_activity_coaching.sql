-- Live coaching (issue 50): the therapist's cue setting per activity (null: on, every tracked joint), and the
-- browser's live figures per rep kept beside a recording's analysis.
ALTER TABLE "recordings" ADD COLUMN "live_reps" jsonb;--> statement-breakpoint
ALTER TABLE "activity_templates" ADD COLUMN "live_cues" boolean;--> statement-breakpoint
ALTER TABLE "activity_templates" ADD COLUMN "cue_joints" jsonb;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD COLUMN "live_cues" boolean;--> statement-breakpoint
ALTER TABLE "plan_activities" ADD COLUMN "cue_joints" jsonb;--> statement-breakpoint
ALTER TABLE "session_template_activities" ADD COLUMN "live_cues" boolean;--> statement-breakpoint
ALTER TABLE "session_template_activities" ADD COLUMN "cue_joints" jsonb;
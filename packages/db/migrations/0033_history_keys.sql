ALTER TABLE "billing_entries" DROP CONSTRAINT "billing_entries_patient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_entries" DROP CONSTRAINT "billing_entries_fee_adjustment_id_fee_adjustments_id_fk";
--> statement-breakpoint
ALTER TABLE "recording_reviews" DROP CONSTRAINT "recording_reviews_patient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_patient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_card_id_payment_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "engagement_program_messages" DROP CONSTRAINT "engagement_program_messages_message_id_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "engagement_programs" DROP CONSTRAINT "engagement_programs_patient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "engagement_programs" DROP CONSTRAINT "engagement_programs_template_id_engagement_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "engagement_programs" DROP CONSTRAINT "engagement_programs_conversation_id_conversations_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_sessions" DROP CONSTRAINT "activity_sessions_plan_activity_id_plan_activities_id_fk";
--> statement-breakpoint
ALTER TABLE "message_attachments" DROP CONSTRAINT "message_attachments_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_conversation_id_conversations_id_fk";
--> statement-breakpoint
ALTER TABLE "case_notes" DROP CONSTRAINT "case_notes_patient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "medical_history_entries" DROP CONSTRAINT "medical_history_entries_patient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "patient_documents" DROP CONSTRAINT "patient_documents_patient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_assessments" DROP CONSTRAINT "plan_assessments_patient_assessment_id_patient_assessments_id_fk";
--> statement-breakpoint
DROP INDEX "engagement_templates_name_unique";--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "engagement_templates" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_entries" ADD CONSTRAINT "billing_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_entries" ADD CONSTRAINT "billing_entries_fee_adjustment_id_fee_adjustments_id_fk" FOREIGN KEY ("fee_adjustment_id") REFERENCES "public"."fee_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_reviews" ADD CONSTRAINT "recording_reviews_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_card_id_payment_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."payment_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_program_messages" ADD CONSTRAINT "engagement_program_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_programs" ADD CONSTRAINT "engagement_programs_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_programs" ADD CONSTRAINT "engagement_programs_template_id_engagement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."engagement_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_programs" ADD CONSTRAINT "engagement_programs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_plan_activity_id_plan_activities_id_fk" FOREIGN KEY ("plan_activity_id") REFERENCES "public"."plan_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_notes" ADD CONSTRAINT "case_notes_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_history_entries" ADD CONSTRAINT "medical_history_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_documents" ADD CONSTRAINT "patient_documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_assessments" ADD CONSTRAINT "plan_assessments_patient_assessment_id_patient_assessments_id_fk" FOREIGN KEY ("patient_assessment_id") REFERENCES "public"."patient_assessments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_templates_name_unique" ON "engagement_templates" USING btree ("organization_id",lower("name")) WHERE "engagement_templates"."deleted_at" is null;
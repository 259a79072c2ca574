CREATE TYPE "public"."code_kind" AS ENUM('CONDITIONS', 'MEDICATIONS', 'PROCEDURES', 'SERVICES');--> statement-breakpoint
CREATE TYPE "public"."parameter_value_kind" AS ENUM('CREDENTIALS', 'TYPES', 'SPECIALTIES', 'CLASSES', 'TEXT_ACTIVITIES', 'IMAGE_ACTIVITIES', 'PLAN_NAMES', 'PRICES');--> statement-breakpoint
CREATE TYPE "public"."service_unit" AS ENUM('VISIT', 'FIFTEEN_MINUTES', 'PERIOD');--> statement-breakpoint
CREATE TABLE "codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "code_kind" NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"unit" "service_unit",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameter_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "parameter_value_kind" NOT NULL,
	"value" text NOT NULL,
	"text" text,
	"image_key" text,
	"amount_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "codes_kind_code_unique" ON "codes" USING btree ("kind",upper("code"));--> statement-breakpoint
CREATE INDEX "codes_kind_description_idx" ON "codes" USING btree ("kind","description");--> statement-breakpoint
CREATE UNIQUE INDEX "parameter_values_kind_value_unique" ON "parameter_values" USING btree ("kind",lower(regexp_replace(btrim("value"), '\s+', ' ', 'g')));
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"used" boolean NOT NULL,
	"units" smallint,
	"mood" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_mood_range" CHECK ("check_ins"."mood" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "cravings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"intensity" smallint,
	"trigger" text,
	"outcome" text NOT NULL,
	"units" smallint,
	"tobacco_type" text,
	"note" text,
	"client_id" uuid,
	"source" text DEFAULT 'craving' NOT NULL,
	"check_in_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cravings_intensity_range" CHECK ("cravings"."intensity" IS NULL OR "cravings"."intensity" BETWEEN 1 AND 5),
	CONSTRAINT "cravings_units_range" CHECK ("cravings"."units" IS NULL OR "cravings"."units" BETWEEN 1 AND 100),
	CONSTRAINT "cravings_slip_has_units" CHECK (("cravings"."outcome" = 'slipped') = ("cravings"."units" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "dependence_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"score" smallint NOT NULL,
	"level" text NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dependence_tests_score_range" CHECK ("dependence_tests"."score" BETWEEN 0 AND 10)
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"week" smallint NOT NULL,
	"smoked_last_7_days" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follow_ups_week_known" CHECK ("follow_ups"."week" IN (4, 12, 26))
);
--> statement-breakpoint
CREATE TABLE "quit_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"quit_date" date NOT NULL,
	"tobacco" jsonb NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quit_plans_user_id_key" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cravings" ADD CONSTRAINT "cravings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependence_tests" ADD CONSTRAINT "dependence_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quit_plans" ADD CONSTRAINT "quit_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_user_date_key" ON "check_ins" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "cravings_user_at_idx" ON "cravings" USING btree ("user_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cravings_user_slips_idx" ON "cravings" USING btree ("user_id","at") WHERE "cravings"."outcome" = 'slipped';--> statement-breakpoint
CREATE UNIQUE INDEX "cravings_user_client_id_key" ON "cravings" USING btree ("user_id","client_id") WHERE "cravings"."client_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cravings_user_check_in_date_key" ON "cravings" USING btree ("user_id","check_in_date") WHERE "cravings"."check_in_date" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "dependence_tests_user_created_at_idx" ON "dependence_tests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_user_week_key" ON "follow_ups" USING btree ("user_id","week");--> statement-breakpoint
CREATE INDEX "quit_plans_quit_date_idx" ON "quit_plans" USING btree ("quit_date");--> statement-breakpoint
-- The quit companion's copies of its notices (milestones reached, follow-up questions): the bell
-- always gets them; mail and WhatsApp as each member chooses (decision 032).
INSERT INTO "notification_definitions" ("key", "topic", "channel", "title", "setting", "description", "default_status", "position") VALUES
  ('quit.email', 'quit', 'email', 'Quit companion', 'Email milestones and follow-ups', 'An email when you reach a health milestone after quitting, and when a follow-up question about your quit is waiting.', true, 90),
  ('quit.whatsapp', 'quit', 'whatsapp', 'Quit companion', 'WhatsApp milestones and follow-ups', 'The same milestones and follow-up questions as a WhatsApp message to your verified WhatsApp number.', false, 100)
ON CONFLICT ("key") DO NOTHING;

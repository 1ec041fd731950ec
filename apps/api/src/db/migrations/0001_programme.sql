CREATE TABLE "lesson_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_lesson_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"day" integer NOT NULL,
	"video_order" integer NOT NULL,
	"source" text NOT NULL,
	"thumbnail_img" text,
	"total_duration" integer NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"route" text,
	"exercises" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"captions" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_day_check" CHECK ("lessons"."day" >= 1),
	CONSTRAINT "lessons_total_duration_check" CHECK ("lessons"."total_duration" > 0),
	CONSTRAINT "lessons_paid_type_check" CHECK (("lessons"."type" = 'paid') = "lessons"."is_paid")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event" smallint,
	"route" text,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"question_type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_event_xor_route" CHECK (("questions"."event" IS NULL) <> ("questions"."route" IS NULL)),
	CONSTRAINT "questions_event_check" CHECK ("questions"."event" IN (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "user_exercises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"route" text NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"pause_time" double precision DEFAULT 0 NOT NULL,
	"seconds_viewed" double precision DEFAULT 0 NOT NULL,
	"is_viewed" boolean DEFAULT false NOT NULL,
	"feedback" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_feedback" ADD CONSTRAINT "lesson_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_feedback" ADD CONSTRAINT "lesson_feedback_user_lesson_id_user_lessons_id_fk" FOREIGN KEY ("user_lesson_id") REFERENCES "public"."user_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_exercises" ADD CONSTRAINT "user_exercises_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lessons" ADD CONSTRAINT "user_lessons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lessons" ADD CONSTRAINT "user_lessons_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_feedback_created_at_idx" ON "lesson_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lesson_feedback_user_id_idx" ON "lesson_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lesson_feedback_user_lesson_id_idx" ON "lesson_feedback" USING btree ("user_lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_slug_key" ON "lessons" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "lessons_track_order_idx" ON "lessons" USING btree ("is_paid","day","video_order");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_event_position_key" ON "questions" USING btree ("event","position");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_route_position_key" ON "questions" USING btree ("route","position");--> statement-breakpoint
CREATE UNIQUE INDEX "user_exercises_user_route_key" ON "user_exercises" USING btree ("user_id","route");--> statement-breakpoint
CREATE UNIQUE INDEX "user_lessons_user_lesson_key" ON "user_lessons" USING btree ("user_id","lesson_id");--> statement-breakpoint
CREATE INDEX "user_lessons_lesson_id_idx" ON "user_lessons" USING btree ("lesson_id");
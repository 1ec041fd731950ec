CREATE TABLE "video_renditions" (
	"source_key" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audio_key" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_renditions_progress_check" CHECK ("video_renditions"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "data_saver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "video_renditions_status_next_attempt_at_idx" ON "video_renditions" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- The lesson list joins a lesson's renditions in, and API processes cache that list per catalogue
-- version (0007): a rendition that starts, finishes or fails raises the version like a lesson
-- change does. Progress alone (only `progress` and the lease set) does not.
CREATE TRIGGER "video_renditions_raise_catalogue_version"
	AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "status", "renditions", "audio_key" ON "video_renditions"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_lesson_catalogue_version"();

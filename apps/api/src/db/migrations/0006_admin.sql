-- The admin console's user search uses trigram indexes (pg_trgm is a trusted extension since
-- PostgreSQL 13: a database owner may create it; shipped with the embedded server too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"duration_seconds" integer,
	"bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_uploads_duration_check" CHECK (("media_uploads"."kind" = 'video') = ("media_uploads"."duration_seconds" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_trgm_idx" ON "users" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_lessons_completed_idx" ON "user_lessons" USING btree ("lesson_id","user_id") WHERE "user_lessons"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "test_attempts_created_at_idx" ON "test_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_captured_at_idx" ON "payments" USING btree ("captured_at");--> statement-breakpoint
CREATE INDEX "refunds_processed_at_idx" ON "refunds" USING btree ("processed_at");
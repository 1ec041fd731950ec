CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
-- Push means notifications on this phone (the web app's service worker), not a mobile app.
UPDATE "notification_definitions" SET "description" = 'Reminders as notifications on this phone, once you turn them on under Notifications on this phone.' WHERE "key" = 'reminders.push';--> statement-breakpoint
UPDATE "notification_definitions" SET "description" = 'Explore updates as notifications on this phone, once you turn them on under Notifications on this phone.' WHERE "key" = 'community.push';--> statement-breakpoint
UPDATE "notification_definitions" SET "description" = 'Purchase and refund updates as notifications on this phone, once you turn them on under Notifications on this phone.' WHERE "key" = 'account.push';--> statement-breakpoint
INSERT INTO "notification_definitions" ("key", "topic", "channel", "title", "setting", "description", "default_status", "position") VALUES
  ('quit.push', 'quit', 'push', 'Quit companion', 'Push milestones and follow-ups', 'The same milestones and follow-up questions as a notification on this phone.', true, 95)
ON CONFLICT ("key") DO NOTHING;

CREATE TABLE "messaging_provider_state" (
	"provider" text PRIMARY KEY NOT NULL,
	"webhook_verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messaging_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "whatsapp_windows" (
	"number" text PRIMARY KEY NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quit_plans" ADD COLUMN "record_runs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "messaging_webhook_events_pending_idx" ON "messaging_webhook_events" USING btree ("received_at") WHERE "messaging_webhook_events"."processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_provider_message_id_idx" ON "outbox_messages" USING btree ("provider_message_id") WHERE "outbox_messages"."provider_message_id" IS NOT NULL;
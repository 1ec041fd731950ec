CREATE TABLE "messaging_inbound" (
	"provider" text NOT NULL,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"keyword" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messaging_inbound_pkey" PRIMARY KEY("provider","kind","message_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"send_minute" smallint NOT NULL,
	"language" text NOT NULL,
	"opted_out" boolean DEFAULT false NOT NULL,
	"opted_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_preferences_send_minute" CHECK ("messaging_preferences"."send_minute" BETWEEN 420 AND 1260)
);
--> statement-breakpoint
CREATE TABLE "programme_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day_offset" smallint NOT NULL,
	"language" text NOT NULL,
	"tobacco_type" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_messages_key" UNIQUE NULLS NOT DISTINCT("day_offset","language","tobacco_type"),
	CONSTRAINT "programme_messages_day_offset" CHECK ("programme_messages"."day_offset" BETWEEN -7 AND 56)
);
--> statement-breakpoint
CREATE TABLE "programme_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ist_date" date NOT NULL,
	"day_offset" smallint NOT NULL,
	"channel" text NOT NULL,
	"outbox_id" uuid NOT NULL,
	"fallback_outbox_id" uuid,
	"fallback_text" text,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "programme_sends_user_date_key" UNIQUE("user_id","ist_date")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "max_attempts" integer;--> statement-breakpoint
ALTER TABLE "messaging_inbound" ADD CONSTRAINT "messaging_inbound_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_preferences" ADD CONSTRAINT "messaging_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_sends" ADD CONSTRAINT "programme_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messaging_inbound_received_at_idx" ON "messaging_inbound" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "messaging_preferences_due_idx" ON "messaging_preferences" USING btree ("send_minute") WHERE "messaging_preferences"."channel" <> 'none' AND NOT "messaging_preferences"."opted_out";--> statement-breakpoint
CREATE INDEX "programme_sends_outbox_id_idx" ON "programme_sends" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "programme_sends_fallback_outbox_id_idx" ON "programme_sends" USING btree ("fallback_outbox_id");--> statement-breakpoint
CREATE INDEX "programme_sends_ist_date_idx" ON "programme_sends" USING btree ("ist_date");--> statement-breakpoint
CREATE INDEX "programme_sends_failover_idx" ON "programme_sends" USING btree ("created_at") WHERE "programme_sends"."fallback_text" IS NOT NULL;
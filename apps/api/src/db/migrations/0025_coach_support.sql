CREATE TABLE "coach_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"assigned_to" uuid,
	"last_message_at" timestamp with time zone NOT NULL,
	"waiting_since" timestamp with time zone,
	"acknowledged_on" date,
	"alerted_at" timestamp with time zone,
	"last_member_channel" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coach_conversations_user_id_key" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "coach_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"text" text NOT NULL,
	"channel" text NOT NULL,
	"client_id" uuid,
	"coach_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coach_messages_user_client_id_key" UNIQUE("user_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "coach_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_saved_replies_language_check" CHECK (language in ('en', 'hi', 'mr', 'ta', 'te', 'bn'))
);
--> statement-breakpoint
ALTER TABLE "coach_conversations" ADD CONSTRAINT "coach_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_conversations" ADD CONSTRAINT "coach_conversations_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_conversation_id_coach_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."coach_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_notes" ADD CONSTRAINT "coach_notes_conversation_id_coach_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."coach_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_notes" ADD CONSTRAINT "coach_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_conversations_inbox_idx" ON "coach_conversations" USING btree ("status","urgent" DESC NULLS LAST,"waiting_since","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coach_conversations_assigned_to_idx" ON "coach_conversations" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "coach_conversations_waiting_idx" ON "coach_conversations" USING btree ("waiting_since") WHERE "coach_conversations"."waiting_since" IS NOT NULL AND "coach_conversations"."alerted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "coach_messages_conversation_idx" ON "coach_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "coach_messages_created_at_idx" ON "coach_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coach_notes_conversation_idx" ON "coach_notes" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "coach_saved_replies_language_idx" ON "coach_saved_replies" USING btree ("language","title");
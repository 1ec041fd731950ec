CREATE TABLE "content_texts" (
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"field" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "content_texts_entity_entity_id_field_language_pk" PRIMARY KEY("entity","entity_id","field","language")
);
--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_texts_source_idx" ON "content_texts" USING btree ("source_hash","language");
CREATE TABLE "lesson_catalogue_version" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "lesson_catalogue_version_single_row" CHECK ("lesson_catalogue_version"."single")
);
--> statement-breakpoint
INSERT INTO "lesson_catalogue_version" ("single", "version") VALUES (true, 1);--> statement-breakpoint
-- Every statement that changes the catalogue raises the version in its own transaction, so a
-- reader that sees the new lessons sees the new version too (API processes cache the catalogue
-- per version).
CREATE OR REPLACE FUNCTION "raise_lesson_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "lesson_catalogue_version" SET "version" = "version" + 1;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lessons_raise_catalogue_version"
	AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lessons"
	FOR EACH STATEMENT EXECUTE FUNCTION "raise_lesson_catalogue_version"();

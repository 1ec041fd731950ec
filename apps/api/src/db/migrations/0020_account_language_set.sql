ALTER TABLE "users" ADD COLUMN "language_set_at" timestamp with time zone;--> statement-breakpoint
-- An account not on the default language had it set, at sign-up or by the switcher (decision 068).
UPDATE "users" SET "language_set_at" = now() WHERE "language" <> 'en';

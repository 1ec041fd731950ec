DROP INDEX "payments_order_id_key";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "user_plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "kind" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
-- Decision 037: one open checkout per member for a plan, and per member and live session. Older
-- open checkouts beside a newer one of the same slot are cancelled before the indexes are built.
UPDATE "payment_orders" o SET "status" = 'cancelled' WHERE o."status" IN ('created', 'failed') AND EXISTS (SELECT 1 FROM "payment_orders" n WHERE n."user_id" = o."user_id" AND n."purpose" = o."purpose" AND n."status" IN ('created', 'failed') AND (o."purpose" = 'plan' OR n."live_session_id" = o."live_session_id") AND (n."created_at", n."id") > (o."created_at", o."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_one_open_plan_key" ON "payment_orders" USING btree ("user_id") WHERE "payment_orders"."purpose" = 'plan' AND "payment_orders"."status" IN ('created', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_one_open_session_key" ON "payment_orders" USING btree ("user_id","live_session_id") WHERE "payment_orders"."purpose" = 'live_session' AND "payment_orders"."status" IN ('created', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_duplicate_payment_id_key" ON "refunds" USING btree ("payment_id") WHERE "refunds"."kind" = 'duplicate';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_id_key" ON "payments" USING btree ("order_id") WHERE NOT "payments"."duplicate";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind_check" CHECK (("refunds"."kind" = 'request') = ("refunds"."user_plan_id" IS NOT NULL));--> statement-breakpoint
-- Decision 035: an address counts as verified only once proved. The demo accounts of `npm start`
-- count as verified (the seed marks new ones so); every other existing account proves its address
-- at its next mailed sign-in code, reset link or Google sign-in.
UPDATE "users" SET "email_verified_at" = now() WHERE "email" IN ('free@example.com', 'premium@example.com', 'admin@example.com') AND "email_verified_at" IS NULL;

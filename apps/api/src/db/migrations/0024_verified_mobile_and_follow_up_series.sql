DROP INDEX "follow_ups_user_week_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
-- A mobile number counts as verified only once a code sent to it was entered (decision 078). The
-- one proof kept from before is a member's latest sign-in code: sent by SMS to the number the
-- account still has, and used. Every other number starts unverified.
UPDATE "users" u SET "mobile_verified_at" = c."consumed_at"
  FROM "otp_challenges" c
  WHERE c."user_id" = u."id" AND c."purpose" = 'login' AND c."channel" = 'sms'
    AND c."consumed_at" IS NOT NULL AND c."destination" = u."mobile";--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "quit_date" date;--> statement-breakpoint
-- Earlier answers belong to the quit date they were due for: the plan's, when the week's due date
-- still fits the answer (due on or before it); otherwise the quit date the answer's week implies.
UPDATE "follow_ups" f SET "quit_date" = coalesce(
    (SELECT p."quit_date" FROM "quit_plans" p
      WHERE p."user_id" = f."user_id"
        AND p."quit_date" + 7 * f."week" <= (f."answered_at" AT TIME ZONE 'Asia/Kolkata')::date),
    (f."answered_at" AT TIME ZONE 'Asia/Kolkata')::date - 7 * f."week");--> statement-breakpoint
ALTER TABLE "follow_ups" ALTER COLUMN "quit_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quit_plans" ADD COLUMN "quit_date_set_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- When an existing plan's quit date was set is not known; its creation is the nearest record.
UPDATE "quit_plans" SET "quit_date_set_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_user_quit_date_week_key" ON "follow_ups" USING btree ("user_id","quit_date","week");

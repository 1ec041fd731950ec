ALTER TABLE "quit_plans" ADD COLUMN "slip_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quit_plans" ADD COLUMN "slip_units" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quit_plans" ADD COLUMN "first_slip_day" integer;--> statement-breakpoint
ALTER TABLE "quit_plans" ADD COLUMN "last_slip_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quit_plans" ADD COLUMN "max_slip_gap_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The slip summary of a plan (decision 066): what GET /quit-plan/progress needs of the member's
-- slips since the quit date, as `summariseSlips` of packages/contract defines it, over the slips
-- as logged (the API clamps a slip later than now itself, reading the whole log then). A slip
-- without a tobacco type counts under the plan's first type. IST day = floor((epoch + 5:30) / 1 day).
CREATE OR REPLACE FUNCTION "quit_plan_slip_summary"("member" uuid, "quit_date" date, "first_type" text)
RETURNS TABLE ("slip_count" integer, "slip_units" jsonb, "first_slip_day" integer, "last_slip_at" timestamp with time zone, "max_slip_gap_days" integer)
LANGUAGE sql STABLE AS $$
	WITH d AS (
		SELECT c.at, c.units, coalesce(c.tobacco_type, first_type) AS type,
			floor((extract(epoch FROM c.at) + 19800) / 86400)::int AS day
		FROM cravings c
		WHERE c.user_id = member AND c.outcome = 'slipped'
			AND c.at >= (quit_date::timestamp AT TIME ZONE 'Asia/Kolkata')
	), g AS (
		SELECT day - lag(day) OVER (ORDER BY at) AS gap FROM d
	)
	SELECT (SELECT count(*)::int FROM d),
		coalesce((SELECT jsonb_object_agg(type, n)
			FROM (SELECT type, sum(units)::int AS n FROM d GROUP BY type) t), '{}'::jsonb),
		(SELECT min(day) FROM d),
		(SELECT max(at) FROM d),
		(SELECT coalesce(max(gap), 0)::int FROM g)
$$;--> statement-breakpoint
-- A plan's summary is worked out whenever its quit date or tobacco is written. A new plan first
-- waits for the member's slips being logged right now (their inserts hold a key-share lock on
-- the member's row, which FOR UPDATE waits for), so it counts every slip committed before it;
-- a slip logged after the plan's lock finds the plan and refreshes it (below).
CREATE OR REPLACE FUNCTION "quit_plans_fill_slip_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM 1 FROM "users" WHERE "id" = NEW."user_id" FOR UPDATE;
	END IF;
	SELECT s."slip_count", s."slip_units", s."first_slip_day", s."last_slip_at", s."max_slip_gap_days"
		INTO NEW."slip_count", NEW."slip_units", NEW."first_slip_day", NEW."last_slip_at", NEW."max_slip_gap_days"
		FROM "quit_plan_slip_summary"(NEW."user_id", NEW."quit_date", NEW."tobacco" -> 0 ->> 'type') s;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "quit_plans_fill_slip_summary"
	BEFORE INSERT OR UPDATE OF "user_id", "quit_date", "tobacco" ON "quit_plans"
	FOR EACH ROW EXECUTE FUNCTION "quit_plans_fill_slip_summary"();--> statement-breakpoint
-- Every statement that adds, changes or removes slips refreshes their members' summaries in its
-- own transaction. The plan's row is locked first and the summary read by the next statement (a
-- fresh snapshot), so two members' devices logging at once both count: the second waits for the
-- first to commit and then sees its slip.
CREATE OR REPLACE FUNCTION "cravings_refresh_slip_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	members uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(DISTINCT "user_id") INTO members FROM new_rows WHERE "outcome" = 'slipped';
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(DISTINCT "user_id") INTO members FROM old_rows WHERE "outcome" = 'slipped';
	ELSE
		SELECT array_agg(DISTINCT m."user_id") INTO members FROM (
			SELECT "user_id" FROM new_rows WHERE "outcome" = 'slipped'
			UNION SELECT "user_id" FROM old_rows WHERE "outcome" = 'slipped'
		) m;
	END IF;
	IF members IS NULL THEN
		RETURN NULL;
	END IF;
	PERFORM 1 FROM "quit_plans" WHERE "user_id" = ANY (members) ORDER BY "user_id" FOR UPDATE;
	UPDATE "quit_plans" p
		SET ("slip_count", "slip_units", "first_slip_day", "last_slip_at", "max_slip_gap_days") = (
			SELECT s."slip_count", s."slip_units", s."first_slip_day", s."last_slip_at", s."max_slip_gap_days"
			FROM "quit_plan_slip_summary"(p."user_id", p."quit_date", p."tobacco" -> 0 ->> 'type') s)
		WHERE p."user_id" = ANY (members);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cravings_refresh_slip_summary_insert"
	AFTER INSERT ON "cravings" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "cravings_refresh_slip_summary"();--> statement-breakpoint
CREATE TRIGGER "cravings_refresh_slip_summary_update"
	AFTER UPDATE ON "cravings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "cravings_refresh_slip_summary"();--> statement-breakpoint
CREATE TRIGGER "cravings_refresh_slip_summary_delete"
	AFTER DELETE ON "cravings" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "cravings_refresh_slip_summary"();--> statement-breakpoint
-- The plans saved before this migration.
UPDATE "quit_plans" SET "quit_date" = "quit_date";

-- The slip summary of a plan also keeps its record runs (decision 080): the smoke-free runs a
-- slip ended that lasted longer than every run before them, as [start, end] instants, the first
-- from 00:00 IST of the quit date. The progress tells from them when each milestone was first
-- reached before the current run (`recordRuns` of packages/contract). The column itself comes
-- with migration 0022; the summary's result gains a column, so the function is dropped first.
DROP FUNCTION IF EXISTS "quit_plan_slip_summary"(uuid, date, text);--> statement-breakpoint
CREATE FUNCTION "quit_plan_slip_summary"("member" uuid, "quit_date" date, "first_type" text)
RETURNS TABLE ("slip_count" integer, "slip_units" jsonb, "first_slip_day" integer, "last_slip_at" timestamp with time zone, "max_slip_gap_days" integer, "record_runs" jsonb)
LANGUAGE sql STABLE AS $$
	WITH d AS (
		SELECT c.at, c.units, coalesce(c.tobacco_type, first_type) AS type,
			floor((extract(epoch FROM c.at) + 19800) / 86400)::int AS day
		FROM cravings c
		WHERE c.user_id = member AND c.outcome = 'slipped'
			AND c.at >= (quit_date::timestamp AT TIME ZONE 'Asia/Kolkata')
	), g AS (
		SELECT day - lag(day) OVER (ORDER BY at) AS gap FROM d
	), r AS (
		SELECT coalesce(lag(at) OVER (ORDER BY at), quit_date::timestamp AT TIME ZONE 'Asia/Kolkata') AS start,
			at AS stop
		FROM d
	), m AS (
		SELECT start, stop, max(stop - start) OVER (
			ORDER BY stop ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
		FROM r
	)
	SELECT (SELECT count(*)::int FROM d),
		coalesce((SELECT jsonb_object_agg(type, n)
			FROM (SELECT type, sum(units)::int AS n FROM d GROUP BY type) t), '{}'::jsonb),
		(SELECT min(day) FROM d),
		(SELECT max(at) FROM d),
		(SELECT coalesce(max(gap), 0)::int FROM g),
		coalesce((SELECT jsonb_agg(jsonb_build_array(start, stop) ORDER BY stop)
			FROM m WHERE stop - start > coalesce(before, interval '0')), '[]'::jsonb)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "quit_plans_fill_slip_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM 1 FROM "users" WHERE "id" = NEW."user_id" FOR UPDATE;
	END IF;
	SELECT s."slip_count", s."slip_units", s."first_slip_day", s."last_slip_at", s."max_slip_gap_days", s."record_runs"
		INTO NEW."slip_count", NEW."slip_units", NEW."first_slip_day", NEW."last_slip_at", NEW."max_slip_gap_days", NEW."record_runs"
		FROM "quit_plan_slip_summary"(NEW."user_id", NEW."quit_date", NEW."tobacco" -> 0 ->> 'type') s;
	RETURN NEW;
END
$$;--> statement-breakpoint
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
		SET ("slip_count", "slip_units", "first_slip_day", "last_slip_at", "max_slip_gap_days", "record_runs") = (
			SELECT s."slip_count", s."slip_units", s."first_slip_day", s."last_slip_at", s."max_slip_gap_days", s."record_runs"
			FROM "quit_plan_slip_summary"(p."user_id", p."quit_date", p."tobacco" -> 0 ->> 'type') s)
		WHERE p."user_id" = ANY (members);
	RETURN NULL;
END
$$;--> statement-breakpoint
-- The plans saved before this migration.
UPDATE "quit_plans" SET "quit_date" = "quit_date";

ALTER TABLE "live_sessions" ADD COLUMN "included_in_premium" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text;--> statement-breakpoint
-- The demo's programme-closing session (seed money.ts) on databases seeded before this column.
UPDATE "live_sessions" SET "included_in_premium" = true WHERE "title" = 'Your first smoke-free week';
--> statement-breakpoint
-- The lifetime plan's feature line says the closing session is included (decision 041).
UPDATE "plans" SET "features" = (
	SELECT jsonb_agg(CASE WHEN t.f = 'A live session with an expert at the end of the programme'
		THEN 'The closing live session with an expert, included at no extra cost' ELSE t.f END ORDER BY t.ord)
	FROM jsonb_array_elements_text("plans"."features") WITH ORDINALITY AS t(f, ord)
) WHERE "code" = 'lifetime' AND "features" @> '["A live session with an expert at the end of the programme"]'::jsonb;

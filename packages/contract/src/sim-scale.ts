// The SIM score's scale, apart from the scoring rules and their zod schemas (sim-score.ts), so a
// page that only shows a score (the landing page's result) does not download zod.

/** Scores are shown "out of 250". */
export const SIM_MAX_SCORE = 250;

/**
 * What a score says in words. A higher score always means a looser hold of smoking: every SIM
 * statement is phrased as dependence, so agreeing earns fewer points (seed decision 042). Each
 * band runs from its `min` up to the next band's; the words live in the web's catalogues under
 * `simBands.<id>`.
 */
export const SIM_SCORE_BANDS = [
  { id: 'strong', min: 0 },
  { id: 'moderate', min: 75 },
  { id: 'loosening', min: 125 },
  { id: 'light', min: 200 },
] as const;

export type SimScoreBand = (typeof SIM_SCORE_BANDS)[number]['id'];

/** The band a score falls in (scores below 0 count as 0, above 250 as 250). */
export function simScoreBand(score: number): SimScoreBand {
  let band: SimScoreBand = 'strong';
  for (const candidate of SIM_SCORE_BANDS) if (score >= candidate.min) band = candidate.id;
  return band;
}

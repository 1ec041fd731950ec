// The SIM score's scale, apart from the scoring rules and their zod schemas (sim-score.ts), so a
// page that only shows a score (the landing page's result) does not download zod.

/** Scores are shown "out of 250". */
export const SIM_MAX_SCORE = 250;

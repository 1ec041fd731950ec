/** Statements shown at a time, so the test does not turn the landing page into one long form. */
export const QUESTIONS_PER_PAGE = 10;

export function pageCount(total: number, perPage = QUESTIONS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The 0-based page that holds the question at `index`. */
export function pageOf(index: number, perPage = QUESTIONS_PER_PAGE): number {
  return Math.floor(Math.max(0, index) / perPage);
}

/** First and last 1-based question numbers on `page`, for "Questions 11–20 of 50". */
export function pageRange(
  page: number,
  total: number,
  perPage = QUESTIONS_PER_PAGE,
): { from: number; to: number } {
  const from = Math.min(page * perPage + 1, total);
  return { from, to: Math.min((page + 1) * perPage, total) };
}

/**
 * The counter section's figures. Sample numbers, like the testimonials (decision 008): replace
 * them with real totals before launch. No endpoint serves them yet; when one does, this list is
 * where the page should read them from.
 */
export const landingFigures = [
  { key: 'tests', value: 125_000 },
  { key: 'smokers', value: 48_000 },
  { key: 'lessons', value: 680_000 },
  { key: 'cities', value: 350 },
] as const;

export type LandingFigureKey = (typeof landingFigures)[number]['key'];

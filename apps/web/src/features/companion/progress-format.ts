import { intlLocale, isLanguageCode } from '@exhale/contract/languages';
import { formatRupees } from '@exhale/contract/money';
import type { TobaccoType } from '@exhale/contract/quit-plan';

export { formatRupees };

const localeOf = (language: string) =>
  isLanguageCode(language) ? intlLocale(language) : intlLocale('en');

/** A date 'YYYY-MM-DD' (an IST calendar date) written out for the reader, without time zones. */
export function formatIstDate(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, day!)));
}

/** An instant in India time, e.g. '25 Nov 2026, 9:05 pm'. */
export function formatIstDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

/** Which words name the progress's 'not used' count: its unit depends on what the member used. */
export type NotUsedKind = TobaccoType | 'smoked' | 'mixed';

/**
 * The count of tobacco not used adds up the plan's daily units (sticks for cigarettes and bidis,
 * packets for gutka and khaini), so its label names them: '150' under 'Bidis not smoked'. Without
 * the plan (not loaded yet) the label stays the plain 'Not used' (null).
 */
export function notUsedKind(types: readonly TobaccoType[] | undefined): NotUsedKind | null {
  if (!types || types.length === 0) return null;
  const distinct = [...new Set(types)];
  if (distinct.length === 1) return distinct[0]!;
  if (distinct.every((type) => type === 'cigarette' || type === 'bidi')) return 'smoked';
  return 'mixed';
}

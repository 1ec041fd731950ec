import { intlLocale, isLanguageCode } from '@exhale/contract/languages';
import { formatRupees } from '@exhale/contract/money';

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

import { formatDayShortMonthYear } from '@exhale/contract/formats';
import { IST_OFFSET_MINUTES } from '@exhale/contract/ist';
import { formatRupees } from '@exhale/contract/money';

/** '3:05' for 185 seconds. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** '2 Mar 2026, 19:00' in IST: the console shows every time as the operators' clock reads it. */
export function formatIstDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = new Date(date.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(11, 16);
  return `${formatDayShortMonthYear(date)}, ${time}`;
}

export function formatIstDate(iso: string | null | undefined): string {
  return iso ? formatDayShortMonthYear(iso) : '';
}

/** A rate (fraction 0–1) as a percentage, or a dash when nothing was due or answered. */
export const formatRate = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;

/** '₹4,999' or '₹1,234.50' from paise (the contract's one formatter). */
export const formatPaise = formatRupees;

/** 'Chai without the cigarette!' → 'chai-without-the-cigarette' (a blog's default slug). */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

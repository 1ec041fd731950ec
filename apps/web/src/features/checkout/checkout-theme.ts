import { brand } from '@exhale/contract/brand';

/**
 * Razorpay Checkout's `theme.color` and `image`, as the sandbox dialog uses them. The options come
 * from our own API, but they are still checked before they reach a style or an <img>.
 */

/** The accent when `theme.color` is missing or not a hex colour: the brand's own. */
export const DEFAULT_ACCENT = brand.themeColor;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `theme.color` as a six-digit hex colour, or the default accent. */
export function accentColor(themeColor: string | undefined): string {
  const value = themeColor?.trim() ?? '';
  if (!HEX.test(value)) return DEFAULT_ACCENT;
  if (value.length === 7) return value.toLowerCase();
  const [r, g, b] = value.slice(1);
  return `#${r}${r}${g}${g}${b}${b}`.toLowerCase();
}

/** WCAG 2 relative luminance of a six-digit hex colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two six-digit hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * Text for a label on the accent: white or black, whichever contrasts more. One of the two always
 * reaches 4.58:1 on any colour, so the Pay button stays readable (WCAG AA) whatever the theme.
 */
export function readableTextOn(accent: string): '#ffffff' | '#000000' {
  return contrastRatio(accent, '#ffffff') >= contrastRatio(accent, '#000000')
    ? '#ffffff'
    : '#000000';
}

/** `image` when it is a web address (absolute http(s) or on this site), else nothing to show. */
export function logoUrl(image: string | undefined, base = window.location.href): string | null {
  const value = image?.trim();
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

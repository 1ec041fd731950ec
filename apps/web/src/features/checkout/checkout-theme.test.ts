import { describe, expect, it } from 'vitest';
import {
  accentColor,
  contrastRatio,
  DEFAULT_ACCENT,
  logoUrl,
  readableTextOn,
} from './checkout-theme';

describe('accentColor', () => {
  it('keeps a hex colour, expanding the short form', () => {
    expect(accentColor('#0F766E')).toBe('#0f766e');
    expect(accentColor(' #abc ')).toBe('#aabbcc');
  });

  it('falls back to the brand colour for anything else', () => {
    for (const value of [undefined, '', 'teal', '#12345', 'rgb(0,0,0)', '#fff; color: red']) {
      expect(accentColor(value)).toBe(DEFAULT_ACCENT);
    }
  });
});

describe('readableTextOn', () => {
  it('picks white on dark and black on light colours', () => {
    expect(readableTextOn('#0f766e')).toBe('#ffffff');
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#ffffff')).toBe('#000000');
    expect(readableTextOn('#fde047')).toBe('#000000');
  });

  it('reaches WCAG AA (4.5:1) on every colour', () => {
    let worst = 21;
    for (let r = 0; r < 256; r += 15) {
      for (let g = 0; g < 256; g += 15) {
        for (let b = 0; b < 256; b += 15) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          worst = Math.min(worst, contrastRatio(hex, readableTextOn(hex)));
        }
      }
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});

describe('logoUrl', () => {
  const base = 'https://exhale.example/plans';

  it('accepts web addresses, absolute or on this site', () => {
    expect(logoUrl('/favicon.svg', base)).toBe('/favicon.svg');
    expect(logoUrl('https://cdn.example/logo.png', base)).toBe('https://cdn.example/logo.png');
  });

  it('refuses other schemes and empty values', () => {
    expect(logoUrl('javascript:alert(1)', base)).toBeNull();
    expect(logoUrl('data:image/svg+xml,<svg/>', base)).toBeNull();
    expect(logoUrl('  ', base)).toBeNull();
    expect(logoUrl(undefined, base)).toBeNull();
  });
});

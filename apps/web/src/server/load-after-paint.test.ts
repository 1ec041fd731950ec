import { describe, expect, it } from 'vitest';
import { loadAfterPaint, PAINT_FIRST_META } from './load-after-paint';

// The head Vite writes into dist/index.html, with the loader named by scripts/paint-first-loader.ts.
const head = (loader: string) => `<head>
    <title itemprop="name">Exhale</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  <link rel="manifest" href="/manifest.webmanifest">${loader}
  </head>`;

describe('loadAfterPaint', () => {
  it('swaps the module script and its preloads for the loader, naming them', () => {
    const page = loadAfterPaint(
      head(`\n  <meta name="${PAINT_FIRST_META}" content="/assets/paint-first-E5.js">`),
    );
    expect(page).toContain(
      '<script defer src="/assets/paint-first-E5.js" data-entry="/assets/index-A1.js"' +
        ' data-preload="/assets/react-B2.js /assets/i18n-C3.js"></script>',
    );
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).not.toContain(PAINT_FIRST_META);
    // The stylesheet and the rest of the head stay where they were.
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D4.css">');
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('leaves a template without the loader (a development build) as it is', () => {
    expect(loadAfterPaint(head(''))).toBe(head(''));
  });
});

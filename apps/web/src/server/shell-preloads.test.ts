import { describe, expect, it } from 'vitest';
import { shellPreloads, type Manifest } from './shell-preloads';

// A manifest shaped as Vite writes it: the entry with a shared chunk, the dashboard's route
// modules with their static imports, and the catalogues per language.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_react-B.js'] },
  '_react-B.js': { file: 'assets/react-B.js' },
  '_query-C.js': { file: 'assets/query-C.js', imports: ['_react-B.js'] },
  '_cards-D.js': { file: 'assets/cards-D.js', imports: ['_query-C.js'] },
  'src/app/routes/take-test-first-route.tsx': { file: 'assets/take-test-E.js' },
  'src/app/routes/page-data.ts': { file: 'assets/page-data-F.js', imports: ['_query-C.js'] },
  'src/app/routes/dashboard-route.tsx': {
    file: 'assets/dashboard-G.js',
    imports: ['_cards-D.js', '_react-B.js'],
  },
  'src/app/layouts/app-top-bar.tsx': { file: 'assets/top-bar-H.js', imports: ['_query-C.js'] },
  'src/locales/translation/en.json': { file: 'assets/en-I.js' },
  'src/locales/translation/hi.json': { file: 'assets/hi-J.js' },
  'src/locales/companion/en.json': { file: 'assets/en-K.js' },
  'src/locales/companion/hi.json': { file: 'assets/hi-L.js' },
  'src/locales/landing/en.json': { file: 'assets/en-M.js' },
};
const indexHtml =
  '<script type="module" crossorigin src="/assets/index-A.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/react-B.js">';

describe('shellPreloads', () => {
  const { '/dashboard': dashboard } = shellPreloads(manifest, indexHtml);

  it("names the dashboard's route modules with everything they import, once", () => {
    expect(dashboard!.modules.sort()).toEqual(
      [
        '/assets/cards-D.js',
        '/assets/dashboard-G.js',
        '/assets/page-data-F.js',
        '/assets/query-C.js',
        '/assets/take-test-E.js',
        '/assets/top-bar-H.js',
      ].sort(),
    );
  });

  it('leaves out what index.html already loads', () => {
    expect(dashboard!.modules).not.toContain('/assets/react-B.js');
    expect(dashboard!.modules).not.toContain('/assets/index-A.js');
  });

  it("names, per language, the catalogues the page renders with and no other page's", () => {
    expect(dashboard!.texts).toEqual({
      en: ['/assets/en-I.js', '/assets/en-K.js'],
      hi: ['/assets/hi-J.js', '/assets/hi-L.js'],
    });
  });

  it('fails the build when a route module is no longer in the manifest', () => {
    const { ['src/app/routes/dashboard-route.tsx']: _gone, ...rest } = manifest;
    expect(() => shellPreloads(rest, indexHtml)).toThrow(/dashboard-route\.tsx.*SHELL_PAGES/);
  });
});

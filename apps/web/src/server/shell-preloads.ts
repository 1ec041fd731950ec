/**
 * Signed-in pages the app draws in the browser, whose HTML may name their code up front (decision
 * 070): the page's route modules and the text catalogues it renders with. The dashboard is
 * everyone's first page after signing in and what a returning member opens.
 */
const SHELL_PAGES: Record<string, { modules: string[]; texts: string[] }> = {
  '/dashboard': {
    modules: [
      // The programme layout (take-test guard) and the route loaders' module it asks for first.
      'src/app/routes/take-test-first-route.tsx',
      'src/app/routes/page-data.ts',
      'src/app/routes/dashboard-route.tsx',
      'src/app/layouts/app-top-bar.tsx',
    ],
    texts: ['translation', 'companion'],
  },
};

/** What the API reads (apps/api/src/plugins/shell-pages.ts): per page, its files and per language its catalogues'. */
export interface ShellPreloads {
  [page: string]: { modules: string[]; texts: Record<string, string[]> };
}

/** Where the build writes it: beside Vite's manifest, which the web server does not send. */
export const SHELL_PRELOADS_FILE = '.vite/shell-preloads.json';

export type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The files a chunk needs before it runs: its own and, recursively, its static imports'. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: update SHELL_PAGES`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...seen].map((key) => `/${manifest[key]!.file}`);
}

/** The page's preloads, less what index.html already loads. */
export function shellPreloads(manifest: Manifest, indexHtml: string): ShellPreloads {
  const inHtml = new Set(
    [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]),
  );
  const languages = Object.keys(manifest)
    .map((key) => /^src\/locales\/translation\/([a-z]+)\.json$/.exec(key)?.[1])
    .filter((lang): lang is string => lang !== undefined);
  const fresh = (files: string[]) => files.filter((file) => !inHtml.has(file));
  return Object.fromEntries(
    Object.entries(SHELL_PAGES).map(([page, { modules, texts }]) => {
      const code = fresh(staticClosure(manifest, modules));
      const catalogues = Object.fromEntries(
        languages.map((lang) => [
          lang,
          fresh(
            staticClosure(
              manifest,
              texts.map((namespace) => `src/locales/${namespace}/${lang}.json`),
            ),
          ).filter((file) => !code.includes(file)),
        ]),
      );
      return [page, { modules: code, texts: catalogues }];
    }),
  );
}

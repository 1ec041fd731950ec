import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { memberFacingAssets } from './scripts/member-facing-assets';
import { paintFirstLoader } from './scripts/paint-first-loader';
import { shellPreloadsFile } from './scripts/shell-preloads';

// In development the API runs separately on 3001; `npm start` serves dist/ and /api from one
// origin, so the same relative '/api' paths work in both.
const apiProxy = { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}` } };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to every hashed asset and index.html, compressed once at the highest
 * levels, so the server sends them as they are (@fastify/static `preCompressed`,
 * apps/api/src/plugins/web.ts) instead of compressing on every request. Already-compressed
 * formats are left alone, but not small files: for a file without them the server looks for each
 * copy in vain before it sends the file, which took twice as long as sending a copy (about 0.7
 * against 0.3 ms a request), and a member's first page asks for some twenty chunks under 1 KiB.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'exhale:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(
        (name) =>
          name === 'index.html' ||
          (name.startsWith('assets/') && /\.(js|mjs|css|svg|json|txt|xml|wasm)$/.test(name)),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The part of the English 'translation' catalogue in the entry chunk: what the shell (header,
 * footer, splash, error screens) and the landing page's first render say. The rest (members'
 * pages, the API's messages) is a chunk of its own, loaded before any other page renders and
 * right after a server-rendered landing page is hydrated (src/lib/i18n.ts, decision 063).
 */
const SHELL_TEXT_SECTIONS = [
  'common',
  'language',
  'splash',
  'meta',
  'nav',
  'topbar',
  'notifications',
  'auth',
  'footer',
  'notFound',
  'routeError',
  'otp',
  'login',
  'signup',
  'errors',
  'carousel',
  'pwa',
  'simBands',
];

/** Replaces src/lib/shell-texts.ts (the whole catalogue) by those sections in builds. */
function translationShell(): Plugin {
  const catalogue = fileURLToPath(new URL('./src/locales/translation/en.json', import.meta.url));
  const module = fileURLToPath(new URL('./src/lib/shell-texts.ts', import.meta.url));
  return {
    name: 'exhale:translation-shell',
    enforce: 'pre',
    async load(id) {
      if (id.split('?')[0] !== module) return undefined;
      this.addWatchFile(catalogue);
      const all = JSON.parse(await readFile(catalogue, 'utf8')) as Record<string, unknown>;
      const shell = Object.fromEntries(SHELL_TEXT_SECTIONS.map((key) => [key, all[key]]));
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(shell))});`,
        moduleType: 'js',
      };
    },
  };
}

/**
 * Crawlers that run no scripts (WhatsApp, Facebook) read index.html's og:image, and the Open Graph
 * protocol wants an absolute address. A build with PUBLIC_URL set (the production origin, as the
 * API's own PUBLIC_URL) writes it absolute; without it the address stays site-relative.
 */
function absoluteShareImage(publicUrl: string | undefined): Plugin {
  return {
    name: 'exhale:absolute-share-image',
    transformIndexHtml(html) {
      if (!publicUrl) return html;
      return html.replace(
        /(<meta property="og:image" content=")(\/[^"]*)"/,
        (_match, start: string, image: string) => `${start}${new URL(image, publicUrl).href}"`,
      );
    },
  };
}

/**
 * The installed app: a web app manifest and a Workbox service worker that precaches the shell
 * and the members' pages (never the operators' console, never an API answer), answers
 * navigations from the cache when offline, and waits for the member's 'Reload' before a new
 * version takes over (src/app/pwa.ts). See docs/decisions/051-installable-app.md.
 */
function installableApp() {
  return VitePWA({
    registerType: 'prompt',
    // Registered from src/app/pwa.ts after the first render, so the entry chunk does not grow.
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      name: 'Exhale – quit smoking for good',
      short_name: 'Exhale',
      description:
        'A guided quit-smoking programme for smokers in India: the SIM test, video lessons, a quit plan and help for cravings.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#0f766e',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // Server-rendered pages (dist/pages/, written after this step) are for first visits and
      // crawlers: an installed app's navigations get the shell, which renders any page offline.
      globIgnores: ['social-card.png', '**/*.br', '**/*.gz', 'pages/**'],
      manifestTransforms: [memberFacingAssets(fileURLToPath(new URL('./dist', import.meta.url)))],
      navigateFallback: '/index.html',
      // Server-rendered or streamed paths: the API, uploads and the local outbox.
      navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/dev\//],
      // No runtimeCaching: API answers (personal data) are never stored by the service worker.
      cleanupOutdatedCaches: true,
      // Shows Web Push notifications and opens their page on a tap (public/push-sw.js).
      importScripts: ['/push-sw.js'],
      clientsClaim: false,
      skipWaiting: false,
    },
  });
}

/** Module replacements shared by the dev server and both builds. */
const resolve: UserConfig['resolve'] = {
  alias: [
    {
      find: /^use-sync-external-store\/shim$/,
      replacement: fileURLToPath(
        new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
      ),
    },
  ],
};

/**
 * React Router's package exports name its development build for every import, production or not
 * (remix-run/react-router#14102): its warnings stay on and their texts in the bundle. Its
 * production build sits beside it; builds take that one, the dev server keeps the warnings.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const buildResolve: UserConfig['resolve'] = {
  alias: [
    ...(resolve.alias as { find: RegExp; replacement: string }[]),
    { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
  ],
};

/**
 * The server build (`vite build --ssr src/entry-server.tsx`): the same routes and pages as a Node
 * module in dist-ssr/ (lazy pages stay chunks of their own), which scripts/prerender.mjs runs
 * after the build to write the public pages' HTML, and the API loads to render blog and news
 * pages (decision 062). Every dependency is bundled, so the API needs nothing from apps/web's
 * node_modules at run time.
 */
const serverBuild: UserConfig = {
  plugins: [react(), translationShell()],
  resolve: buildResolve,
  ssr: { noExternal: true, target: 'node' },
  // The bundled React, React Router and TanStack Query choose their build from NODE_ENV when the
  // module loads; the server's own NODE_ENV (unset for `npm start`, 'test' in e2e) would give the
  // render React's development build, several times slower. Renders are production work.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: {
      // The service worker registers in the browser only (app/pwa.ts); never on the server.
      external: ['virtual:pwa-register'],
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => {
  // `npm start` runs the build with whatever NODE_ENV it was given (e2e uses 'test'), and Vite
  // would then bundle React's slow development build. A build is always for production.
  if (command === 'build') process.env.NODE_ENV = 'production';
  if (isSsrBuild) return serverBuild;

  return {
    plugins: [
      react(),
      translationShell(),
      tailwindcss(),
      absoluteShareImage(process.env.PUBLIC_URL),
      paintFirstLoader(),
      precompressAssets(),
      shellPreloadsFile(),
      installableApp(),
    ],
    resolve: command === 'build' ? buildResolve : resolve,
    server: { port: 3000, strictPort: true, proxy: apiProxy },
    preview: { proxy: apiProxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Cheap Android phones run an up-to-date Chrome; no legacy bundle needed.
      target: 'es2022',
      // bench/frontend-bundle.ts reads the chunk graph from .vite/manifest.json.
      manifest: true,
      rolldownOptions: {
        // The contract's modules define their zod schemas at the top level; a page that imports
        // only a constant or a helper from one (steps, OTP length) should not build them all.
        // Calls on `z` have no side effects, so the schemas a chunk never uses are dropped.
        treeshake: { manualPureFunctions: ['z'] },
        // The app's shell (everything the entry imports statically) is one chunk, and a shared
        // chunk under 8 KiB goes into each chunk that uses it: the dashboard's code came as ~57
        // scripts over HTTP/1.1's six connections, and as 22 it painted sooner (decision 095).
        // Inlining common chunks makes rolldown keep modules' execution order strict, which a
        // group alone did not (React error 130). The entry exports nothing, so its signature need
        // not be kept and it becomes a small module importing the shell (named `web-*`).
        preserveEntrySignatures: false,
        output: {
          codeSplitting: {
            groups: [{ name: 'shell', tags: ['$initial'] }],
            experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          },
        },
      },
    },
  };
});

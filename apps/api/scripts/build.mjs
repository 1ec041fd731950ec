// Bundles the API into dist/ with esbuild. npm packages stay external (they are
// installed beside it); the workspace's own TypeScript (@exhale/contract) is
// bundled in, so production runs plain JavaScript on Node 20.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

await rm(`${root}dist`, { recursive: true, force: true });
await build({
  entryPoints: { main: `${root}src/main.ts`, 'admin-create': `${root}src/cli/admin-create.ts` },
  outdir: `${root}dist`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@exhale/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await cp(`${root}src/db/migrations`, `${root}dist/migrations`, { recursive: true });
// The invoice font (modules/invoices/invoice-pdf.ts reads ./fonts beside the module or bundle).
await cp(`${root}src/modules/invoices/fonts`, `${root}dist/fonts`, { recursive: true });
// The demo seed's lesson videos and thumbnails (see src/db/seed/media/README.md).
await cp(`${root}src/db/seed/media`, `${root}dist/media`, {
  recursive: true,
  filter: (source) => !/\.(md|sh)$/.test(source),
});

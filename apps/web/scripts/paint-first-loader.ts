import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { PAINT_FIRST_META } from '../src/server/load-after-paint';

/**
 * Emits scripts/paint-first.js as a hashed asset and names it in index.html's
 * `<meta name="exhale:paint-first">`, where the server render finds it (src/server/load-after-paint.ts).
 * The app's shell itself keeps its module script: its pages are drawn by the app, so their code
 * is wanted as early as it can come.
 */
export function paintFirstLoader(): Plugin {
  const loader = new URL('./paint-first.js', import.meta.url);
  return {
    name: 'exhale:paint-first-loader',
    apply: 'build',
    async buildStart() {
      this.emitFile({ type: 'asset', name: 'paint-first.js', source: await readFile(loader) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes('paint-first.js'),
        );
        if (!asset) throw new Error('paint-first.js was not emitted');
        return html.replace(
          '</head>',
          `  <meta name="${PAINT_FIRST_META}" content="/${asset.fileName}">\n  </head>`,
        );
      },
    },
  };
}

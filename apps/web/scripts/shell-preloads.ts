import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { shellPreloads, SHELL_PRELOADS_FILE, type Manifest } from '../src/server/shell-preloads';

/** Writes `SHELL_PRELOADS_FILE` after the build, from the manifest and index.html. */
export function shellPreloadsFile(): Plugin {
  let outDir = '';
  return {
    name: 'exhale:shell-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const [manifest, indexHtml] = await Promise.all([
        readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
        readFile(path.join(outDir, 'index.html'), 'utf8'),
      ]);
      const preloads = shellPreloads(JSON.parse(manifest) as Manifest, indexHtml);
      await writeFile(path.join(outDir, SHELL_PRELOADS_FILE), `${JSON.stringify(preloads)}\n`);
    },
  };
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

interface ViteChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** Chunks of the operators' console: their code lives under this folder. */
const CONSOLE_SOURCE = 'src/features/admin/';

/**
 * The files a member's phone may need: everything reachable from the entry through static and
 * lazy imports without passing through the operators' console. The console (its pages, the rich
 * text editor, its charts) is left out of the service worker's precache: a member on a cheap data
 * plan should not download a thousand kilobytes they will never run.
 */
export function memberFacingFiles(manifest: Record<string, ViteChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.src?.startsWith(CONSOLE_SOURCE)) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/** Workbox manifest transform: keeps built assets only when a member's page can load them. */
export function memberFacingAssets(outDir: string): ManifestTransform {
  return async (entries) => {
    const manifest = JSON.parse(
      await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ViteChunk>;
    const wanted = memberFacingFiles(manifest);
    return {
      manifest: entries.filter(
        (entry) => !entry.url.startsWith('assets/') || wanted.has(entry.url),
      ),
    };
  };
}

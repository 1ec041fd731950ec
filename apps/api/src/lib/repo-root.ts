import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root: the nearest folder above this module whose package.json declares the
 * npm workspaces. Relative paths in the configuration (DATA_DIR) are resolved against it, so
 * `npm start` at the root and `npm run admin:create` (which npm runs inside apps/api) find the
 * same data. Outside a checkout (an installed bundle without the workspace root) it is the
 * working directory, as before.
 */
export function repoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let current = from;
  while (true) {
    const manifest = path.join(current, 'package.json');
    if (existsSync(manifest) && isWorkspaceRoot(manifest)) return current;
    const parent = path.dirname(current);
    if (parent === current) return process.cwd();
    current = parent;
  }
}

function isWorkspaceRoot(manifest: string): boolean {
  try {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
    return Array.isArray(parsed.workspaces);
  } catch {
    return false;
  }
}

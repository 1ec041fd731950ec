import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { repoRoot } from './repo-root';

describe('where relative data paths point', () => {
  it('finds the repository root from inside a workspace', () => {
    expect(repoRoot(import.meta.dirname)).toBe(path.resolve(import.meta.dirname, '../../../..'));
  });

  it('resolves a relative DATA_DIR against the repository root, not the working directory', () => {
    const root = repoRoot();
    expect(parseConfig({}).DATA_DIR).toBe(path.join(root, 'data'));
    expect(parseConfig({ DATA_DIR: 'tmp/e2e' }).DATA_DIR).toBe(path.join(root, 'tmp/e2e'));
    expect(parseConfig({ DATA_DIR: '/srv/exhale' }).DATA_DIR).toBe('/srv/exhale');
  });
});

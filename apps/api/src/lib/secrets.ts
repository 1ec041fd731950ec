import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Outside production a missing secret is generated once and kept under the
 * data dir, so sessions survive restarts without anyone writing a `.env`.
 */
export async function localSecret(dataDir: string, name: string): Promise<string> {
  const dir = path.resolve(dataDir, 'secrets');
  const file = path.join(dir, name);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(48).toString('base64url');
  await writeFile(file, value, { mode: 0o600 });
  return value;
}

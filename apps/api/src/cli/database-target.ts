import type { RawConfig } from '../config';
import { runningEmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded';

/**
 * The database a command works on: DATABASE_URL when set; otherwise the embedded server of
 * DATA_DIR, the one `npm start` is running if it is up (PostgreSQL refuses a second server on the
 * same cluster), else started for the command and stopped after it.
 */
export async function commandDatabase(
  config: RawConfig,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const running = await runningEmbeddedDatabase(config.DATA_DIR);
  if (running) return { url: running, stop: async () => {} };
  const embedded = await startEmbeddedDatabase({ dataDir: config.DATA_DIR, log: () => {} });
  return { url: embedded.url, stop: () => embedded.stop() };
}

import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** Said to push services when WEB_PUSH_SUBJECT is unset, which only outside production is allowed. */
const LOCAL_SUBJECT = 'mailto:push@localhost';

/**
 * The VAPID key pair: WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY when set, or a pair generated
 * once under DATA_DIR/secrets, like JWT_SECRET, so browsers' subscriptions survive restarts.
 * Changing the pair orphans every subscription (browsers sign up again from the settings page).
 */
export async function vapidDetails(config: Config): Promise<VapidDetails> {
  const subject = config.WEB_PUSH_SUBJECT ?? LOCAL_SUBJECT;
  if (config.WEB_PUSH_PUBLIC_KEY && config.WEB_PUSH_PRIVATE_KEY) {
    return {
      subject,
      publicKey: config.WEB_PUSH_PUBLIC_KEY,
      privateKey: config.WEB_PUSH_PRIVATE_KEY,
    };
  }
  const dir = path.resolve(config.DATA_DIR, 'secrets');
  const file = path.join(dir, 'web-push-vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(await readFile(file, 'utf8')) as VapidDetails;
    return { subject, publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const keys = webpush.generateVAPIDKeys();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  return { subject, ...keys };
}

import type { Config } from '../../config';
import { localSecret } from '../../lib/secrets';

/**
 * The key of the gateways' callback signatures: MESSAGING_INBOUND_SECRET, which production must
 * set (config.ts), or one generated once under DATA_DIR/secrets elsewhere, like JWT_SECRET.
 */
export async function messagingSecret(config: Config): Promise<string> {
  return (
    config.MESSAGING_INBOUND_SECRET ?? (await localSecret(config.DATA_DIR, 'messaging-inbound'))
  );
}

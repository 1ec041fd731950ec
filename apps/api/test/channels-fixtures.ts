import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboxMessages } from '../src/db/schema/outbox';
import type { Clock } from '../src/lib/clock';
import { createChannelsService } from '../src/modules/messaging/messaging.module';
import { createOutboxWorker } from '../src/modules/outbox/outbox.module';
import type { FakeMsg91 } from './fakes/msg91';
import { MESSAGING_SECRET } from './messaging-fixtures';

/** The channel adapters' tests start at 12:00 IST, inside the hours messages may go out. */
export const CHANNELS_START = Date.parse('2026-03-10T06:30:00.000Z');

type Msg91Kind = 'OTP' | 'PROGRAMME' | 'REPLY' | 'MILESTONE';

/** The settings that point the SMS channel at a fake MSG91, with a template id per kind given. */
export function msg91Env(
  fake: FakeMsg91,
  reportToken: string,
  templates: Partial<Record<Msg91Kind, string>>,
): Record<string, string> {
  const env: Record<string, string> = {
    SMS_PROVIDER: 'msg91',
    MSG91_API_URL: fake.url,
    MSG91_AUTH_KEY: fake.authKey,
    MSG91_WEBHOOK_TOKEN: reportToken,
  };
  for (const [kind, id] of Object.entries(templates)) env[`MSG91_TEMPLATE_${kind}`] = id;
  return env;
}

/** One pass of the outbox worker, as main.ts runs it: what is queued goes to the providers. */
export function deliverOutbox(app: FastifyInstance, clock: Clock) {
  return createOutboxWorker({
    db: app.db,
    senders: app.messageSenders,
    log: app.log,
    clock,
  }).drainOnce();
}

/** One pass of the webhook worker, as main.ts runs it: stored provider events are applied. */
export function applyWebhookEvents(app: FastifyInstance, clock: Clock) {
  return createChannelsService({
    db: app.db,
    clock,
    outbox: app.outbox,
    config: app.config,
    secret: MESSAGING_SECRET,
  }).drainOnce();
}

export async function outboxRow(app: FastifyInstance, id: string) {
  const [message] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return message!;
}

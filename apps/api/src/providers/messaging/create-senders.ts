import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { HttpGatewaySender } from './http-gateway-sender';
import type { MessageSenders } from './messaging';
import { OutboxSender } from './outbox-sender';
import { SmtpSender } from './smtp-sender';

/** One sender per channel, chosen by configuration; the outbox is the default for each. */
export function createMessageSenders(config: Config, log: FastifyBaseLogger): MessageSenders {
  // Only a local mailbox keeps what it "sent": production has no /dev/outbox to read it from.
  const outbox = new OutboxSender(log, config.NODE_ENV !== 'production');
  return {
    email: config.SMTP_URL ? new SmtpSender(config.SMTP_URL, config.MAIL_FROM) : outbox,
    sms:
      config.SMS_PROVIDER === 'http' && config.SMS_GATEWAY_URL
        ? new HttpGatewaySender('sms', config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN)
        : outbox,
    whatsapp:
      config.WHATSAPP_PROVIDER === 'http' && config.WHATSAPP_GATEWAY_URL
        ? new HttpGatewaySender(
            'whatsapp',
            config.WHATSAPP_GATEWAY_URL,
            config.WHATSAPP_GATEWAY_TOKEN,
          )
        : outbox,
  };
}

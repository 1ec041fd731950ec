import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { HttpGatewaySender } from './http-gateway-sender';
import { MESSAGE_KINDS } from './message-kinds';
import { MetaWhatsAppSender } from './meta-whatsapp-sender';
import { Msg91SmsSender, msg91Templates } from './msg91-sms-sender';
import type { MessageSenders } from './messaging';
import { OutboxSender } from './outbox-sender';
import { SmtpSender } from './smtp-sender';

/** One sender per channel, chosen by configuration; the outbox is the default for each. */
export function createMessageSenders(
  config: Config,
  log: FastifyBaseLogger,
  /** What the WhatsApp Cloud API adapter reads: the member's 24-hour window, by the app's clock. */
  channels?: {
    lastInboundAt: (number: string) => Promise<Date | null>;
    now: () => Date;
  },
): MessageSenders {
  // Only a local mailbox keeps what it "sent": production has no /dev/outbox to read it from.
  const outbox = new OutboxSender(log, config.NODE_ENV !== 'production');
  return {
    email: config.SMTP_URL ? new SmtpSender(config.SMTP_URL, config.MAIL_FROM) : outbox,
    sms:
      config.SMS_PROVIDER === 'msg91' && config.MSG91_AUTH_KEY
        ? new Msg91SmsSender({
            apiUrl: config.MSG91_API_URL,
            authKey: config.MSG91_AUTH_KEY,
            templates: msg91Templates(config, MESSAGE_KINDS),
          })
        : config.SMS_PROVIDER === 'http' && config.SMS_GATEWAY_URL
          ? new HttpGatewaySender('sms', config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN)
          : outbox,
    whatsapp:
      config.WHATSAPP_PROVIDER === 'meta' &&
      config.WHATSAPP_PHONE_NUMBER_ID &&
      config.WHATSAPP_ACCESS_TOKEN &&
      channels
        ? new MetaWhatsAppSender({
            graphUrl: config.WHATSAPP_GRAPH_URL,
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: config.WHATSAPP_ACCESS_TOKEN,
            lastInboundAt: channels.lastInboundAt,
            now: channels.now,
          })
        : config.WHATSAPP_PROVIDER === 'http' && config.WHATSAPP_GATEWAY_URL
          ? new HttpGatewaySender(
              'whatsapp',
              config.WHATSAPP_GATEWAY_URL,
              config.WHATSAPP_GATEWAY_TOKEN,
            )
          : outbox,
  };
}

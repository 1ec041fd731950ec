import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutbox } from '../modules/outbox/outbox.module';
import type { Outbox } from '../modules/outbox/outbox.service';
import { createMessageSenders } from '../providers/messaging/create-senders';
import type { MessageSenders } from '../providers/messaging/messaging';
import { SmtpSender } from '../providers/messaging/smtp-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where services put mail, SMS and WhatsApp messages (delivered by the outbox worker). */
    outbox: Outbox;
    /** The configured provider per channel; only the outbox worker calls them. */
    messageSenders: MessageSenders;
  }
}

export const messagingPlugin = fp(async (app: FastifyInstance) => {
  const senders = createMessageSenders(app.config, app.log);
  app.decorate('outbox', createOutbox(app.db, app.clock));
  app.decorate('messageSenders', senders);
  app.addHook('onClose', async () => {
    if (senders.email instanceof SmtpSender) senders.email.close();
  });
});

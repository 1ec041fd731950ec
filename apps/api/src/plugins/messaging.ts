import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutbox } from '../modules/outbox/outbox.module';
import type { Outbox } from '../modules/outbox/outbox.service';
import { whatsappWindows } from '../modules/messaging/messaging.module';
import { createMessageSenders } from '../providers/messaging/create-senders';
import type { MessageSenders } from '../providers/messaging/messaging';
import { SmtpSender } from '../providers/messaging/smtp-sender';
import { pushSubscriptionStore } from '../modules/push/push.module';
import { vapidDetails, type VapidDetails } from '../providers/push/vapid';
import { WebPushSender } from '../providers/push/web-push-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where services put mail, SMS and WhatsApp messages (delivered by the outbox worker). */
    outbox: Outbox;
    /** The configured provider per channel; only the outbox worker calls them. */
    messageSenders: MessageSenders;
    /** Web Push's VAPID identity (the public key is served at /push/key). */
    webPush: VapidDetails;
  }
}

export const messagingPlugin = fp(async (app: FastifyInstance) => {
  const vapid = await vapidDetails(app.config);
  const senders: MessageSenders = {
    ...createMessageSenders(app.config, app.log, {
      lastInboundAt: whatsappWindows(app.db),
      now: () => app.clock.now(),
    }),
    push: new WebPushSender({
      vapid,
      subscriptions: pushSubscriptionStore(app.db),
      production: app.config.NODE_ENV === 'production',
      log: app.log,
      now: () => app.clock.now(),
    }),
  };
  app.decorate('webPush', vapid);
  app.decorate('outbox', createOutbox(app.db, app.clock));
  app.decorate('messageSenders', senders);
  app.addHook('onClose', async () => {
    if (senders.email instanceof SmtpSender) senders.email.close();
  });
});

import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { MessageSender, OutgoingMessage } from '../messaging/messaging';
import { isAllowedPushEndpoint } from './endpoint-guard';
import { pushKindOfTag, pushOptionsFor } from './push-options';
import type { VapidDetails } from './vapid';

/** The browser subscriptions the sender reads (modules/push builds it on the database). */
export interface PushSubscriptionStore {
  find(id: string): Promise<{ endpoint: string; p256dh: string; auth: string } | undefined>;
  remove(id: string): Promise<void>;
  touch(id: string, at: Date): Promise<void>;
}

/** A delivery that can never succeed: the outbox worker gives it up at once instead of retrying. */
export class PermanentDeliveryError extends Error {
  readonly permanent = true;
}

/** The JSON every push carries, under 3 KB encrypted: the service worker shows it. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * Web Push (RFC 8030 with VAPID, RFC 8292; payload aes128gcm, RFC 8291): one outbox row per
 * browser subscription, its recipient the subscription's id and its text the JSON payload. The push
 * service's 404 or 410 means the browser dropped the subscription, so it is deleted and the message
 * given up; any other failure is retried by the outbox worker.
 */
export class WebPushSender implements MessageSender {
  readonly name = 'web-push';

  constructor(
    private readonly deps: {
      vapid: VapidDetails;
      subscriptions: PushSubscriptionStore;
      production: boolean;
      log: FastifyBaseLogger;
      now?: () => Date;
      /** Another trust store (the tests' local push service) or connection pool. */
      agent?: Agent;
      timeoutMs?: number;
    },
    /** Outside production the row stays readable at /dev/outbox, as for the other channels. */
    readonly keepsBodyInOutbox = !deps.production,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const { subscriptions, vapid } = this.deps;
    const subscription = await subscriptions.find(message.to);
    if (!subscription) throw new PermanentDeliveryError('push subscription removed');
    // Checked when saved too; checked again so a row from another configuration never goes out.
    if (!isAllowedPushEndpoint(subscription.endpoint, this.deps.production)) {
      await subscriptions.remove(message.to);
      throw new PermanentDeliveryError('push endpoint not allowed');
    }
    const payload = JSON.parse(message.text) as Partial<PushPayload>;
    try {
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        message.text,
        {
          ...pushOptionsFor(message.kind ?? pushKindOfTag(payload.tag)),
          vapidDetails: vapid,
          contentEncoding: 'aes128gcm',
          timeout: this.deps.timeoutMs ?? 10_000,
          ...(this.deps.agent ? { agent: this.deps.agent } : {}),
        },
      );
    } catch (error) {
      if (error instanceof webpush.WebPushError) {
        if (error.statusCode === 404 || error.statusCode === 410) {
          await subscriptions.remove(message.to);
          this.deps.log.info(
            { messageId: message.id, status: error.statusCode },
            'push subscription gone; removed',
          );
          throw new PermanentDeliveryError(`push service answered ${error.statusCode}`, {
            cause: error,
          });
        }
        throw new Error(`push service answered ${error.statusCode}`, { cause: error });
      }
      throw error;
    }
    await subscriptions.touch(message.to, (this.deps.now ?? (() => new Date()))());
  }
}

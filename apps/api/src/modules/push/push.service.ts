import { Messages } from '@exhale/contract/messages';
import type { DataAccess } from '../../lib/data-access';
import { badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { textsFor } from '../../lib/texts/texts';
import type { Outbox } from '../outbox/outbox.service';
import { isAllowedPushEndpoint } from '../../providers/push/endpoint-guard';
import type { UsersRepository } from '../users/users.repository';
import { enqueuePushWith, type EnqueuePushRepositories } from './push.copies';
import type { PushRepository } from './push.repository';

/** What the service reads and writes (push.module.ts builds them). */
export interface PushRepositories extends EnqueuePushRepositories {
  push: PushRepository;
  users: Pick<UsersRepository, 'findById'>;
}

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** 'Chrome on Android': enough to tell a member's browsers apart, nothing that identifies them. */
export function browserLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser\//.test(userAgent)
      ? 'Samsung Internet'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** 'Notifications on this phone' (API.md "Real channels"): the caller's browsers only. */
export class PushService {
  constructor(
    private readonly deps: {
      data: DataAccess<PushRepositories>;
      outbox: Pick<Outbox, 'deliverSoon'>;
      clock: Clock;
      production: boolean;
    },
  ) {}

  async subscribe(
    userId: string,
    body: PushSubscriptionBody,
    userAgent: string | undefined,
  ): Promise<string> {
    if (!isAllowedPushEndpoint(body.endpoint, this.deps.production)) {
      throw badRequest(
        Messages.PUSH_ENDPOINT_NOT_ALLOWED.code,
        Messages.PUSH_ENDPOINT_NOT_ALLOWED.message,
        [{ path: 'endpoint', message: Messages.PUSH_ENDPOINT_NOT_ALLOWED.message }],
      );
    }
    return this.deps.data.repos.push.upsert(
      {
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: browserLabel(userAgent),
      },
      this.deps.clock.now(),
    );
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.deps.data.repos.push.removeOwn(userId, endpoint);
  }

  /** 'Notifications are on', in the member's language, to each of their browsers. */
  async test(userId: string): Promise<number> {
    const user = await this.deps.data.repos.users.findById(userId);
    if (!user) return 0;
    const t = textsFor(user.language);
    const sent = await enqueuePushWith(
      this.deps.data.repos,
      userId,
      { title: t('push.test.title'), body: t('push.test.body'), url: '/notifications' },
      'test',
      this.deps.clock.now(),
    );
    if (sent > 0) this.deps.outbox.deliverSoon();
    return sent;
  }
}

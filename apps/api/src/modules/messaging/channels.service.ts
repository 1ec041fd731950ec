import { createHash, timingSafeEqual } from 'node:crypto';
import { addIstDays, istDateString } from '@exhale/contract/ist';
import type { ChannelCost, ChannelFigures } from '@exhale/contract/messaging';
import { paiseToRupees } from '@exhale/contract/money';
import { Messages } from '@exhale/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import {
  metaSignatureMatches,
  OUTSIDE_WINDOW_ERROR,
  parseMetaWebhook,
} from '../../providers/messaging/meta-whatsapp-sender';
import { MESSAGE_KINDS } from '../../providers/messaging/message-kinds';
import {
  msg91Templates,
  parseMsg91Reports,
  type Msg91Report,
} from '../../providers/messaging/msg91-sms-sender';
import type { Outbox } from '../outbox/outbox.service';
import type { ChannelsRepository, DeliveryStatus } from './channels.repository';
import type { MessagingRepository } from './messaging.repository';
import type { MessagingService } from './messaging.service';

/** What the webhooks and their worker read and write (messaging.module.ts builds them). */
export interface ChannelsRepositories {
  channels: ChannelsRepository;
  messaging: Pick<MessagingRepository, 'recordInbound' | 'applyStatus'>;
}

/** A webhook body is tried this many times before the worker gives it up. */
const EVENT_ATTEMPTS = 5;
export const CHANNEL_EVENTS_BATCH = 20;

function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  // Digests first: equal lengths for timingSafeEqual, and no length leak.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The real providers' webhooks (API.md "Real channels"): Meta's handshake and signed events, and
 * MSG91's token-guarded delivery reports. A webhook is verified on its raw bytes, queued and
 * answered at once; the worker (`drainOnce`) then runs members' messages through the keyword
 * rules and applies statuses to the messages they name.
 */
export class ChannelsService {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly deps: {
      data: DataAccess<ChannelsRepositories>;
      clock: Clock;
      outbox: Outbox;
      config: Config;
      messaging: MessagingService;
      log?: FastifyBaseLogger;
    },
  ) {}

  private get repos() {
    return this.deps.data.repos;
  }

  onWake(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private wake() {
    for (const listener of this.listeners) listener();
  }

  /** Meta's verification handshake: the challenge back for the right token, 403 otherwise. */
  async handshake(query: {
    'hub.mode'?: string;
    'hub.verify_token'?: string;
    'hub.challenge'?: string;
  }): Promise<string> {
    const { config } = this.deps;
    if (
      config.WHATSAPP_PROVIDER !== 'meta' ||
      query['hub.mode'] !== 'subscribe' ||
      !sameSecret(query['hub.verify_token'], config.WHATSAPP_VERIFY_TOKEN)
    ) {
      throw new AppError(403, Messages.FORBIDDEN.code, Messages.FORBIDDEN.message);
    }
    await this.repos.channels.markWebhookVerified('meta', this.deps.clock.now());
    return query['hub.challenge'] ?? '';
  }

  /** Meta's webhook: nothing is recorded unless X-Hub-Signature-256 covers these exact bytes. */
  async acceptMeta(raw: Buffer, signature: string | undefined): Promise<void> {
    const secret = this.deps.config.WHATSAPP_APP_SECRET;
    if (!secret || !metaSignatureMatches(secret, raw, signature)) {
      throw new AppError(401, Messages.BAD_SIGNATURE.code, Messages.BAD_SIGNATURE.message);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest(Messages.VALIDATION_ERROR.code, Messages.VALIDATION_ERROR.message);
    }
    await this.repos.channels.queueEvent('meta', body, this.deps.clock.now());
    this.wake();
  }

  /** MSG91's delivery reports, guarded by the token its webhook URL carries. */
  async acceptMsg91(
    raw: Buffer,
    token: string | undefined,
    contentType: string | undefined,
  ): Promise<number> {
    if (!sameSecret(token, this.deps.config.MSG91_WEBHOOK_TOKEN)) {
      throw new AppError(401, Messages.BAD_SIGNATURE.code, Messages.BAD_SIGNATURE.message);
    }
    const reports = parseMsg91Reports(raw, contentType);
    if (reports.length > 0) {
      await this.repos.channels.queueEvent('msg91', reports, this.deps.clock.now());
      this.wake();
    }
    return reports.length;
  }

  /** Handles one batch of queued webhook bodies; resolves with how many were taken. */
  async drainOnce(): Promise<number> {
    return this.deps.data.transaction(async (repos) => {
      const events = await repos.channels.claimEvents(CHANNEL_EVENTS_BATCH, EVENT_ATTEMPTS);
      for (const event of events) {
        try {
          if (event.provider === 'meta') await this.metaEvent(event.payload);
          else if (event.provider === 'msg91') await this.msg91Event(event.payload);
          await repos.channels.eventDone(event.id);
        } catch (error) {
          // A body that cannot be handled (a sender that is no Indian mobile) is not retried.
          if (error instanceof AppError && error.statusCode < 500) {
            await repos.channels.eventDone(event.id);
            continue;
          }
          this.deps.log?.warn({ err: error, eventId: event.id }, 'webhook event failed');
          await repos.channels.eventFailed(
            event.id,
            error instanceof Error ? error.message : String(error),
            event.attempts + 1 >= EVENT_ATTEMPTS ? this.deps.clock.now() : null,
          );
        }
      }
      return events.length;
    });
  }

  private origin(): string {
    const { config } = this.deps;
    return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  }

  private async metaEvent(payload: unknown): Promise<void> {
    const { messages, statuses } = parseMetaWebhook(payload, this.deps.clock.now());
    for (const message of messages) {
      const number = message.from.replace(/^91(?=\d{10}$)/, '');
      await this.repos.channels.openWindow(number, message.at);
      await this.deps.messaging.handleInbound(
        'meta',
        { from: number, text: message.text, channel: 'whatsapp', message_id: message.id },
        this.origin(),
      );
    }
    for (const status of statuses) {
      await this.applyStatus(
        'meta',
        'whatsapp',
        status.id,
        status.status,
        status.at,
        status.errorCodes,
      );
    }
  }

  private async msg91Event(payload: unknown): Promise<void> {
    for (const report of payload as Msg91Report[]) {
      await this.applyStatus(
        'msg91',
        'sms',
        report.requestId,
        report.status,
        this.deps.clock.now(),
        [],
      );
    }
  }

  /**
   * A provider's report for a message we sent, once per (message, status), never moving it back.
   * A WhatsApp failure goes again: as the kind's template when Meta says the 24-hour window had
   * closed (131047), else by SMS (a programme message through the scheduler's failover).
   */
  private async applyStatus(
    provider: string,
    channel: 'sms' | 'whatsapp',
    providerMessageId: string,
    status: DeliveryStatus,
    at: Date,
    errorCodes: number[],
  ): Promise<void> {
    const { channels, messaging } = this.repos;
    const message = await channels.messageByProviderId(channel, providerMessageId);
    if (!message) return;
    const now = this.deps.clock.now();
    const first = await messaging.recordInbound({
      provider,
      kind: 'status',
      messageId: `${providerMessageId}:${status}`,
      userId: null,
      keyword: status,
      receivedAt: now,
    });
    if (!first) return;
    const changed = await channels.applyDeliveryStatus(message.id, status, at);
    if (status === 'sent' || !changed) return;
    if (status !== 'failed') {
      await messaging.applyStatus(message.id, status, now);
      return;
    }
    if (channel !== 'whatsapp') {
      await messaging.applyStatus(message.id, 'failed', now);
      return;
    }
    const { outbox } = this.deps;
    if (errorCodes.includes(OUTSIDE_WINDOW_ERROR) && message.kind && message.params) {
      await channels.closeWindow(message.recipient);
      const again = await outbox.enqueue({
        channel: 'whatsapp',
        to: message.recipient,
        userId: message.userId,
        text: '',
        kind: message.kind,
        params: message.params,
        language: message.language,
        ...(message.maxAttempts ? { maxAttempts: message.maxAttempts } : {}),
      });
      await channels.moveProgrammeSend(message.id, again);
      outbox.deliverSoon();
      return;
    }
    // A programme message has its own SMS failover (within 15 minutes, once).
    if (await messaging.applyStatus(message.id, 'failed', now)) return;
    if (!message.kind || message.kind === 'otp' || !message.params || !message.userId) return;
    const mobile = await channels.mobileOf(message.userId);
    if (!mobile) return;
    await outbox.enqueue({
      channel: 'sms',
      to: mobile,
      userId: message.userId,
      text: [message.params.title, message.params.text].filter(Boolean).join(': '),
      kind: message.kind,
      params: message.params,
      language: message.language,
    });
    outbox.deliverSoon();
  }

  /**
   * This IST month so far: each channel's messages handed to the provider, priced at what the
   * operator pays per message (SMS_PRICE_PAISE, WHATSAPP_PRICE_PAISE; push is free). An
   * estimate: WhatsApp's free text inside the 24-hour window costs nothing, and providers bill
   * on their own terms.
   */
  private async monthCosts(now: Date): Promise<ChannelFigures['month']> {
    const { config } = this.deps;
    const month = istDateString(now).slice(0, 7);
    const sent = await this.repos.channels.sentInMonth(month);
    const prices = { sms: config.SMS_PRICE_PAISE, whatsapp: config.WHATSAPP_PRICE_PAISE, push: 0 };
    const channels = (['sms', 'whatsapp', 'push'] as const).map((channel): ChannelCost => {
      const count = sent.find((row) => row.channel === channel)?.sent ?? 0;
      const estimatePaise = count * prices[channel];
      return {
        channel,
        sent: count,
        unit_price: paiseToRupees(prices[channel]),
        unit_price_paise: prices[channel],
        estimate: paiseToRupees(estimatePaise),
        estimate_paise: estimatePaise,
      };
    });
    const totalPaise = channels.reduce((sum, c) => sum + c.estimate_paise, 0);
    return { month, channels, total: paiseToRupees(totalPaise), total_paise: totalPaise };
  }

  /**
   * The console's view of the channels: per IST day and channel, what was sent, delivered, read,
   * failed or never sent (with the reasons), and the configuration problems in plain terms.
   */
  async figures(days: number): Promise<ChannelFigures> {
    const { config, clock } = this.deps;
    const now = clock.now();
    const from = addIstDays(istDateString(now), -(days - 1));
    const { channels } = this.repos;
    const [rows, reasons] = await Promise.all([
      channels.figuresByDay(from),
      channels.reasonsByDay(from),
    ]);
    const problems: ChannelFigures['problems'] = [];
    if (config.WHATSAPP_PROVIDER === 'meta') {
      if (!(await channels.webhookVerifiedAt('meta'))) {
        problems.push({ code: 'whatsapp_webhook_unverified', detail: null });
      }
      const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
      if ((await channels.missingTemplateFailures(since)) > 0) {
        problems.push({ code: 'whatsapp_template_missing', detail: null });
      }
    }
    if (config.SMS_PROVIDER === 'msg91') {
      const templates = msg91Templates(config, MESSAGE_KINDS);
      const missing = MESSAGE_KINDS.filter((kind) => !templates[kind]);
      if (missing.length > 0) {
        problems.push({
          code: 'sms_template_missing',
          detail: missing.map((kind) => `MSG91_TEMPLATE_${kind.toUpperCase()}`).join(', '),
        });
      }
    }
    if (!config.WEB_PUSH_SUBJECT) problems.push({ code: 'push_subject_unset', detail: null });
    return {
      providers: { sms: config.SMS_PROVIDER, whatsapp: config.WHATSAPP_PROVIDER },
      problems,
      month: await this.monthCosts(now),
      days: rows.map((row) => ({
        ...row,
        reasons: reasons
          .filter((r) => r.date === row.date && r.channel === row.channel)
          .map((r) => ({ reason: r.reason, count: r.count })),
      })),
    };
  }
}

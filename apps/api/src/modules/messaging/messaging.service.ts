import { createHash } from 'node:crypto';
import {
  deliveryStatusSchema,
  inboundMessageSchema,
  keywordOf,
  minutesOfDay,
  normaliseMobile,
  type MessagingPreferences,
  type MessagingPreferencesRequest,
} from '@exhale/contract/messaging';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import { signatureMatches, webhookSignature } from '../../providers/payments/signatures';
import { createCravingsService } from '../companion/cravings.module';
import type { Outbox } from '../outbox/outbox.service';
import { DEFAULT_SEND_MINUTE, type MessagingRepository } from './messaging.repository';
import { replyLanguage, replyText } from './replies';

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A uuid that is the same for the same provider message, so a replayed SLIP logs one slip. */
function slipClientId(provider: string, messageId: string): string {
  const hex = createHash('sha256').update(`programme-slip:${provider}:${messageId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `sha256=<hex>` as the gateways send it; the bare hex is accepted too. */
export function signatureFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return header.startsWith('sha256=') ? header.slice('sha256='.length) : header;
}

/** What the callbacks answered, for the route's message and the tests. */
export type CallbackOutcome = 'handled' | 'replay' | 'ignored';

/** What the preferences and callbacks read and write (messaging.module.ts builds them). */
export interface MessagingRepositories {
  messaging: Pick<
    MessagingRepository,
    | 'preferences'
    | 'contact'
    | 'savePreferences'
    | 'memberByNumber'
    | 'recordInbound'
    | 'setOptedOut'
    | 'applyStatus'
  >;
}

/**
 * A member's preferences and the gateways' callbacks (API.md "Messaging programme"). Every
 * member read and write is scoped to the caller; callbacks are trusted only with a valid
 * signature over the exact bytes received.
 */
export class MessagingService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<MessagingRepositories>;
      clock: Clock;
      outbox: Outbox;
      secret: string;
    },
  ) {}

  async preferences(userId: string): Promise<MessagingPreferences> {
    const repository = this.deps.data.repos.messaging;
    const [row, contact] = await Promise.all([
      repository.preferences(userId),
      repository.contact(userId),
    ]);
    return {
      channel: row?.channel ?? 'none',
      send_at: hhmm(row?.sendMinute ?? DEFAULT_SEND_MINUTE),
      language: (row?.language ?? 'en') as MessagingPreferences['language'],
      opted_out: row?.optedOut ?? false,
      whatsapp_available: Boolean(contact?.whatsappNo),
      sms_available: Boolean(contact?.mobile),
    };
  }

  async savePreferences(
    userId: string,
    body: MessagingPreferencesRequest,
  ): Promise<MessagingPreferences> {
    const repository = this.deps.data.repos.messaging;
    const contact = await repository.contact(userId);
    if (body.channel === 'whatsapp' && !contact?.whatsappNo) {
      throw new AppError(
        409,
        Messages.NO_VERIFIED_NUMBER.code,
        Messages.NO_VERIFIED_NUMBER.message,
      );
    }
    if (body.channel === 'sms' && !contact?.mobile) {
      throw new AppError(409, Messages.NO_MOBILE_NUMBER.code, Messages.NO_MOBILE_NUMBER.message);
    }
    await repository.savePreferences(
      userId,
      {
        channel: body.channel,
        sendMinute: minutesOfDay(body.send_at),
        language: body.language,
        optedOut: body.opted_out ?? false,
      },
      this.deps.clock.now(),
    );
    return this.preferences(userId);
  }

  /** Refuses anything whose signature does not cover these exact bytes, then parses them. */
  private verified(raw: Buffer, signatureHeader: string | undefined): unknown {
    const expected = webhookSignature(this.deps.secret, raw);
    if (!signatureMatches(expected, signatureFromHeader(signatureHeader))) {
      throw new AppError(401, Messages.BAD_SIGNATURE.code, Messages.BAD_SIGNATURE.message);
    }
    try {
      return JSON.parse(raw.toString('utf8')) as unknown;
    } catch {
      throw badRequest(Messages.VALIDATION_ERROR.code, Messages.VALIDATION_ERROR.message);
    }
  }

  /**
   * A member's reply (or anyone's: a number that matches no member gets the generic help and
   * nothing else). Handled once per provider message id.
   */
  async inbound(
    provider: string,
    raw: Buffer,
    signature: string | undefined,
    /** The public origin the /sos link of a coping reply points at. */
    origin: string,
  ): Promise<CallbackOutcome> {
    const parsed = inboundMessageSchema.safeParse(this.verified(raw, signature));
    if (!parsed.success)
      throw badRequest(Messages.VALIDATION_ERROR.code, Messages.VALIDATION_ERROR.message);
    const message = parsed.data;
    const now = this.deps.clock.now();
    const repository = this.deps.data.repos.messaging;
    const number = normaliseMobile(message.from);
    const member = /^\d{10}$/.test(number)
      ? await repository.memberByNumber(number, message.channel)
      : undefined;
    const keyword = keywordOf(message.text);
    const first = await repository.recordInbound({
      provider,
      kind: 'reply',
      messageId: message.message_id,
      userId: member?.id ?? null,
      keyword: member ? keyword : 'unknown',
      receivedAt: now,
    });
    if (!first) return 'replay';

    const send = (text: string) =>
      this.deps.outbox.enqueueAndDeliverSoon({
        channel: message.channel,
        to: member ? number : message.from,
        userId: member?.id ?? null,
        text,
      });
    const sos = `${origin}/sos`;

    if (!member) {
      await send(replyText(replyLanguage(undefined, message.text), 'help', sos));
      return 'handled';
    }
    const preferences = await repository.preferences(member.id);
    const language = replyLanguage(preferences?.language ?? undefined, message.text);

    if (keyword === 'stop') {
      // One confirmation: a second STOP changes nothing and is not answered.
      if (await repository.setOptedOut(member.id, true, now)) {
        await send(replyText(language, 'stop', sos));
      }
      return 'handled';
    }
    if (keyword === 'start') {
      await repository.setOptedOut(member.id, false, now);
      await send(replyText(language, 'start', sos));
      return 'handled';
    }
    // After STOP nothing more is sent, whatever the member writes, until START.
    if (preferences?.optedOut) return 'handled';

    if (keyword === 'slip') {
      await createCravingsService({ db: this.deps.db, clock: this.deps.clock }).create(member.id, {
        intensity: 3,
        trigger: 'other',
        outcome: 'slipped',
        units: 1,
        client_id: slipClientId(provider, message.message_id),
      });
    }
    await send(replyText(language, keyword === 'other' ? 'help' : keyword, sos));
    return 'handled';
  }

  /** A gateway's delivery report for a message we sent (its `message_id` is our outbox id). */
  async status(
    provider: string,
    raw: Buffer,
    signature: string | undefined,
  ): Promise<CallbackOutcome> {
    const parsed = deliveryStatusSchema.safeParse(this.verified(raw, signature));
    if (!parsed.success)
      throw badRequest(Messages.VALIDATION_ERROR.code, Messages.VALIDATION_ERROR.message);
    const { message_id: messageId, status } = parsed.data;
    const now = this.deps.clock.now();
    const repository = this.deps.data.repos.messaging;
    const first = await repository.recordInbound({
      provider,
      kind: 'status',
      messageId: `${messageId}:${status}`,
      userId: null,
      keyword: status,
      receivedAt: now,
    });
    if (!first) return 'replay';
    if (!isUuid(messageId)) return 'ignored';
    return (await repository.applyStatus(messageId, status, now)) ? 'handled' : 'ignored';
  }
}

import { createHash } from 'node:crypto';
import {
  deliveryStatusSchema,
  inboundMessageSchema,
  keywordOf,
  type InboundMessage,
  minutesOfDay,
  indianMobileNumber,
  type MessagingPreferences,
  type MessagingPreferencesRequest,
} from '@exhale/contract/messaging';
import { Messages } from '@exhale/contract/messages';
import { stripInvisibleCharacters } from '@exhale/contract/text';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import { signatureMatches, webhookSignature } from '../../providers/payments/signatures';
import { createCoachService } from '../coach/coach.module';
import { createCravingsService } from '../companion/cravings.module';
import type { Outbox } from '../outbox/outbox.service';
import { pushBrowserCount } from '../push/push.module';
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
      /** COACH_HOURS: what the coach support's acknowledgement says (default when absent). */
      coachHours?: string;
    },
  ) {}

  async preferences(userId: string): Promise<MessagingPreferences> {
    const repository = this.deps.data.repos.messaging;
    const [row, contact, browsers] = await Promise.all([
      repository.preferences(userId),
      repository.contact(userId),
      pushBrowserCount(this.deps.db, userId),
    ]);
    return {
      channel: row?.channel ?? 'none',
      send_at: hhmm(row?.sendMinute ?? DEFAULT_SEND_MINUTE),
      language: (row?.language ?? 'en') as MessagingPreferences['language'],
      opted_out: row?.optedOut ?? false,
      whatsapp_available: Boolean(contact?.whatsappNo),
      sms_available: Boolean(contact?.mobile && contact.mobileVerifiedAt),
      mobile: contact?.mobile ?? null,
      mobile_verified: Boolean(contact?.mobile && contact.mobileVerifiedAt),
      push_available: browsers > 0,
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
    if (body.channel === 'push' && (await pushBrowserCount(this.deps.db, userId)) === 0) {
      throw new AppError(
        409,
        Messages.NO_PUSH_SUBSCRIPTION.code,
        Messages.NO_PUSH_SUBSCRIPTION.message,
      );
    }
    if (body.channel === 'sms' && !contact?.mobile) {
      throw new AppError(409, Messages.NO_MOBILE_NUMBER.code, Messages.NO_MOBILE_NUMBER.message);
    }
    // SMS goes only to a number a code sent to it proved (decision 078).
    if (body.channel === 'sms' && !contact?.mobileVerifiedAt) {
      throw new AppError(
        409,
        Messages.NO_VERIFIED_NUMBER.code,
        Messages.MOBILE_NOT_VERIFIED.message,
      );
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
   * A member's reply, handled once per provider message id. A `from` that is not an Indian mobile
   * number is a 400 and nothing is recorded; a number that matches no member gets no reply at all
   * (nothing is sent to a stranger).
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
    return this.handleInbound(provider, parsed.data, origin);
  }

  /**
   * A member's reply through today's keyword rules, whichever provider it came from (the signed
   * gateway callback above, or Meta's webhook through the worker). Handled once per message id.
   */
  async handleInbound(
    provider: string,
    message: InboundMessage,
    /** The public origin the /sos link of a coping reply points at. */
    origin: string,
  ): Promise<CallbackOutcome> {
    const number = indianMobileNumber(message.from);
    if (number === null) {
      throw badRequest(Messages.VALIDATION_ERROR.code, Messages.VALIDATION_ERROR.message, [
        { path: 'from', message: 'from must be an Indian mobile number.' },
      ]);
    }
    const now = this.deps.clock.now();
    const repository = this.deps.data.repos.messaging;
    const member = await repository.memberByNumber(number, message.channel);
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

    // A stranger gets nothing back: a reply costs money and would spam whoever owns the number.
    if (!member) return 'handled';

    const send = (text: string, language: string) =>
      this.deps.outbox.enqueueAndDeliverSoon({
        channel: message.channel,
        to: number,
        userId: member.id,
        text,
        kind: 'reply',
        params: { text },
        language,
      });
    const sos = `${origin}/sos`;

    const preferences = await repository.preferences(member.id);
    const language = replyLanguage(preferences?.language ?? undefined, message.text);

    if (keyword === 'stop') {
      // One confirmation: a second STOP changes nothing and is not answered.
      if (await repository.setOptedOut(member.id, true, now)) {
        await send(replyText(language, 'stop', sos), language);
      }
      return 'handled';
    }
    if (keyword === 'start') {
      await repository.setOptedOut(member.id, false, now);
      await send(replyText(language, 'start', sos), language);
      return 'handled';
    }
    // Free text is for a person: it joins the member's coach conversation instead of getting the
    // help reply. After STOP only a crisis reply goes back on the channel (coach.service.ts).
    if (keyword === 'other') {
      // An empty text (a sticker, a photo through a text-only gateway) has nothing for a coach.
      const text = stripInvisibleCharacters(message.text).trim();
      if (text === '') return 'handled';
      await createCoachService({
        db: this.deps.db,
        clock: this.deps.clock,
        outbox: this.deps.outbox,
        coachHours: this.deps.coachHours,
      }).receive({
        userId: member.id,
        text,
        channel: message.channel,
        language,
        replyTo: {
          channel: message.channel,
          number,
          quiet: Boolean(preferences?.optedOut),
        },
      });
      return 'handled';
    }
    // After STOP nothing more is sent, whatever the member writes, until START.
    if (preferences?.optedOut) return 'handled';

    if (keyword === 'slip') {
      await createCravingsService({ db: this.deps.db, clock: this.deps.clock }).logMessageSlip(
        member.id,
        slipClientId(provider, message.message_id),
      );
    }
    await send(replyText(language, keyword, sos), language);
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

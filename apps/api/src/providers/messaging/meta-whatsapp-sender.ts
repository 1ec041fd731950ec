import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageKind, MessageParams } from './message-kinds';
import type { MessageSender, OutgoingMessage, SendResult } from './messaging';

/** WhatsApp takes free text only this long after the member's last message to us. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Meta's error for free text sent outside the 24-hour window ("re-engagement message"). */
export const OUTSIDE_WINDOW_ERROR = 131047;

/**
 * The approved template for each kind (docs/whatsapp-templates.md lists their texts) and the
 * order of its body parameters, {{1}}, {{2}}, …
 */
export const WHATSAPP_TEMPLATES: Record<MessageKind, { name: string; body: readonly string[] }> = {
  otp: { name: 'exhale_otp', body: ['code'] },
  programme: { name: 'exhale_programme', body: ['day', 'text'] },
  reply: { name: 'exhale_reply', body: ['text'] },
  milestone: { name: 'exhale_milestone', body: ['title', 'text'] },
  checkin_reminder: { name: 'exhale_checkin_reminder', body: ['title', 'text'] },
  reminder: { name: 'exhale_reminder', body: ['title', 'text'] },
  follow_up: { name: 'exhale_follow_up', body: ['title', 'text'] },
  payment: { name: 'exhale_payment', body: ['title', 'text'] },
  refund: { name: 'exhale_refund', body: ['title', 'text'] },
  notice: { name: 'exhale_notice', body: ['title', 'text'] },
  test: { name: 'exhale_test', body: ['text'] },
  coach_reply: { name: 'exhale_coach_reply', body: ['name', 'link'] },
};

/** Meta's language codes for the six languages (a template is registered once per language). */
const LANGUAGE_CODES: Record<string, string> = {
  en: 'en',
  hi: 'hi',
  mr: 'mr',
  ta: 'ta',
  te: 'te',
  bn: 'bn',
};

/** `91` and the 10-digit number, as the Cloud API wants `to`. */
export function withCountryCode(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

/**
 * A template parameter may hold no newline or tab and no more than four spaces in a row (Meta
 * refuses the send otherwise), so a multi-line text becomes one line.
 */
function parameterText(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, 1024) || '-';
}

/** The `template` object for a kind: name, language and body parameters (and the OTP's button). */
export function templateFor(
  kind: MessageKind,
  params: MessageParams,
  language: string | null,
): Record<string, unknown> {
  const template = WHATSAPP_TEMPLATES[kind];
  const parameters = template.body.map((key) => ({
    type: 'text',
    text: parameterText(params[key] ?? ''),
  }));
  const components: Record<string, unknown>[] = [{ type: 'body', parameters }];
  // An authentication template has a copy-code button that carries the code too.
  if (kind === 'otp') {
    components.push({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: params.code ?? '' }],
    });
  }
  return {
    name: template.name,
    language: { code: LANGUAGE_CODES[language ?? 'en'] ?? 'en' },
    components,
  };
}

/** An error the Graph API answered, with Meta's code so a caller can tell what to do. */
export class MetaSendError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    detail: string,
    /** A 4xx (but 429) is the request itself: sending it again changes nothing. */
    readonly permanent = status >= 400 && status < 500 && status !== 429,
  ) {
    super(`whatsapp (meta) answered ${status}${code ? ` error ${code}` : ''}: ${detail}`);
    this.name = 'MetaSendError';
  }
}

interface GraphAnswer {
  messages?: { id?: string }[];
  error?: { code?: number; message?: string };
}

/**
 * The WhatsApp Business Cloud API: `POST {graph}/{phone number id}/messages` with a bearer token.
 * Free text inside the 24-hour window after the member's last message to us, the kind's
 * approved template otherwise (a sign-in code always goes as its authentication template).
 */
export class MetaWhatsAppSender implements MessageSender {
  readonly name = 'meta';

  constructor(
    private readonly options: {
      graphUrl: string;
      phoneNumberId: string;
      accessToken: string;
      /** When this number last wrote to us on WhatsApp (null: never, or the window closed). */
      lastInboundAt: (number: string) => Promise<Date | null>;
      now: () => Date;
      timeoutMs?: number;
    },
  ) {}

  async send(message: OutgoingMessage): Promise<SendResult> {
    const kind: MessageKind = message.kind ?? 'notice';
    const params: MessageParams = message.params ?? { title: 'Exhale', text: message.text };
    const last = kind === 'otp' ? null : await this.options.lastInboundAt(message.to);
    const inWindow =
      last !== null && this.options.now().getTime() - last.getTime() < WHATSAPP_WINDOW_MS;
    const to = withCountryCode(message.to);
    if (inWindow && message.text) {
      try {
        return await this.post({
          to,
          type: 'text',
          text: { preview_url: false, body: message.text },
        });
      } catch (error) {
        // Our record of the window was wrong (Meta's clock decides): the template goes instead.
        if (!(error instanceof MetaSendError) || error.code !== OUTSIDE_WINDOW_ERROR) throw error;
      }
    }
    return this.post({
      to,
      type: 'template',
      template: templateFor(kind, params, message.language),
    });
  }

  private async post(body: Record<string, unknown>): Promise<SendResult> {
    const base = this.options.graphUrl.replace(/\/+$/, '');
    const response = await fetch(`${base}/${this.options.phoneNumberId}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.options.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        ...body,
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as GraphAnswer;
    if (!response.ok || answer.error) {
      throw new MetaSendError(
        response.status,
        answer.error?.code,
        (answer.error?.message ?? 'no error message').slice(0, 200),
      );
    }
    const id = answer.messages?.[0]?.id;
    if (!id) throw new MetaSendError(response.status, undefined, 'no message id in the answer');
    return { providerMessageId: id };
  }
}

/** `X-Hub-Signature-256: sha256=<hex>` over the raw body with the app secret, compared in constant time. */
export function metaSignatureMatches(
  appSecret: string,
  raw: Buffer,
  header: string | undefined,
): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One member message from Meta's webhook, normalised. */
export interface MetaInbound {
  /** The sender's number as Meta writes it (`91…`). */
  from: string;
  id: string;
  at: Date;
  text: string;
}

/** One status event from Meta's webhook, normalised. */
export interface MetaStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  errorCodes: number[];
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

function asArray(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    : [];
}

function timeOf(value: unknown, fallback: Date): Date {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : fallback;
}

/**
 * Meta's webhook body (`entry[].changes[].value.messages[]` and `.statuses[]`) as the messages
 * and statuses it carries; anything else in it (contacts, other fields) is left alone.
 */
export function parseMetaWebhook(
  body: unknown,
  receivedAt: Date,
): { messages: MetaInbound[]; statuses: MetaStatus[] } {
  const messages: MetaInbound[] = [];
  const statuses: MetaStatus[] = [];
  const root = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  for (const entry of asArray(root.entry)) {
    for (const change of asArray(entry.changes)) {
      const value = (change.value ?? {}) as Record<string, unknown>;
      for (const m of asArray(value.messages)) {
        if (typeof m.from !== 'string' || typeof m.id !== 'string') continue;
        const text =
          (m.text as { body?: unknown } | undefined)?.body ??
          (m.button as { text?: unknown } | undefined)?.text ??
          (m.interactive as { button_reply?: { title?: unknown } } | undefined)?.button_reply
            ?.title ??
          '';
        messages.push({
          from: m.from,
          id: m.id,
          at: timeOf(m.timestamp, receivedAt),
          text: typeof text === 'string' ? text.slice(0, 2000) : '',
        });
      }
      for (const s of asArray(value.statuses)) {
        if (typeof s.id !== 'string' || typeof s.status !== 'string' || !STATUSES.has(s.status)) {
          continue;
        }
        statuses.push({
          id: s.id,
          status: s.status as MetaStatus['status'],
          at: timeOf(s.timestamp, receivedAt),
          errorCodes: asArray(s.errors)
            .map((e) => Number(e.code))
            .filter(Number.isFinite),
        });
      }
    }
  }
  return { messages, statuses };
}

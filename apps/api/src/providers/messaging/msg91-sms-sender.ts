import type { MessageKind, MessageParams } from './message-kinds';
import {
  NotSentError,
  type MessageSender,
  type OutgoingMessage,
  type SendResult,
} from './messaging';
import { withCountryCode } from './meta-whatsapp-sender';

/** Why a kind is not sent by SMS when it has no template (the console shows it). */
export const NO_DLT_TEMPLATE = 'no DLT template';

/**
 * The Flow variables of each kind (docs/sms-templates.md): the names the MSG91 template's
 * `##name##` slots, bound to the DLT template's `{#var#}`, must carry.
 */
export const SMS_VARIABLES: Record<MessageKind, readonly string[]> = {
  otp: ['otp'],
  programme: ['day', 'text'],
  reply: ['text'],
  milestone: ['title', 'text'],
  checkin_reminder: ['title', 'text'],
  reminder: ['title', 'text'],
  follow_up: ['title', 'text'],
  payment: ['title', 'text'],
  refund: ['title', 'text'],
  notice: ['title', 'text'],
  test: ['text'],
  coach_reply: ['name', 'link'],
};

/** A kind's variables from its parameters: the code is `otp`, the others keep their names. */
export function smsVariables(kind: MessageKind, params: MessageParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of SMS_VARIABLES[kind]) {
    const value = name === 'otp' ? params.code : params[name];
    values[name] = (value ?? '').replace(/\s+/g, ' ').trim();
  }
  return values;
}

export class Msg91SendError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly permanent = status >= 400 && status < 500 && status !== 429,
  ) {
    super(`sms (msg91) answered ${status}: ${detail}`);
    this.name = 'Msg91SendError';
  }
}

/**
 * MSG91's Flow API over DLT: `POST {api}/api/v5/flow/` with the `authkey` header and
 * `{template_id, recipients: [{mobiles, …variables}]}`. Indian carriers drop any SMS whose text
 * matches no registered template, so a kind without a template id is not sent at all.
 */
export class Msg91SmsSender implements MessageSender {
  readonly name = 'msg91';

  constructor(
    private readonly options: {
      apiUrl: string;
      authKey: string;
      /** The MSG91 template id per kind (MSG91_TEMPLATE_<KIND>). */
      templates: Partial<Record<MessageKind, string>>;
      timeoutMs?: number;
    },
  ) {}

  async send(message: OutgoingMessage): Promise<SendResult> {
    const templateId = message.kind ? this.options.templates[message.kind] : undefined;
    if (!message.kind || !templateId) throw new NotSentError(NO_DLT_TEMPLATE);
    const params = message.params ?? { text: message.text };
    const base = this.options.apiUrl.replace(/\/+$/, '');
    const response = await fetch(`${base}/api/v5/flow/`, {
      method: 'POST',
      headers: {
        authkey: this.options.authKey,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        template_id: templateId,
        recipients: [
          { mobiles: withCountryCode(message.to), ...smsVariables(message.kind, params) },
        ],
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      type?: string;
      message?: string;
    };
    // MSG91 answers some refusals with 200 and `type: "error"` (a balance run out, a template
    // not yet approved): the outbox retries those, as it does a 5xx or 429.
    if (!response.ok || answer.type !== 'success' || !answer.message) {
      throw new Msg91SendError(
        response.status,
        String(answer.message ?? 'no answer').slice(0, 200),
      );
    }
    // The request id: what MSG91's delivery reports name.
    return { providerMessageId: answer.message };
  }
}

/** The templates configured, by kind, from MSG91_TEMPLATE_<KIND>. */
export function msg91Templates(
  config: Record<string, unknown>,
  kinds: readonly MessageKind[],
): Partial<Record<MessageKind, string>> {
  const templates: Partial<Record<MessageKind, string>> = {};
  for (const kind of kinds) {
    const value = config[`MSG91_TEMPLATE_${kind.toUpperCase()}`];
    if (typeof value === 'string' && value) templates[kind] = value;
  }
  return templates;
}

/** One delivery report, normalised. */
export interface Msg91Report {
  requestId: string;
  status: 'delivered' | 'failed';
  /** MSG91's own word for it (DELIVERED, FAILED, NDNC, REJECTED, BLOCKED…). */
  description: string;
}

/** MSG91's report codes: 1 delivered; 2 failed, 9 NDNC, 16 and 25 rejected, 17 blocked. */
function statusOf(code: unknown): Msg91Report['status'] | undefined {
  const value = String(code ?? '')
    .trim()
    .toLowerCase();
  if (value === '1' || value === 'delivered') return 'delivered';
  if (['2', '9', '16', '17', '25', 'failed', 'rejected', 'ndnc', 'blocked'].includes(value)) {
    return 'failed';
  }
  return undefined;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * MSG91's delivery reports in the shapes its webhooks send: v2 (form-encoded or JSON
 * `{data: "<JSON array of {requestId, report: [{number, status, desc}]}>"}`), v3 (one flat
 * `{requestId, number, status, desc}`), and the newer webhook's `{requestId, status, telNum}`.
 * Reports still in progress (queued, sent to the carrier) are left out.
 */
export function parseMsg91Reports(raw: Buffer, contentType: string | undefined): Msg91Report[] {
  const text = raw.toString('utf8');
  let body: unknown = contentType?.includes('application/x-www-form-urlencoded')
    ? Object.fromEntries(new URLSearchParams(text))
    : parsedJson(text);
  if (body && typeof body === 'object' && 'data' in body && typeof body.data === 'string') {
    body = parsedJson(body.data);
  }
  const items = (Array.isArray(body) ? body : [body]).filter(
    (v): v is Record<string, unknown> => typeof v === 'object' && v !== null,
  );
  const reports: Msg91Report[] = [];
  for (const item of items) {
    const requestId = item.requestId ?? item.request_id;
    if (typeof requestId !== 'string' || !requestId) continue;
    const rows = Array.isArray(item.report) ? (item.report as Record<string, unknown>[]) : [item];
    for (const row of rows) {
      const status = statusOf(row.status);
      if (!status) continue;
      reports.push({
        requestId,
        status,
        description: String(row.desc ?? row.description ?? row.failureReason ?? row.status),
      });
    }
  }
  return reports;
}

import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/**
 * What the logs may carry (decision 038): ids, kinds, statuses and timings, never a secret
 * (tokens, codes, passwords, signed links) nor a member's personal data (email, mobile, name).
 * Code logs ids on purpose; the redaction below is the safety net for what slips through.
 */

/**
 * Query parameters whose values are secrets or personal data (the console's searches `q` find
 * members by email, mobile or name): their values never reach a log. A namespaced or prefixed
 * key counts by its last word, so Meta's webhook handshake `hub.verify_token` (the
 * WHATSAPP_VERIFY_TOKEN itself) is hidden as `token` is.
 */
const SENSITIVE_QUERY_KEY =
  /(?:^|[._-])(token|access_token|id_token|refresh_token|code|otp|password|pass|secret|key|sig|signature|exp|auth|authkey|authorization|credential|session|sid|email|mobile|phone|to|recipient|name|q|search)$/i;

export const REDACTED = '[redacted]';

/** The URL as logged: the path as it is, each sensitive query value replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq === -1 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replaceAll('+', ' '));
      } catch {
        // A key that does not decode is compared as it is.
      }
      return eq !== -1 && SENSITIVE_QUERY_KEY.test(key) ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark + 1)}${query}`;
}

/**
 * Field names that hold a secret or personal data wherever they appear in a logged object (top
 * level or one level down, e.g. `{ user: { email } }`). `err.params` and `err.detail` are a
 * failed query's bound values and PostgreSQL's "Key (email)=(…)" explanation.
 */
const SENSITIVE_FIELDS = [
  'password',
  'newPassword',
  'new_password',
  'otp',
  'token',
  'email',
  'mobile',
  'phone',
  'to',
  'recipient',
  'subject',
  'text',
  'html',
  'fullName',
  'full_name',
  'firstName',
  'first_name',
  'lastName',
  'last_name',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'err.params',
  'err.detail',
  ...SENSITIVE_FIELDS,
  ...SENSITIVE_FIELDS.map((field) => `*.${field}`),
];

/** Drizzle's "Failed query: …\nparams: …" keeps the bound values (emails, hashes) in the message. */
function withoutQueryParams(text: unknown): unknown {
  return typeof text === 'string'
    ? text.replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`)
    : text;
}

function serializeError(error: Error): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  return {
    ...serialized,
    message: withoutQueryParams(serialized.message),
    stack: withoutQueryParams(serialized.stack),
  };
}

/** Fastify's request serializer with the query string's secrets taken out. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** The API's logger settings; `stream` lets a test read what would be written. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: serializeRequest as never,
      err: serializeError,
    },
    ...(stream ? { stream } : {}),
  };
}

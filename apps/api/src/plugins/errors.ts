import { GeneralMessages } from '@exhale/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  INTERNAL_ERROR_MESSAGE,
  RATE_LIMITED_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../lib/app-error';
import { shownValidationMessage } from '../lib/validation';

/**
 * Connection-level failures from node-postgres mean "database unreachable", not a bug: the socket
 * errors, SQLSTATE class 08 (connection exception), 57P01-57P03 (the server shutting down, crashed
 * and restarting, or still starting) and 53300 (no connection slot left); plus the pool's own
 * timeouts: no connection within `connectionTimeoutMillis`, no answer within `query_timeout`, and a
 * client whose connection broke while it was lent out ('not queryable').
 * A database too slow or too busy to answer in time counts the same: 57014 (cancelled by
 * `statement_timeout`) and 55P03 (gave up waiting for a lock, `lock_timeout`), see db/client.ts.
 */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '55P03',
]);

function isDatabaseDown(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own; the reason sits in `cause`.
  for (let e = error as DriverError | undefined, depth = 0; e && depth < 5; depth += 1) {
    if (e.code && DATABASE_DOWN_CODES.has(e.code)) return true;
    if (
      /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable/i.test(
        e.message ?? '',
      )
    ) {
      return true;
    }
    e = e.cause as DriverError | undefined;
  }
  return false;
}

type DriverError = { code?: string; message?: string; cause?: unknown };

/** Field errors listed in a 400 at most. */
const MAX_FIELD_ERRORS = 20;

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** One error handler for the whole API: every failure leaves in the contract's shape. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        success: false,
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        success: false,
        message: shownValidationMessage(errors),
        code: 'VALIDATION_ERROR',
        // The first few are enough to fix a form; all of them let a small body of wrong items
        // buy a response of megabytes.
        errors: errors.slice(0, MAX_FIELD_ERRORS),
      });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        success: false,
        message: status === 429 ? RATE_LIMITED_MESSAGE : error.message,
        code: STATUS_CODES[status] ?? error.code ?? 'BAD_REQUEST',
      });
    }

    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        success: false,
        message: UNAVAILABLE_MESSAGE,
        code: GeneralMessages.SERVICE_UNAVAILABLE.code,
      });
    }

    // Internals stay in the log, keyed by the request id the client also sees.
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (/dashboard, /blog/42, ...) are the web app's: send its shell.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      // A missing upload must not answer an <img> with the app's HTML shell.
      !request.url.startsWith('/media/');
    if (isPage && app.spaIndexAvailable) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return reply.status(404).send({
      success: false,
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    });
  });
});

import { GeneralMessages } from '@exhale/contract/messages';

/**
 * The one error type services throw. The error handler turns it into the
 * contract's body `{ success: false, message, code, errors? }`.
 */
export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const INTERNAL_ERROR_MESSAGE = GeneralMessages.INTERNAL_ERROR.message;
export const UNAVAILABLE_MESSAGE = GeneralMessages.SERVICE_UNAVAILABLE.message;

// Every helper takes its arguments in AppError's order: the code, then the message, then extras.
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const unauthorized = (code = 'UNAUTHORIZED', message = 'Please Login') =>
  new AppError(401, code, message);
/** The token's session was revoked (logout, password change, deletion) or has expired. */
export const sessionRevoked = () =>
  unauthorized('SESSION_REVOKED', 'Session expired, please log in again');
export const forbidden = (code = 'FORBIDDEN', message = 'You do not have access to this.') =>
  new AppError(403, code, message);
export const badRequest = (code: string, message: string, errors?: FieldError[]) =>
  new AppError(400, code, message, errors);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
/** 429 with the Retry-After header the contract promises on every rate limit. */
export const tooManyRequests = (code: string, message: string, retryAfterSeconds: number) =>
  new AppError(429, code, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
/** The catalogue's one "too many requests" answer, for every counter a client can run out of. */
export const RATE_LIMITED_MESSAGE = GeneralMessages.RATE_LIMITED.message;
export const rateLimited = (retryAfterSeconds: number) =>
  tooManyRequests(GeneralMessages.RATE_LIMITED.code, RATE_LIMITED_MESSAGE, retryAfterSeconds);

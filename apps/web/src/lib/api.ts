import createClient, { type Middleware } from 'openapi-fetch';
import type { ParseKeys } from 'i18next';
import { Messages, otpAttemptsLeftFrom } from '@exhale/contract/messages';
import type { paths } from './api-schema';
import { currentLanguage, i18n } from './i18n';
import { translateMessage } from './messages';
import { getBearerToken } from './storage';
import { notify } from './toast';

/**
 * Adds the stored credential to every request (spec §6). A request that already carries an
 * Authorization header keeps it: account deletion authenticates with the token from its link.
 */
export const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getBearerToken();
    if (token && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
};

/**
 * Tells the API the UI language on every call (decision 065): a sign-up starts the account in it,
 * and texts sent in answer to a request (a WhatsApp code) are written in it.
 */
export const languageMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept-Language', currentLanguage());
    return request;
  },
};

/** The API's failure body (API.md "Conventions"); `status` is added by `unwrap`. */
export interface ApiErrorBody {
  success: false;
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
  status?: number;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    (value as { success?: unknown }).success === false
  );
}

/**
 * In the server render (entry-server.tsx) there is no page origin: the API that renders a page
 * answers that page's requests itself, in-process, through this function (decision 062).
 */
let serverFetch: ((request: Request) => Promise<Response>) | undefined;
export function setServerFetch(fetcher: typeof serverFetch): void {
  serverFetch = fetcher;
}
const serverOptions = import.meta.env.SSR
  ? {
      baseUrl: 'http://server-render.invalid',
      fetch: (request: Request) =>
        serverFetch ? serverFetch(request) : Promise.reject(new Error('no API in this render')),
    }
  : {};

export function createApiClient(options: { baseUrl?: string; fetch?: typeof fetch } = {}) {
  // The generated paths already carry the '/api' prefix (the OpenAPI document's server is '/'),
  // so requests go to '/api/...' on the page's own origin.
  const client = createClient<paths>({ baseUrl: '', ...serverOptions, ...options });
  client.use(authMiddleware, languageMiddleware);
  return client;
}

export const api = createApiClient();

interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The body of a successful call, or a throw: the API's failure body (with the HTTP status added)
 * when it sent one, else an Error. What `handleApiError` expects, so mutations can simply throw.
 */
export function unwrap<R extends FetchResult>(result: R): NonNullable<R['data']> {
  const { data, error, response } = result;
  if (response.ok && data !== undefined && data !== null) return data as NonNullable<R['data']>;
  if (isApiErrorBody(error)) throw { ...error, status: response.status } satisfies ApiErrorBody;
  throw new Error(`HTTP ${response.status} from ${response.url}`);
}

/** The HTTP status of a failed call, when the API answered. */
export function errorStatus(error: unknown): number | undefined {
  return isApiErrorBody(error) ? error.status : undefined;
}

/** A shared text's key, or a page namespace's own as 'namespace:key' ('landing:simulation.failed'). */
export type TranslationKey = ParseKeys<
  ['translation', 'landing', 'legal', 'marketing', 'help-center', 'companion', 'coach']
>;

/**
 * The text to show for a failed call: the catalogue's wording for the server's error code when
 * there is one (so Hindi readers get Hindi), else the server's own message (translated when it is
 * catalogue text), else the fallback.
 */
export function apiErrorMessage(error: unknown, fallbackKey: TranslationKey): string {
  if (isApiErrorBody(error)) {
    const codeKey = `errors.${error.code ?? ''}`;
    const text =
      error.code && i18n.exists(codeKey)
        ? i18n.t(codeKey as TranslationKey)
        : error.message.trim() !== ''
          ? translateMessage(error.message)
          : undefined;
    const left = otpAttemptsLeft(error);
    if (text !== undefined) {
      return left === undefined ? text : `${text} ${i18n.t('otp.attemptsLeft', { count: left })}`;
    }
  }
  return i18n.t(fallbackKey);
}

/** A wrong sign-in code's tries left, from the `otp` field of the API's INVALID_OTP answer. */
function otpAttemptsLeft(error: ApiErrorBody): number | undefined {
  if (error.code !== Messages.INVALID_OTP.code) return undefined;
  const field = error.errors?.find((e) => e.path === 'otp');
  return field ? otpAttemptsLeftFrom(field.message) : undefined;
}

/** Toasts what went wrong and returns the text shown, for callers that also render it inline. */
export function handleApiError(error: unknown, fallbackKey: TranslationKey): string {
  if (!isApiErrorBody(error)) console.error(error);
  const message = apiErrorMessage(error, fallbackKey);
  notify.error(message);
  return message;
}

import type { z } from 'zod';
import { classifyLoginIdentifier, normaliseLoginIdentifier } from '@exhale/contract/auth';
import { Messages } from '@exhale/contract/messages';
import { toastValidationMessages } from '../../lib/form-errors';

/**
 * The email-or-mobile field as the request needs it (spec §5: spaces removed, lowercased, email
 * when it looks like one), with any other fields, checked with the request's own contract schema.
 * Toasts what is wrong and returns null when the request should not be sent.
 */
export function checkedLoginBody<T>(
  raw: string,
  schema: z.ZodType<T>,
  extra: Record<string, unknown> = {},
): T | null {
  const value = normaliseLoginIdentifier(raw);
  if (value === '') {
    toastValidationMessages([Messages.LOGIN_IDENTIFIER_REQUIRED.message]);
    return null;
  }
  const parsed = schema.safeParse({ ...classifyLoginIdentifier(value), ...extra });
  if (parsed.success) return parsed.data;
  // One message is enough: the form has one or two fields.
  toastValidationMessages([parsed.error.issues[0]?.message]);
  return null;
}

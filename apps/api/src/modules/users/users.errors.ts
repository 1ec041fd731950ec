import { Messages } from '@exhale/contract/messages';
import { conflict, type AppError } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/pg-errors';

/**
 * The contract's 409 for a write that hit a unique index on users. The index decides, not a read
 * before the write, so two requests racing for one address cannot both succeed.
 */
export function userConflict(error: unknown): AppError | undefined {
  const index = uniqueViolation(error);
  if (index === 'users_email_key') return conflict('EMAIL_TAKEN', Messages.EMAIL_TAKEN.message);
  if (index === 'users_mobile_key') return conflict('MOBILE_TAKEN', Messages.MOBILE_TAKEN.message);
  return undefined;
}

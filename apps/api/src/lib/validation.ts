import { Messages, isCatalogueMessage } from '@exhale/contract/messages';
import type { z } from 'zod';
import { AppError, type FieldError } from './app-error';

/**
 * The text a 400 shows: the first issue worded by the product (spec or catalogue). Zod's own
 * English ("Invalid input: expected string") is for developers, so it stays in `errors` and the
 * user sees 'Please Check Inputs' instead.
 */
export function shownValidationMessage(errors: readonly FieldError[]): string {
  return (
    errors.find((e) => isCatalogueMessage(e.message))?.message ?? Messages.VALIDATION_ERROR.message
  );
}

export function validationError(errors: FieldError[]): AppError {
  return new AppError(400, 'VALIDATION_ERROR', shownValidationMessage(errors), errors);
}

/**
 * Parses input that did not come through a route schema (multipart fields) and fails exactly
 * like a schema-validated body would.
 */
export function parseInput<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  );
}

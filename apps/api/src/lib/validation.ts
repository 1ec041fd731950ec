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

/**
 * NUL, and UTF-16 surrogates without their pair: PostgreSQL refuses NUL in text and jsonb and
 * lone surrogates in jsonb (the audit log), and neither is text a person typed.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The dotted path of the first string in `value` (at any depth of plain objects and arrays) that
 * the database cannot store, or undefined. Walks with a stack, not recursion: input may be deep.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (current !== null && typeof current === 'object' && isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        stack.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The 400 for text the database cannot store (see `unstorableTextPath`). */
export function unstorableTextError(path: string): AppError {
  return validationError([{ path, message: 'Text must not contain NUL or unpaired surrogates.' }]);
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
  if (result.success) {
    const unstorable = unstorableTextPath(result.data);
    if (unstorable !== undefined) throw unstorableTextError(unstorable);
    return result.data;
  }
  throw validationError(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  );
}

// The response envelope of API.md "Conventions". Every route serialises through these schemas, so a
// handler cannot forget `success` or leak a field the contract does not name (unknown keys are
// dropped by zod objects).
import { z } from 'zod';
import { Messages, isCatalogueMessage } from './messages';

/** One failed field: `path` is the dotted location in the request ('' for the whole body). */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{ success: true, message? }` for endpoints that return no data. */
export const messageEnvelopeSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});

/**
 * `{ success: true, message?, data }` plus any extra top-level fields the contract names beside
 * `data` (e.g. `token`, `step`, `total_days`).
 */
export function successEnvelope<
  T extends z.ZodType,
  E extends z.core.$ZodLooseShape = Record<never, never>,
>(dataSchema: T, extra?: E) {
  return messageEnvelopeSchema.extend({ data: dataSchema }).extend((extra ?? {}) as E);
}

/** Builds an error body from a catalogue entry, so the code and text always travel together. */
export function errorBody(
  entry: { readonly code: string; readonly message: string },
  errors?: FieldError[],
): ErrorBody {
  return errors === undefined
    ? { success: false, code: entry.code, message: entry.message }
    : { success: false, code: entry.code, message: entry.message, errors };
}

/** Flattens zod issues to the contract's `{ path, message }` list. */
export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * The 400 body for a request that failed its schema. Its `message` is the first issue whose text
 * comes from the catalogue (the spec's wording, shown as a toast); zod's own English ("Invalid
 * input: expected string") is for developers, so it stays in `errors` and the toast falls back to
 * 'Please Check Inputs'.
 */
export function validationErrorBody(error: z.ZodError): ErrorBody {
  const errors = fieldErrorsFromZod(error);
  const shown = errors.find((e) => isCatalogueMessage(e.message));
  return {
    success: false,
    code: Messages.VALIDATION_ERROR.code,
    message: shown?.message ?? Messages.VALIDATION_ERROR.message,
    errors,
  };
}

// The building blocks of the console's schemas (admin.ts): operator-facing field rules, paging
// and the people a row names. Texts are plain English for operators.
import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { EXERCISE_ROUTE_PATTERN } from '../programme';

export const rupeesOut = z.number();
export const paiseOut = z.number().int();
export const isoOut = z.iso.datetime();

export const text = (max: number, label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** A rupee amount typed by an operator: 0 or more, at most 2 decimals, below ₹1 crore. */
export const rupeesInputSchema = z
  .number({ error: 'Enter an amount in rupees.' })
  .finite()
  .min(0, { error: 'The amount cannot be negative.' })
  .max(10_000_000, { error: 'The amount is too large.' })
  .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), {
    error: 'Use at most 2 decimals.',
  });

export const adminRouteSchema = z
  .string({ error: 'Give an exercise route.' })
  .trim()
  .toLowerCase()
  .regex(EXERCISE_ROUTE_PATTERN, {
    error: 'Routes are lowercase letters, digits and dashes (at most 64).',
  });

export const uploadKey = z
  .string({ error: 'Upload a file first.' })
  .trim()
  .min(1, { error: 'Upload a file first.' })
  .max(300);

// ---------------------------------------------------------------------------------------------
// Paging and the audit log
// ---------------------------------------------------------------------------------------------

export const ADMIN_PAGE_SIZE_MAX = 100;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(25),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `data` is one page; `total` counts every matching row. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return successEnvelope(z.array(item), {
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

export const adminPersonSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/**
 * The name of the unique index a statement violated, or undefined for any other error. Drizzle
 * wraps driver errors, so the PostgreSQL error is looked for along the `cause` chain.
 */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    current = e.cause;
  }
  return undefined;
}

/**
 * zod compiles fast object parsers with `new Function` where it may, and finds out with a
 * throwaway one. Our Content-Security-Policy forbids eval (apps/api/src/plugins/security.ts), so
 * that probe is blocked and every page that builds a contract schema reports a CSP violation.
 * This tells zod not to try: its core reads this shared config object (the one `z.config()`
 * writes) when it loads, so it must run before any chunk with zod is evaluated. main.tsx imports
 * it first; zod itself is not in the entry chunk.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

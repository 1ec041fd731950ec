import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure rules, web components; no database) and `api`
// (integration tests that build the Fastify app against a real PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'eslint/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.int.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/setup-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Scale checks (100k users): a budget script, run on demand by `npm run bench:admin-metrics`.
        test: {
          name: 'perf',
          include: ['apps/api/test/*.perf.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/setup-file.ts'],
          testTimeout: 600_000,
          hookTimeout: 600_000,
          pool: 'forks',
        },
      },
    ],
  },
});

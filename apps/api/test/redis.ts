/** The Redis that the shared-counter tests use: a local server unless TEST_REDIS_URL names one. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

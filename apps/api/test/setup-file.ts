import { afterAll } from 'vitest';
import { dropTestDatabase } from './database';

afterAll(async () => {
  await dropTestDatabase();
});

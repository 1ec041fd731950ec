import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { parseConfig } from '../config';
import { createDatabase } from '../db/client';
import { startEmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema/users';

/**
 * `npm run admin:create -- --email someone@example.com` gives an existing
 * account the admin role: the first operator needs no SQL.
 */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = values.email?.trim().toLowerCase();
  if (!email) {
    process.stderr.write('usage: npm run admin:create -- --email someone@example.com\n');
    process.exit(2);
  }
  const config = parseConfig();
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedDatabase({ dataDir: config.DATA_DIR, log: () => {} });
  const database = createDatabase(config.DATABASE_URL ?? embedded!.url, { max: 2 });
  try {
    await runMigrations(database.db, database.pool);
    const updated = await database.db
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    if (updated.length === 0) {
      process.stderr.write(
        `no account with the email ${email}; sign up first, then run this again\n`,
      );
      process.exitCode = 1;
    } else {
      process.stdout.write(`${email} is now an admin\n`);
    }
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

void main();

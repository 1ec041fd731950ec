import { parseArgs } from 'node:util';
import {
  signupEmailSchema,
  signupNameSchema,
  signupPasswordSchema,
  type UserRole,
} from '@exhale/contract/auth';
import { eq } from 'drizzle-orm';
import { parseConfig } from '../config';
import { createDatabase } from '../db/client';
import { runningEmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/passwords';
import { readPassword } from './read-password';

const USAGE = `usage:
  npm run admin:create -- --email someone@example.com [--role admin|coach]
      give an existing account the admin role (or the coach role)
  npm run admin:create -- --email someone@example.com --create [--role admin|coach] [--name "Full Name"] [--password-stdin]
      create a new operator (or coach) account (asks for the password, or reads it from standard input)
`;

/** The console roles this command grants; taking a role away is the users page's job. */
const GRANTABLE: readonly UserRole[] = ['admin', 'coach'];

/**
 * `npm run admin:create` gives an existing account the admin role, or with `--create` makes the
 * first operator of an empty database: the first operator needs neither SQL nor a sign-up detour.
 * With the embedded database it uses the server a running `npm start` already has up.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      create: { type: 'boolean', default: false },
      role: { type: 'string', default: 'admin' },
      name: { type: 'string', default: 'Exhale Operator' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    process.stderr.write(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const role = values.role as UserRole;
  if (!GRANTABLE.includes(role)) return fail(`--role must be admin or coach, not ${values.role}`);
  const email = signupEmailSchema.safeParse(values.email);
  if (!email.success) return fail(`not an email address: ${values.email}`);

  let newAccount: { name: string; passwordHash: string } | undefined;
  if (values.create) {
    const name = signupNameSchema.safeParse(values.name);
    if (!name.success) return fail(`--name: ${name.error.issues[0]!.message}`);
    const typed = values['password-stdin'] ? await readStdin() : await readPassword('Password: ');
    const password = signupPasswordSchema.safeParse(typed);
    if (!password.success) return fail(password.error.issues[0]!.message);
    newAccount = { name: name.data, passwordHash: await hashPassword(password.data) };
  }

  const config = parseConfig();
  const runningUrl = config.DATABASE_URL ?? (await runningEmbeddedDatabase(config.DATA_DIR));
  const embedded = runningUrl
    ? undefined
    : await startEmbeddedDatabase({ dataDir: config.DATA_DIR, log: () => {} });
  const database = createDatabase(runningUrl ?? embedded!.url, { max: 2 });
  try {
    await runMigrations(database.db, database.pool);
    if (newAccount) {
      const created = await database.db
        .insert(users)
        // The operator vouches for the address they typed (decision 035).
        .values({ ...newAccount, email: email.data, role, emailVerifiedAt: new Date() })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (created.length === 0) {
        return fail(`${email.data} already has an account; run this again without --create`);
      }
      process.stdout.write(
        `created the ${role === 'admin' ? 'operator' : 'coach'} account ${email.data}\n`,
      );
      return;
    }
    if (role !== 'admin') {
      // As on the users page: the last admin stays one, or nobody could open the console.
      const admins = await database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.role, 'admin'));
      if (admins.length === 1 && admins[0]!.email === email.data) {
        return fail(`${email.data} is the last admin: make someone else an admin first`);
      }
    }
    const updated = await database.db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.email, email.data))
      .returning({ id: users.id });
    if (updated.length === 0) {
      return fail(
        `no account with the email ${email.data}; sign up first, or add --create to make one`,
      );
    }
    process.stdout.write(`${email.data} is now ${role === 'admin' ? 'an admin' : 'a coach'}\n`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

function fail(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

void main();

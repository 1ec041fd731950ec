import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { testAttempts } from '../schema/sim';
import { users } from '../schema/users';
import { hashPassword } from '../../lib/passwords';

/** Shown by `npm start` and the README; only ever created by the demo seed. */
export const DEMO_PASSWORD = 'Exhale@2026';
export const DEMO_ACCOUNTS = [
  { email: 'free@example.com', label: 'free user, first SIM test pending' },
  { email: 'premium@example.com', label: 'premium user on day 1' },
  { email: 'admin@example.com', label: 'operator (admin role)' },
  { email: 'coach@example.com', label: 'coach: the console inbox only (coach role)' },
] as const;
/** The demo operator: the account a warning names when the demo is reachable from elsewhere. */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

export async function seedDemoUsers(db: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Demo addresses and numbers count as verified (decisions 035 and 078).
  const verified = { emailVerifiedAt: sql`now()`, mobileVerifiedAt: sql`now()` };
  await db
    .insert(users)
    .values([
      {
        name: 'Ravi Kumar',
        email: 'free@example.com',
        ...verified,
        mobile: '9876500001',
        dob: 34,
        gender: 'male',
        passwordHash,
        step: 0,
      },
      {
        name: 'Priya Sharma',
        email: 'premium@example.com',
        ...verified,
        mobile: '9876500002',
        dob: 29,
        gender: 'female',
        passwordHash,
        type: 'premium',
        step: 1,
        currentDay: 1,
        totalPoints: 72,
        premiumSince: sql`now()`,
      },
      {
        name: 'Exhale Team',
        email: 'admin@example.com',
        ...verified,
        mobile: '9876500003',
        dob: 40,
        gender: 'female',
        passwordHash,
        role: 'admin',
        step: 1,
        totalPoints: 64,
      },
      {
        name: 'Asha Menon',
        email: 'coach@example.com',
        ...verified,
        mobile: '9876500004',
        dob: 36,
        gender: 'female',
        passwordHash,
        role: 'coach',
        step: 1,
        totalPoints: 58,
      },
    ])
    .onConflictDoNothing();

  // Step 1 means the first SIM test is taken: the accounts past it carry that attempt, so their
  // dashboards never say both 'Completed' and 'No test yet'.
  const firstScores: Record<string, number> = {
    'premium@example.com': 72,
    'admin@example.com': 64,
    'coach@example.com': 58,
  };
  const tested = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(firstScores)));
  if (tested.length === 0) return;
  await db
    .insert(testAttempts)
    .values(
      tested.map((user) => ({
        userId: user.id,
        attempt: 1,
        totalPoints: firstScores[user.email] ?? 0,
      })),
    )
    .onConflictDoNothing();
}

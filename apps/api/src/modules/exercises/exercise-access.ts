import { Messages } from '@exhale/contract/messages';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lessons } from '../../db/schema/programme';
import { forbidden } from '../../lib/app-error';
import { requireFirstTestTaken } from '../users/take-test-first';

/**
 * Whether an exercise route belongs only to the paid programme: every lesson that opens it (as
 * its after-lesson exercise or an in-video one) is a paid lesson. A route no lesson names, or one
 * a free lesson also opens, is not premium-only.
 */
export async function isPremiumOnlyRoute(db: Executor, route: string): Promise<boolean> {
  const [row] = await db
    .select({
      lessons: sql<number>`count(*)::int`,
      paid: sql<number>`count(*) FILTER (WHERE ${lessons.isPaid})::int`,
    })
    .from(lessons)
    .where(
      sql`${lessons.route} = ${route} OR ${lessons.exercises} @> ${JSON.stringify([{ route }])}::jsonb`,
    );
  return Boolean(row && row.lessons > 0 && row.paid === row.lessons);
}

/**
 * Who may read or answer an exercise (decision 022): not a user still at step 0 ('Please Take
 * Test'), and a premium-only route only a premium member ('Purchase to continue', as for the
 * paid lessons that open it).
 */
export async function requireExerciseAccess(
  db: Executor,
  user: { step: number; type: string },
  route: string,
): Promise<void> {
  requireFirstTestTaken(user);
  if (user.type !== 'premium' && (await isPremiumOnlyRoute(db, route))) {
    throw forbidden(Messages.PURCHASE_TO_CONTINUE.code, Messages.PURCHASE_TO_CONTINUE.message);
  }
}

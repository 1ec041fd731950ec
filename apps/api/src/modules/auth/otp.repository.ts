import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { otpChallenges, type OtpChallengeRow } from '../../db/schema/auth';

export type OtpPurpose = OtpChallengeRow['purpose'];
export type OtpChannel = OtpChallengeRow['channel'];

export interface NewOtpChallenge {
  id: string;
  userId: string;
  purpose: OtpPurpose;
  channel: OtpChannel;
  destination: string;
  codeHash: string;
  expiresAt: Date;
  lastSentAt: Date;
}

export class OtpRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Stores a fresh challenge, replacing the user's previous one for this purpose, but only if
   * that one was sent at or before `cooldownCutoff`. Returns false while the cooldown runs. One
   * statement, so concurrent requests (on any API process) cannot both send a code.
   */
  async replaceIfCooledDown(challenge: NewOtpChallenge, cooldownCutoff: Date): Promise<boolean> {
    const { userId: _userId, purpose: _purpose, ...replacement } = challenge;
    const rows = await this.db
      .insert(otpChallenges)
      .values({ ...challenge, attempts: 0 })
      .onConflictDoUpdate({
        target: [otpChallenges.userId, otpChallenges.purpose],
        set: { ...replacement, attempts: 0, consumedAt: null, createdAt: sql`now()` },
        setWhere: lte(otpChallenges.lastSentAt, cooldownCutoff),
      })
      .returning({ id: otpChallenges.id });
    return rows.length === 1;
  }

  async find(userId: string, purpose: OtpPurpose): Promise<OtpChallengeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.userId, userId), eq(otpChallenges.purpose, purpose)))
      .limit(1);
    return row;
  }

  /**
   * Counts one attempt against a live challenge and returns it, or undefined when there is no
   * live challenge (unknown, replaced, used, expired or out of attempts). Counting in the UPDATE
   * makes the limit hold across API processes and concurrent requests.
   */
  async countAttempt(input: {
    userId: string;
    purpose: OtpPurpose;
    challengeId?: string;
    now: Date;
    maxAttempts: number;
  }) {
    const conditions = [
      eq(otpChallenges.userId, input.userId),
      eq(otpChallenges.purpose, input.purpose),
      isNull(otpChallenges.consumedAt),
      gt(otpChallenges.expiresAt, input.now),
      lt(otpChallenges.attempts, input.maxAttempts),
    ];
    if (input.challengeId) conditions.push(eq(otpChallenges.id, input.challengeId));
    const [row] = await this.db
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(and(...conditions))
      .returning({
        id: otpChallenges.id,
        attempts: otpChallenges.attempts,
        codeHash: otpChallenges.codeHash,
        channel: otpChallenges.channel,
        destination: otpChallenges.destination,
      });
    return row;
  }

  /** Single use: only the first of two racing correct answers gets true. */
  async consume(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
      .returning({ id: otpChallenges.id });
    return rows.length === 1;
  }
}

import type { Executor } from '../../db/client';
import { testAttempts } from '../../db/schema/sim';

export class TestAttemptsRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: {
    userId: string;
    attempt: number;
    rawPoints: number | null;
    totalPoints: number;
  }) {
    const [row] = await this.db.insert(testAttempts).values(values).returning();
    return row!;
  }
}

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dependenceTests } from '../../db/schema/companion';

export class DependenceTestRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: Omit<typeof dependenceTests.$inferInsert, 'id'>) {
    await this.db.insert(dependenceTests).values(values);
  }

  history(userId: string) {
    return this.db
      .select()
      .from(dependenceTests)
      .where(eq(dependenceTests.userId, userId))
      .orderBy(asc(dependenceTests.createdAt), asc(dependenceTests.id));
  }
}

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { questions, type QuestionRow } from '../../db/schema/programme';

export class QuestionsRepository {
  constructor(private readonly db: Executor) {}

  /** A SIM test's statements in the order they are asked. */
  listByEvent(event: number, limit?: number): Promise<QuestionRow[]> {
    const query = this.db
      .select()
      .from(questions)
      .where(eq(questions.event, event))
      .orderBy(asc(questions.position), asc(questions.id));
    return limit === undefined ? query : query.limit(limit);
  }

  /** An exercise's questions in the order they are asked. */
  listByRoute(route: string, limit?: number): Promise<QuestionRow[]> {
    const query = this.db
      .select()
      .from(questions)
      .where(eq(questions.route, route))
      .orderBy(asc(questions.position), asc(questions.id));
    return limit === undefined ? query : query.limit(limit);
  }
}

import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userExercises, type ExerciseAnswerRecord } from '../../db/schema/programme';

export class ExercisesRepository {
  constructor(private readonly db: Executor) {}

  listAnswered(userId: string) {
    return this.db
      .select({ route: userExercises.route, createdAt: userExercises.createdAt })
      .from(userExercises)
      .where(eq(userExercises.userId, userId))
      .orderBy(asc(userExercises.createdAt), asc(userExercises.route));
  }

  async isAnswered(userId: string, route: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: userExercises.id })
      .from(userExercises)
      .where(and(eq(userExercises.userId, userId), eq(userExercises.route, route)))
      .limit(1);
    return row !== undefined;
  }

  async insert(values: { userId: string; route: string; answers: ExerciseAnswerRecord[] }) {
    const [row] = await this.db
      .insert(userExercises)
      .values(values)
      .returning({ route: userExercises.route, createdAt: userExercises.createdAt });
    return row!;
  }
}

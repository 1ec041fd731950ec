import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  quizOptions,
  quizQuestions,
  quizRegistrations,
  quizSets,
  quizzes,
} from '../../db/schema/content';

export interface QuizOptionRecord {
  id: string;
  option: string;
  isCorrect: boolean;
}
export interface QuizQuestionRecord {
  id: string;
  question: string;
  options: QuizOptionRecord[];
}
export interface QuizRecord {
  id: string;
  title: string | null;
  description: string | null;
  questions: QuizQuestionRecord[];
}

export type NewQuizRegistration = typeof quizRegistrations.$inferInsert;

export class QuizRepository {
  constructor(private readonly db: Executor) {}

  /** The set's quizzes in order, each with its questions and options in order; undefined if none. */
  async loadSet(setId: string): Promise<QuizRecord[] | undefined> {
    const [set] = await this.db
      .select({ id: quizSets.id })
      .from(quizSets)
      .where(eq(quizSets.id, setId));
    if (!set) return undefined;
    const rows = await this.db
      .select({
        quizId: quizzes.id,
        quizTitle: quizzes.title,
        quizDescription: quizzes.description,
        questionId: quizQuestions.id,
        question: quizQuestions.question,
        optionId: quizOptions.id,
        option: quizOptions.option,
        isCorrect: quizOptions.isCorrect,
      })
      .from(quizzes)
      .leftJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
      .leftJoin(quizOptions, eq(quizOptions.questionId, quizQuestions.id))
      .where(eq(quizzes.setId, setId))
      .orderBy(asc(quizzes.position), asc(quizQuestions.position), asc(quizOptions.position));

    const result: QuizRecord[] = [];
    for (const row of rows) {
      let quiz = result.at(-1);
      if (quiz?.id !== row.quizId) {
        quiz = {
          id: row.quizId,
          title: row.quizTitle,
          description: row.quizDescription,
          questions: [],
        };
        result.push(quiz);
      }
      if (row.questionId === null || row.question === null) continue;
      let question = quiz.questions.at(-1);
      if (question?.id !== row.questionId) {
        question = { id: row.questionId, question: row.question, options: [] };
        quiz.questions.push(question);
      }
      if (row.optionId !== null && row.option !== null) {
        question.options.push({
          id: row.optionId,
          option: row.option,
          isCorrect: row.isCorrect ?? false,
        });
      }
    }
    return result;
  }

  async insertRegistration(values: NewQuizRegistration): Promise<string> {
    const [row] = await this.db
      .insert(quizRegistrations)
      .values(values)
      .returning({ id: quizRegistrations.id });
    return row!.id;
  }
}

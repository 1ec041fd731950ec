import type { Quiz, QuizAnswerRequest, QuizResult } from '@exhale/contract/content';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import type { QuizAnswerRecord } from '../../db/schema/content';
import { AppError } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { TtlCache } from '../../lib/ttl-cache';
import { validationError } from '../../lib/validation';
import { type QuizRepository, type QuizRecord } from './quiz.repository';

const quizNotFound = () =>
  new AppError(404, Messages.QUIZ_NOT_FOUND.code, Messages.QUIZ_NOT_FOUND.message);
const invalidAnswer = (path: string) =>
  validationError([{ path, message: Messages.QUIZ_ANSWER_INVALID.message }]);

/** What the page may see: the options without which one is correct. */
function toQuiz(record: QuizRecord): Quiz {
  return {
    _id: record.id,
    title: record.title,
    description: record.description,
    questions: record.questions.map((question) => ({
      _id: question.id,
      question: question.question,
      options: question.options.map((option) => ({ _id: option.id, option: option.option })),
    })),
  };
}

/**
 * Checks the answers against the set and scores them: one point per question whose chosen option
 * is a correct one. Every answer must name a quiz of the set, a question of that quiz and an option
 * of that question, each question at most once; a question left out scores nothing.
 */
export function scoreQuizAnswers(
  set: QuizRecord[],
  submitted: QuizAnswerRequest['quiz'],
): { result: QuizResult; answers: QuizAnswerRecord[] } {
  const quizzes = new Map(set.map((quiz) => [quiz.id, quiz]));
  const seen = new Set<string>();
  const answers: QuizAnswerRecord[] = [];
  let score = 0;
  submitted.forEach((entry, quizIndex) => {
    const quiz = quizzes.get(entry._id);
    if (!quiz) throw invalidAnswer(`quiz.${quizIndex}._id`);
    entry.answers.forEach((answer, answerIndex) => {
      const path = `quiz.${quizIndex}.answers.${answerIndex}`;
      const question = quiz.questions.find((q) => q.id === answer.question);
      const option = question?.options.find((o) => o.id === answer.answer);
      if (!question || !option || seen.has(question.id)) throw invalidAnswer(path);
      seen.add(question.id);
      answers.push({ quiz: quiz.id, question: question.id, answer: option.id });
      if (option.isCorrect) score += 1;
    });
  });
  const questions = set.flatMap((quiz) => quiz.questions);
  return {
    result: {
      correct: questions.flatMap((question) =>
        question.options
          .filter((option) => option.isCorrect)
          .map((option) => ({ question: question.id, option: option.id })),
      ),
      score,
      total: questions.length,
    },
    answers,
  };
}

/** The repositories QuizService uses, on the pool or a transaction (its module file builds them). */
export interface QuizRepositories {
  quiz: QuizRepository;
}

/** The public quiz (spec §2 "Public quiz"): anyone may take it after registering. */
export class QuizService {
  private readonly sets: TtlCache<QuizRecord[] | undefined>;

  constructor(
    private readonly deps: { db: Database; data: DataAccess<QuizRepositories>; clock: Clock },
  ) {
    this.sets = new TtlCache(30_000, deps.clock);
  }

  private async loadSet(setId: string): Promise<QuizRecord[]> {
    if (!isUuid(setId)) throw quizNotFound();
    const set = await this.sets.get(setId.toLowerCase(), () =>
      this.deps.data.repos.quiz.loadSet(setId),
    );
    if (!set) throw quizNotFound();
    return set;
  }

  async get(setId: string): Promise<Quiz[]> {
    return (await this.loadSet(setId)).map(toQuiz);
  }

  /** Files the registration with its answers and score, then reveals the correct options. */
  async submit(input: QuizAnswerRequest): Promise<QuizResult> {
    const set = await this.loadSet(input.quiz_id);
    const { result, answers } = scoreQuizAnswers(set, input.quiz);
    await this.deps.data.repos.quiz.insertRegistration({
      setId: input.quiz_id,
      name: input.user.name,
      email: input.user.email.toLowerCase(),
      mobileNo: input.user.mobile_no,
      answers,
      score: result.score,
      total: result.total,
    });
    return result;
  }
}

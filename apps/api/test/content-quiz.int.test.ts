import { FEATURED_QUIZ_SET_ID } from '@exhale/contract/content';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { quizOptions, quizQuestions, quizRegistrations, quizzes } from '../src/db/schema/content';
import { seedQuiz } from '../src/db/seed/content';
import { SEED_QUIZZES } from '../src/db/seed/content-data';
import { createTestApp } from './app';

let app: FastifyInstance;

interface PublicQuiz {
  _id: string;
  title: string | null;
  description: string | null;
  questions: { _id: string; question: string; options: { _id: string; option: string }[] }[];
}

let set: PublicQuiz[];
/** The correct option id of every question, read from the database the way the seed wrote it. */
const correctOf = new Map<string, string>();

const registrant = { name: 'Sunita Verma', email: 'Sunita@Example.com', mobile_no: '9876543210' };

let address = 0;
/** Each call from its own address, so the per-address limit only bites where a test wants it. */
function submit(payload: Record<string, unknown>) {
  address += 1;
  return app.inject({
    method: 'POST',
    url: '/api/quiz/quiz-answer',
    payload,
    remoteAddress: `10.0.${Math.floor(address / 250)}.${(address % 250) + 1}`,
  });
}

/** Answers every question: correctly for the first `right` questions, wrongly after that. */
function answers(right: number) {
  let n = 0;
  return set.map((quiz) => ({
    _id: quiz._id,
    answers: quiz.questions.map((question) => {
      n += 1;
      const correct = correctOf.get(question._id)!;
      const wrong = question.options.find((o) => o._id !== correct)!._id;
      return { question: question._id, answer: n <= right ? correct : wrong };
    }),
  }));
}

beforeAll(async () => {
  app = await createTestApp();
  await seedQuiz(app.db);
  set = (await app.inject({ url: `/api/quiz/${FEATURED_QUIZ_SET_ID}` })).json().data;
  const rows = await app.db
    .select({ question: quizOptions.questionId, option: quizOptions.id })
    .from(quizOptions)
    .where(eq(quizOptions.isCorrect, true));
  for (const row of rows) correctOf.set(row.question, row.option);
});

describe('GET /quiz/{id}', () => {
  it('lists the quizzes in order with questions and options, never which option is correct', async () => {
    const res = await app.inject({ url: `/api/quiz/${FEATURED_QUIZ_SET_ID}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/is_?correct/i);
    const data = res.json().data as PublicQuiz[];
    expect(data.map((q) => q.title)).toEqual(SEED_QUIZZES.map((q) => q.title));
    expect(data[0]!.questions.map((q) => q.question)).toEqual(
      SEED_QUIZZES[0]!.questions.map((q) => q.question),
    );
    expect(Object.keys(data[0]!.questions[0]!.options[0]!).sort()).toEqual(['_id', 'option']);
  });

  it("is 404 'No Quiz available' for an unknown set", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await app.inject({ url: `/api/quiz/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No Quiz available');
    }
  });
});

describe('POST /quiz/quiz-answer', () => {
  it('scores the answers, reveals every correct option and files the registration', async () => {
    const res = await submit({ quiz_id: FEATURED_QUIZ_SET_ID, user: registrant, quiz: answers(5) });
    expect(res.statusCode, res.body).toBe(200);
    const total = SEED_QUIZZES.reduce((sum, quiz) => sum + quiz.questions.length, 0);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Quiz Submitted',
      data: { score: 5, total },
    });
    const correct = res.json().data.correct as { question: string; option: string }[];
    expect(correct).toHaveLength(total);
    for (const entry of correct) expect(correctOf.get(entry.question)).toBe(entry.option);

    const [stored] = await app.db
      .select()
      .from(quizRegistrations)
      .where(eq(quizRegistrations.mobileNo, '9876543210'));
    expect(stored).toMatchObject({
      setId: FEATURED_QUIZ_SET_ID,
      name: 'Sunita Verma',
      email: 'sunita@example.com',
      score: 5,
      total,
    });
    expect(stored!.answers).toHaveLength(total);
  });

  it('scores all-correct answers fully and a left-out question as nothing', async () => {
    const all = await submit({
      quiz_id: FEATURED_QUIZ_SET_ID,
      user: registrant,
      quiz: answers(99),
    });
    expect(all.json().data.score).toBe(all.json().data.total);
    const partial = answers(99).map((quiz, i) => (i === 0 ? { ...quiz, answers: [] } : quiz));
    const res = await submit({ quiz_id: FEATURED_QUIZ_SET_ID, user: registrant, quiz: partial });
    expect(res.json().data.score).toBe(all.json().data.total - SEED_QUIZZES[0]!.questions.length);
  });

  it.each([
    [{ name: '', email: '', mobile_no: '' }, 'This field is required', 'user.name'],
    [{ ...registrant, email: ' ' }, 'This field is required', 'user.email'],
    [{ ...registrant, email: 'sunita@example' }, 'Enter a valid email format', 'user.email'],
    [{ ...registrant, mobile_no: '' }, 'This field is required', 'user.mobile_no'],
    [{ ...registrant, mobile_no: '98765' }, 'Enter 10 valid mobile numbers', 'user.mobile_no'],
    [
      { ...registrant, mobile_no: '98765432101' },
      'Enter 10 valid mobile numbers',
      'user.mobile_no',
    ],
  ])('refuses registration %j with %j', async (user, message, path) => {
    const res = await submit({ quiz_id: FEATURED_QUIZ_SET_ID, user, quiz: answers(0) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[0].path).toBe(path);
  });

  it('refuses answers that are not part of the quiz, and repeated questions', async () => {
    const good = answers(0);
    const otherOption = await app.db
      .select({ id: quizOptions.id })
      .from(quizOptions)
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizOptions.questionId))
      .where(eq(quizQuestions.id, good[1]!.answers[0]!.question));
    const cases = [
      // an option of another question
      good.map((q, i) =>
        i === 0 ? { ...q, answers: [{ ...q.answers[0]!, answer: otherOption[0]!.id }] } : q,
      ),
      // a question of another quiz
      good.map((q, i) => (i === 0 ? { ...q, answers: good[1]!.answers } : q)),
      // an unknown quiz
      [{ _id: '00000000-0000-4000-8000-000000000000', answers: [] }],
      // the same question twice
      good.map((q, i) => (i === 0 ? { ...q, answers: [q.answers[0]!, q.answers[0]!] } : q)),
    ];
    for (const quiz of cases) {
      const res = await submit({ quiz_id: FEATURED_QUIZ_SET_ID, user: registrant, quiz });
      expect(res.statusCode, JSON.stringify(quiz)).toBe(400);
      expect(res.json().errors[0].message).toBe('An answer does not belong to this quiz.');
    }
  });

  it('is 404 for an unknown quiz set', async () => {
    const res = await submit({
      quiz_id: '00000000-0000-4000-8000-000000000000',
      user: registrant,
      quiz: answers(0),
    });
    expect(res.statusCode).toBe(404);
  });

  it('keeps the quiz structure in the order of the positions', async () => {
    const rows = await app.db
      .select({ id: quizzes.id, position: quizzes.position })
      .from(quizzes)
      .where(eq(quizzes.setId, FEATURED_QUIZ_SET_ID))
      .orderBy(quizzes.position);
    expect(set.map((q) => q._id)).toEqual(rows.map((r) => r.id));
  });
});

describe('POST /quiz/quiz-answer rate limit', () => {
  it('answers 429 after 10 submissions a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/quiz/quiz-answer',
        payload: { quiz_id: FEATURED_QUIZ_SET_ID, user: registrant, quiz: answers(0) },
        remoteAddress: '192.0.2.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

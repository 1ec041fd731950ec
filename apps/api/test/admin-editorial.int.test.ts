import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { explorePosts, exploreReviews } from '../src/db/schema/content';
import { notifications } from '../src/db/schema/notifications';
import { CONTENT_CACHE_TTL_MS } from '../src/modules/content/content.service';
import { ManualClock } from './app';
import {
  auditRows,
  call,
  createAdmin,
  createUser,
  expectError,
  programmeApp,
  uploadSeedImage,
  type TestUser,
} from './admin-fixtures';

// The public blog pages are cached per process for 30 s (content.service.ts); the tests move the
// clock past that instead of waiting.
const clock = new ManualClock();
let app: FastifyInstance;
let db: Database;
let admin: TestUser;

beforeAll(async () => {
  ({ app, db } = await programmeApp({ clock }));
  admin = await createAdmin(app);
});

describe('blogs', () => {
  it('saves sanitised content as a draft, publishes it, and refuses a taken slug', async () => {
    const image = await uploadSeedImage(app, admin);
    const draft = await call<{ data: { _id: string; content: string; published: boolean } }>(
      app,
      admin,
      {
        method: 'POST',
        url: '/api/admin/blogs',
        payload: {
          title: 'Chai without the cigarette',
          slug: 'Chai-Without-Cigarette',
          meta_description: 'Break the pairing.',
          content: '<h2>Why</h2><p onmouseover="x()">Tea time</p><script>alert(1)</script>',
          image: image.key,
        },
        expect: 201,
      },
    );
    expect(draft.data).toMatchObject({
      content: '<h2>Why</h2><p>Tea time</p>',
      published: false,
      slug: 'chai-without-cigarette',
    });
    const user = await createUser(app);
    const hidden = await app.inject({ url: `/api/blog/${draft.data._id}`, headers: user.headers });
    expect(hidden.statusCode).toBe(404);

    const published = await call<{ data: { published: boolean; published_at: string } }>(
      app,
      admin,
      { method: 'PUT', url: `/api/admin/blogs/${draft.data._id}`, payload: { published: true } },
    );
    expect(published.data.published).toBe(true);
    expect(published.data.published_at).toBeTruthy();
    clock.advance(CONTENT_CACHE_TTL_MS + 1);
    const shown = await app.inject({ url: `/api/blog/${draft.data._id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.content).toBe('<h2>Why</h2><p>Tea time</p>');

    const taken = await app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: admin.headers,
      payload: { title: 'Again', slug: 'chai-without-cigarette' },
    });
    expectError(taken, 409);
    const bad = await call<{ errors: { path: string }[] }>(app, admin, {
      method: 'POST',
      url: '/api/admin/blogs',
      payload: { title: 'X', slug: 'not a slug!' },
      expect: 400,
    });
    expect(bad.errors[0]!.path).toBe('slug');
    expect((await auditRows(app, 'blog')).map((e) => e.action)).toEqual(['publish', 'create']);
  });
});

describe('news', () => {
  it('adds, edits and deletes news with sanitised descriptions and http(s) links only', async () => {
    const bad = await call<{ errors: { path: string }[] }>(app, admin, {
      method: 'POST',
      url: '/api/admin/news',
      payload: { title: 'T', author: 'A', link: 'javascript:alert(1)' },
      expect: 400,
    });
    expect(bad.errors[0]!.path).toBe('link');
    const item = await call<{ data: { _id: string; description: string } }>(app, admin, {
      method: 'POST',
      url: '/api/admin/news',
      payload: {
        title: 'Exhale in the news',
        author: 'The Hindu',
        tag: 'Press',
        description: '<p>Read <a href="https://example.com" onclick="x">more</a></p>',
        link: 'https://example.com/story',
      },
      expect: 201,
    });
    expect(item.data.description).toBe(
      '<p>Read <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">more</a></p>',
    );
    await call(app, admin, {
      method: 'PUT',
      url: `/api/admin/news/${item.data._id}`,
      payload: { title: 'Exhale in The Hindu' },
    });
    await call(app, admin, { method: 'DELETE', url: `/api/admin/news/${item.data._id}` });
    expect((await auditRows(app, 'news')).map((e) => e.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
  });
});

type QuizSet = {
  _id: string;
  public_path: string;
  registrations: number;
  quizzes: {
    _id: string;
    questions: { _id: string; options: { _id: string; option: string; is_correct: boolean }[] }[];
  }[];
};

describe('quizzes', () => {
  const set = {
    title: 'Know your habit',
    description: 'Two short rounds',
    quizzes: [
      {
        title: 'Round 1',
        questions: [
          {
            question: 'How long does a craving last?',
            options: [
              { option: 'A few minutes', is_correct: true },
              { option: 'All day', is_correct: false },
            ],
          },
        ],
      },
      {
        title: 'Round 2',
        questions: [
          {
            question: 'Are bidis safer?',
            options: [
              { option: 'Yes', is_correct: false },
              { option: 'No', is_correct: true },
            ],
          },
        ],
      },
    ],
  };

  it('needs exactly one correct option per question', async () => {
    const wrong = structuredClone(set);
    wrong.quizzes[0]!.questions[0]!.options[1]!.is_correct = true;
    const res = await call<{ errors: { path: string }[] }>(app, admin, {
      method: 'POST',
      url: '/api/admin/quizzes',
      payload: wrong,
      expect: 400,
    });
    expect(res.errors[0]!.path).toBe('quizzes.0.questions.0.options');
  });

  it('publishes a set at its public link, exports responses safely, keeps ids on edit', async () => {
    const created = await call<{ data: QuizSet }>(app, admin, {
      method: 'POST',
      url: '/api/admin/quizzes',
      payload: set,
      expect: 201,
    });
    const quiz = created.data;
    expect(quiz.public_path).toBe(`/quiz/${quiz._id}`);
    const publicView = await app.inject({ url: `/api/quiz/${quiz._id}` });
    expect(publicView.statusCode).toBe(200);
    expect(publicView.body).not.toContain('is_correct');
    expect(publicView.body).not.toContain('isCorrect');

    const answer = (
      name: string,
      pick: (q: QuizSet['quizzes'][number]['questions'][number]) => string,
    ) =>
      app.inject({
        method: 'POST',
        url: '/api/quiz/quiz-answer',
        payload: {
          quiz_id: quiz._id,
          user: { name, email: 'r@example.com', mobile_no: '9876543210' },
          quiz: quiz.quizzes.map((q) => ({
            _id: q._id,
            answers: q.questions.map((question) => ({
              question: question._id,
              answer: pick(question),
            })),
          })),
        },
      });
    const first = await answer(
      '=HYPERLINK("http://evil.example","click")',
      (q) => q.options[0]!._id,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect((await answer('Radha, Devi', (q) => q.options[1]!._id)).statusCode).toBe(200);

    const csv = await app.inject({
      url: `/api/admin/quizzes/${quiz._id}/registrations.csv`,
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('know-your-habit-responses.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Submitted (IST),Name,Email,Mobile,Score,Out of,Quiz 1 Q1: How long does a craving last?,Quiz 2 Q1: Are bidis safer?',
    );
    expect(lines[1]).toContain(
      `"'=HYPERLINK(""http://evil.example"",""click"")",r@example.com,9876543210,1,2,A few minutes,Yes`,
    );
    expect(lines[2]).toContain('"Radha, Devi",r@example.com,9876543210,1,2,All day,No');

    // Edit: the first question keeps its ids, so the export still names what people chose.
    const edited = structuredClone(set) as typeof set & { quizzes: { _id?: string }[] };
    edited.quizzes[0] = {
      ...set.quizzes[0]!,
      _id: quiz.quizzes[0]!._id,
      questions: [
        {
          _id: quiz.quizzes[0]!.questions[0]!._id,
          question: 'How long does a craving usually last?',
          options: quiz.quizzes[0]!.questions[0]!.options.map((o) => ({
            _id: o._id,
            option: o.option,
            is_correct: o.is_correct,
          })),
        } as never,
      ],
    } as never;
    const updated = await call<{ data: QuizSet }>(app, admin, {
      method: 'PUT',
      url: `/api/admin/quizzes/${quiz._id}`,
      payload: edited,
    });
    expect(updated.data.quizzes[0]!.questions[0]!._id).toBe(quiz.quizzes[0]!.questions[0]!._id);
    expect(updated.data.registrations).toBe(2);
    const again = await app.inject({
      url: `/api/admin/quizzes/${quiz._id}/registrations.csv`,
      headers: admin.headers,
    });
    expect(again.body).toContain('Quiz 1 Q1: How long does a craving usually last?');
    expect(again.body).toContain('A few minutes');

    const listed = await call<{
      data: { _id: string; quizzes: number; questions: number; registrations: number }[];
    }>(app, admin, { url: '/api/admin/quizzes' });
    expect(listed.data.find((s) => s._id === quiz._id)).toMatchObject({
      quizzes: 2,
      questions: 2,
      registrations: 2,
    });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/admin/quizzes/${quiz._id}`,
      headers: admin.headers,
    });
    expectError(refused, 409);
    expect((await auditRows(app, 'quiz')).map((e) => e.action)).toEqual(['update', 'create']);
  });
});

describe('Explore moderation', () => {
  it('approves a post into the feed, tells the uploader, and records it', async () => {
    const uploader = await createUser(app, { name: 'Sunita' });
    const [post] = await db
      .insert(explorePosts)
      .values({ userId: uploader.id, title: 'Day 10 smoke-free', image: 'explore/x.webp' })
      .returning();
    const queue = await call<{ data: { _id: string; user: { name: string } }[] }>(app, admin, {
      url: '/api/admin/explore?status=pending',
    });
    expect(queue.data.find((p) => p._id === post!.id)?.user.name).toBe('Sunita');

    const approved = await call<{ data: { status: string; reviewed_by: { _id: string } } }>(
      app,
      admin,
      { method: 'POST', url: `/api/admin/explore/${post!.id}/approve` },
    );
    expect(approved.data).toMatchObject({ status: 'approved', reviewed_by: { _id: admin.id } });
    const feed = await call<{ data: { _id: string }[] }>(app, uploader, {
      url: '/api/explore?status=approved',
    });
    expect(feed.data.map((p) => p._id)).toContain(post!.id);
    const bell = await db.select().from(notifications).where(eq(notifications.userId, uploader.id));
    expect(bell.map((n) => n.title)).toContain('Post approved');
    expect((await auditRows(app, 'explore_post'))[0]).toMatchObject({
      action: 'approve',
      entityId: post!.id,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
  });

  it('hides an abusive review from members and can show it again', async () => {
    const author = await createUser(app, { name: 'Troll' });
    const [post] = await db
      .insert(explorePosts)
      .values({ userId: author.id, image: 'explore/y.webp', status: 'approved' })
      .returning();
    const [review] = await db
      .insert(exploreReviews)
      .values({ exploreId: post!.id, userId: author.id, review: 'something abusive' })
      .returning();
    const visible = () =>
      call<{ data: { _id: string }[] }>(app, author, {
        url: `/api/explore-review?explore_id=${post!.id}`,
      });
    expect((await visible()).data.map((r) => r._id)).toEqual([review!.id]);

    const hidden = await call<{ data: { hidden: boolean } }>(app, admin, {
      method: 'PUT',
      url: `/api/admin/explore-reviews/${review!.id}`,
      payload: { hidden: true },
    });
    expect(hidden.data.hidden).toBe(true);
    expect((await visible()).data).toEqual([]);
    const listed = await call<{ data: { _id: string; hidden: boolean }[] }>(app, admin, {
      url: `/api/admin/explore-reviews?explore_id=${post!.id}`,
    });
    expect(listed.data).toEqual([expect.objectContaining({ _id: review!.id, hidden: true })]);
    expect((await auditRows(app, 'explore_review'))[0]).toMatchObject({
      action: 'hide',
      entityId: review!.id,
    });
  });
});

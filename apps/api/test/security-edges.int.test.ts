import { Messages } from '@exhale/contract/messages';
import { Step } from '@exhale/contract/steps';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { lessons, questions } from '../src/db/schema/programme';
import { FEEDBACK_LIMIT } from '../src/modules/lessons/lessons.service';
import { ManualClock } from './app';
import { multipart } from './multipart';
import {
  createUser,
  expectError,
  programmeApp,
  seedFixtureCatalogue,
  type TestUser,
} from './programme-fixtures';

// A premium exercise's questions, unapproved Explore pictures and lesson
// feedback were open wider than the rules they belong to.

let app: FastifyInstance;
let db: Database;
const clock = new ManualClock();

beforeAll(async () => {
  ({ app, db } = await programmeApp({ clock }));
  await seedFixtureCatalogue(db);
  // An exercise only the paid programme opens (after paid lesson p1a).
  await db.insert(questions).values({
    route: 'ex-premium',
    position: 1,
    question: 'What changed this week?',
    questionType: 'textarea',
    options: [],
  });
  await db.update(lessons).set({ route: 'ex-premium' }).where(eq(lessons.slug, 'p1a'));
});

const questionsOf = (user: TestUser, route: string) =>
  app.inject({ url: `/api/question?route=${route}`, headers: user.headers });

describe("GET /question?route= follows the exercise's own rule", () => {
  it("refuses a step-0 member with 'Please Take Test', free or premium exercise", async () => {
    const user = await createUser(app, { step: Step.FIRST_TEST_PENDING });
    for (const route of ['ex-a', 'ex-premium']) {
      expect(expectError(await questionsOf(user, route), 403, 'Please Take Test').code).toBe(
        Messages.TAKE_TEST_FIRST.code,
      );
    }
  });

  it('gives a premium-only exercise to premium members only', async () => {
    const free = await createUser(app, { step: Step.WATCHING_FREE_LESSONS });
    expectError(await questionsOf(free, 'ex-premium'), 403, Messages.PURCHASE_TO_CONTINUE.message);
    expect((await questionsOf(free, 'ex-a')).statusCode).toBe(200);
    const premium = await createUser(app, {
      step: Step.WATCHING_FREE_LESSONS,
      type: 'premium',
    });
    const res = await questionsOf(premium, 'ex-premium');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
  });

  it('refuses the same to a free member who submits answers to it directly', async () => {
    const free = await createUser(app, { step: Step.WATCHING_FREE_LESSONS });
    const res = await app.inject({
      method: 'POST',
      url: '/api/user-exercise',
      headers: free.headers,
      payload: { exercise: 'ex-premium', answers: [] },
    });
    expectError(res, 403, Messages.PURCHASE_TO_CONTINUE.message);
  });

  it('keeps the landing test (event 0) public', async () => {
    expect((await app.inject({ url: '/api/question?event=0' })).statusCode).toBe(200);
  });
});

describe('Explore pictures before approval', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(app, { role: 'admin', step: Step.WATCHING_FREE_LESSONS });
  });

  async function share(user: TestUser): Promise<{ id: string; image: string }> {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#0f766e' },
    })
      .png()
      .toBuffer();
    const body = multipart({
      image: { filename: 'me.png', contentType: 'image/png', data: png },
      title: 'My first week',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/explore',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data._id, image: res.json().data.image };
  }

  const bare = (url: string) => url.split('?')[0]!;

  it('serves a pending picture only through the signed link its author and admins get', async () => {
    const author = await createUser(app);
    const { id, image } = await share(author);
    expect(bare(image)).toMatch(/^\/media\/explore\/.+\.webp$/);

    // Anyone with the bare address (or a guessed signature) gets nothing.
    expect((await app.inject({ url: bare(image) })).statusCode).toBe(404);
    expect((await app.inject({ url: `${bare(image)}?exp=9999999999&sig=forged` })).statusCode).toBe(
      404,
    );
    // The author's link works, and no shared cache keeps the picture.
    const own = await app.inject({ url: image });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');

    // The moderation queue hands admins a working link too; a member cannot list it.
    const queue = await app.inject({
      url: '/api/admin/explore?status=pending',
      headers: admin.headers,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const listed = (queue.json().data as { _id: string; image: string }[]).find(
      (p) => p._id === id,
    );
    expect(listed).toBeDefined();
    expect((await app.inject({ url: listed!.image })).statusCode).toBe(200);

    // A signature is bound to its picture: it opens no other pending one.
    const other = await share(await createUser(app));
    const borrowed = `${bare(other.image)}?${image.split('?')[1]}`;
    expect((await app.inject({ url: borrowed })).statusCode).toBe(404);
  });

  it('stops honouring a signed link once it expires', async () => {
    const { image } = await share(await createUser(app));
    expect((await app.inject({ url: image })).statusCode).toBe(200);
    clock.advance(3 * 60 * 60_000);
    expect((await app.inject({ url: image })).statusCode).toBe(404);
  });

  it('serves the picture to anyone, briefly cacheable, once approved; a rejected one stays private', async () => {
    const approved = await share(await createUser(app));
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/explore/${approved.id}/approve`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const open = await app.inject({ url: bare(approved.image) });
    expect(open.statusCode).toBe(200);
    // Briefly: an operator may still reject it, and then no cache should keep serving it.
    expect(open.headers['cache-control']).toBe('public, max-age=300');
    const feed = await app.inject({ url: '/api/explore?status=approved', headers: admin.headers });
    const inFeed = (feed.json().data as { _id: string; image: string }[]).find(
      (p) => p._id === approved.id,
    );
    expect(inFeed?.image).toBe(bare(approved.image)); // a plain, public address

    const rejected = await share(await createUser(app));
    await app.inject({
      method: 'POST',
      url: `/api/admin/explore/${rejected.id}/reject`,
      headers: admin.headers,
    });
    expect((await app.inject({ url: bare(rejected.image) })).statusCode).toBe(404);
  });
});

describe('lesson feedback', () => {
  it(`takes at most ${FEEDBACK_LIMIT.max} an hour from one member, then answers 429`, async () => {
    const user = await createUser(app, { step: Step.WATCHING_FREE_LESSONS });
    const listed = await app.inject({ url: '/api/user-lesson', headers: user.headers });
    const lessonId = (listed.json().data as { _id: string }[])[0]!._id;
    const send = (text: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/user-lesson/${lessonId}`,
        headers: user.headers,
        payload: { feedback: text },
      });
    // Refused feedback (blank) uses none of the budget.
    for (let i = 0; i < 3; i += 1) expect((await send('   ')).statusCode).toBe(400);
    for (let i = 0; i < FEEDBACK_LIMIT.max; i += 1) {
      expect((await send(`Question ${i}`)).statusCode).toBe(200);
    }
    const refused = await send('One too many');
    expectError(refused, 429, Messages.RATE_LIMITED.message);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another member is not affected; watching progress is not feedback and is not limited.
    const other = await createUser(app, { step: Step.WATCHING_FREE_LESSONS });
    const otherLessons = await app.inject({ url: '/api/user-lesson', headers: other.headers });
    const otherId = (otherLessons.json().data as { _id: string }[])[0]!._id;
    const theirs = await app.inject({
      method: 'PUT',
      url: `/api/user-lesson/${otherId}`,
      headers: other.headers,
      payload: { feedback: 'Mine' },
    });
    expect(theirs.statusCode).toBe(200);
    const progress = await app.inject({
      method: 'PUT',
      url: `/api/user-lesson/${lessonId}`,
      headers: user.headers,
      payload: { pause_time: 3 },
    });
    expect(progress.statusCode).toBe(200);

    // The budget comes back when the hour is over.
    clock.advance(FEEDBACK_LIMIT.windowSeconds * 1000);
    expect((await send('Next hour')).statusCode).toBe(200);
  });
});

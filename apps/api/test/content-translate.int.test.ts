import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translations } from '../src/db/schema/content';
import { createTranslateService } from '../src/modules/translate/translate.module';
import { createTestApp } from './app';
import { startFakeLibreTranslate, type FakeLibreTranslate } from './fakes/libretranslate';

let fake: FakeLibreTranslate;
let app: FastifyInstance;
let offline: FastifyInstance;

beforeAll(async () => {
  fake = await startFakeLibreTranslate();
  app = await createTestApp({ TRANSLATE_URL: fake.url });
  offline = await createTestApp();
});

afterAll(() => fake.close());

async function translate(on: FastifyInstance, text: string, target: string) {
  const res = await on.inject({ method: 'POST', url: '/api/translate', payload: { text, target } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.text as string;
}

describe('POST /translate', () => {
  it('answers blank text with an empty string, without calling the service', async () => {
    expect(await translate(app, '', 'hi')).toBe('');
    expect(await translate(app, '   \n', 'hi')).toBe('');
    expect(fake.calls).toHaveLength(0);
  });

  it('answers known server messages from the catalogue', async () => {
    expect(await translate(app, 'Post submitted for review', 'hi')).toBe(
      'पोस्ट समीक्षा के लिए भेज दी गई है',
    );
    expect(await translate(app, 'Notification Reset Success', 'en')).toBe(
      'Notification Reset Success',
    );
    expect(fake.calls).toHaveLength(0);
  });

  it('asks the LibreTranslate service once per text and language, then uses the stored copy', async () => {
    const text = 'Your chai break can be smoke-free.';
    expect(await translate(app, text, 'hi')).toBe(`[hi] ${text}`);
    expect(await translate(app, text, 'hi')).toBe(`[hi] ${text}`);
    expect(await translate(offline, text, 'hi')).toBe(`[hi] ${text}`); // same database
    expect(fake.calls).toEqual([{ q: text, source: 'auto', target: 'hi', format: 'text' }]);
    expect(await translate(app, text, 'ta')).toBe(`[ta] ${text}`);
    expect(fake.calls).toHaveLength(2);
  });

  it('answers the original text when the service fails, and does not remember the failure', async () => {
    const before = (await app.db.select({ n: count() }).from(translations))[0]!.n;
    expect(await translate(app, 'explode', 'hi')).toBe('explode');
    expect(await translate(app, 'garbled', 'hi')).toBe('garbled');
    expect(await translate(app, 'explode', 'hi')).toBe('explode');
    expect(fake.calls.filter((c) => c.q === 'explode')).toHaveLength(2);
    expect((await app.db.select({ n: count() }).from(translations))[0]!.n).toBe(before);
  });

  it('answers the original text when no service is configured', async () => {
    expect(await translate(offline, 'Something new to say', 'hi')).toBe('Something new to say');
  });

  it('refuses text over 5000 characters and a malformed language', async () => {
    const long = await app.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: 'a'.repeat(5001), target: 'hi' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Text to translate must be at most 5000 characters.');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: 'hello', target: '../../etc' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

async function translateBatch(
  on: FastifyInstance,
  texts: string[],
  target: string,
): Promise<string[]> {
  const res = await on.inject({
    method: 'POST',
    url: '/api/translate/batch',
    payload: { texts, target },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.texts as string[];
}

describe('POST /translate/batch', () => {
  it('answers catalogue texts in Hindi, in the order given, and blank text as an empty string', async () => {
    const before = fake.calls.length;
    expect(
      await translateBatch(
        app,
        ['Review added.', '', 'Post submitted for review', '  \n', 'Please Login'],
        'hi',
      ),
    ).toEqual(['समीक्षा जोड़ दी गई।', '', 'पोस्ट समीक्षा के लिए भेज दी गई है', '', 'कृपया लॉग इन करें']);
    expect(fake.calls).toHaveLength(before);
  });

  it('answers each text as the single route does, sending a repeated text to the service once', async () => {
    const text = 'A batch of one new sentence.';
    const before = fake.calls.length;
    const answers = await translateBatch(app, [text, 'Review added.', text, 'explode', text], 'hi');
    expect(answers).toEqual([
      `[hi] ${text}`,
      'समीक्षा जोड़ दी गई।',
      `[hi] ${text}`,
      'explode',
      `[hi] ${text}`,
    ]);
    const sent = fake.calls.slice(before);
    expect(sent.filter((c) => c.q === text)).toEqual([
      { q: text, source: 'auto', target: 'hi', format: 'text' },
    ]);
    expect(sent.filter((c) => c.q === 'explode')).toHaveLength(1);
    // Stored like a single request's translation: the single route now asks nobody.
    expect(await translate(app, text, 'hi')).toBe(`[hi] ${text}`);
    expect(fake.calls.slice(before).filter((c) => c.q === text)).toHaveLength(1);
    // And without a service, the original text comes back in its place.
    expect(await translateBatch(offline, ['Nobody translated this', text], 'hi')).toEqual([
      'Nobody translated this',
      `[hi] ${text}`,
    ]);
  });

  it('translates at most 4 texts at a time', async () => {
    // Each call waits until the test lets it go, so the rounds of four are observed
    // directly however long the cache lookups before them take.
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const held: Array<() => void> = [];
    const service = createTranslateService({
      db: app.db,
      log: app.log,
      translator: {
        name: 'held',
        async translate(text, target) {
          asked.push(text);
          inFlight += 1;
          most = Math.max(most, inFlight);
          await new Promise<void>((resolve) => held.push(resolve));
          inFlight -= 1;
          return `<${target}> ${text}`;
        },
      },
    });
    const texts = Array.from({ length: 12 }, (_, i) => `Concurrency probe ${i}`);
    const answered = service.translateMany([...texts, ...texts], 'mr');
    for (let round = 0; round < 3; round += 1) {
      await vi.waitFor(() => expect(held).toHaveLength(4), { timeout: 5_000 });
      // A fifth worker, were there one, has time to reach the service while four are held.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(inFlight).toBe(4);
      held.splice(0).forEach((release) => release());
    }
    expect(await answered).toEqual([...texts, ...texts].map((text) => `<mr> ${text}`));
    expect(asked.sort()).toEqual([...texts].sort());
    expect(most).toBe(4);
  });

  it('refuses an empty list, more than 50 texts, a text over 5000 characters and a malformed language', async () => {
    const send = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/translate/batch', payload });
    const empty = await send({ texts: [], target: 'hi' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Give at least one text to translate.');
    const many = await send({ texts: Array(51).fill('hello'), target: 'hi' });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('At most 50 texts can be translated at once.');
    expect((await send({ texts: Array(50).fill('Review added.'), target: 'hi' })).statusCode).toBe(
      200,
    );
    const long = await send({ texts: ['hello', 'a'.repeat(5001)], target: 'hi' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Text to translate must be at most 5000 characters.');
    expect((await send({ texts: ['hello'], target: '../../etc' })).statusCode).toBe(400);
    expect((await send({ texts: 'hello', target: 'hi' })).statusCode).toBe(400);
  });

  it('answers 429 after 20 batches a minute from one address, apart from the single route', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/translate/batch',
        payload: { texts: ['Review added.'], target: 'hi' },
        remoteAddress: '192.0.2.44',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    // The single route keeps its own budget for that address.
    const single = await app.inject({
      method: 'POST',
      url: '/api/translate',
      payload: { text: 'Review added.', target: 'hi' },
      remoteAddress: '192.0.2.44',
    });
    expect(single.statusCode).toBe(200);
  });
});

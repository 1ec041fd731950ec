import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translations } from '../src/db/schema/content';
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

import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { questions } from '../src/db/schema/programme';
import {
  auditRows,
  call,
  createAdmin,
  createUser,
  programmeApp,
  type TestUser,
} from './admin-fixtures';
import { createTestApp } from './app';
import { startFakeLibreTranslate } from './fakes/libretranslate';
import { seedContentTexts, SEED_TEXTS } from '../src/db/seed/content-texts';
import { AGREEMENT_SCALE, LESSONS } from '../src/db/seed/programme-content';
import { LIFETIME_PLAN_FEATURES } from '../src/db/seed/money';
import { seedFixtureCatalogue } from './programme-fixtures';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;

type Cell = { text: string; source: 'own' | 'shared' | 'stale' | 'none' };
type Item = {
  entity: string;
  entity_id: string;
  label: string;
  fields: { field: string; english: string; texts: Record<string, Cell> }[];
};

beforeAll(async () => {
  ({ app, db } = await programmeApp());
  await seedFixtureCatalogue(db);
  admin = await createAdmin(app);
});

const statement = async (event: number, position: number) =>
  (
    await db
      .select()
      .from(questions)
      .where(
        and(eq(questions.event, event), eq(questions.position, position), isNull(questions.route)),
      )
  )[0]!;

async function readerGets(on: FastifyInstance, texts: string[], target: string) {
  const res = await on.inject({
    method: 'POST',
    url: '/api/translate/batch',
    payload: { texts, target },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.texts as string[];
}

const save = (payload: Record<string, unknown>, expectStatus = 200) =>
  call<{ data: Cell; message?: string }>(app, admin, {
    method: 'PUT',
    url: '/api/admin/translations',
    payload,
    expect: expectStatus,
  });

async function listed(entity: string, pageSize = 100): Promise<Item[]> {
  const body = await call<{ data: Item[]; total: number }>(app, admin, {
    url: `/api/admin/translations?entity=${entity}&page_size=${pageSize}`,
  });
  return body.data;
}

describe('database text per language (decision 064)', () => {
  it("serves an operator's Tamil statement to Tamil readers, and English where none is written", async () => {
    const q = await statement(0, 1);
    const saved = await save({
      entity: 'questions',
      entity_id: q.id,
      field: 'question',
      language: 'ta',
      text: '  நிகழ்வு 0 கூற்று 1  ',
    });
    expect(saved.data).toEqual({ text: 'நிகழ்வு 0 கூற்று 1', source: 'own' });

    expect(await readerGets(app, [q.question, 'Event 0 statement 2'], 'ta')).toEqual([
      'நிகழ்வு 0 கூற்று 1',
      'Event 0 statement 2',
    ]);
    // Marathi has no text and no translation service is configured: English.
    expect(await readerGets(app, [q.question], 'mr')).toEqual([q.question]);
    expect((await auditRows(app, 'content_texts')).length).toBeGreaterThanOrEqual(1);
  });

  it('leaves what no operator translated to the translation service', async () => {
    const fake = await startFakeLibreTranslate();
    try {
      const withService = await createTestApp({ TRANSLATE_URL: fake.url });
      const q = await statement(0, 1);
      const other = await statement(0, 3);
      expect(await readerGets(withService, [q.question, other.question], 'ta')).toEqual([
        'நிகழ்வு 0 கூற்று 1',
        `[ta] ${other.question}`,
      ]);
      expect(fake.calls.map((c) => c.q)).toEqual([other.question]);
      await withService.close();
    } finally {
      await fake.close();
    }
  });

  it("lists each field with every language's text, sharing a text written for the same English", async () => {
    const first = await statement(1, 1);
    await save({
      entity: 'questions',
      entity_id: first.id,
      field: 'options.o4',
      language: 'bn',
      text: 'একমত',
    });
    const items = await listed('questions');
    const mine = items.find((i) => i.entity_id === first.id)!;
    expect(mine.label).toBe('SIM test 2 · 1');
    expect(mine.fields.map((f) => f.field)).toEqual([
      'question',
      'options.o1',
      'options.o2',
      'options.o3',
      'options.o4',
      'options.o5',
    ]);
    const agree = mine.fields.find((f) => f.field === 'options.o4')!;
    expect(agree.english).toBe('Agree');
    expect(agree.texts.bn).toEqual({ text: 'একমত', source: 'own' });
    expect(agree.texts.te).toEqual({ text: '', source: 'none' });
    expect(Object.keys(agree.texts).sort()).toEqual(['bn', 'hi', 'mr', 'ta', 'te']);

    // Every other statement's 'Agree' is served the same Bengali, and says so.
    const second = items.find((i) => i.label === 'SIM test 3 · 2')!;
    expect(second.fields.find((f) => f.field === 'options.o4')!.texts.bn).toEqual({
      text: 'একমত',
      source: 'shared',
    });
    expect(await readerGets(app, ['Agree'], 'bn')).toEqual(['একমত']);
  });

  it('stops serving a translation once its English changes, and shows it as stale', async () => {
    const q = await statement(2, 2);
    await save({
      entity: 'questions',
      entity_id: q.id,
      field: 'question',
      language: 'te',
      text: 'పాత వాక్యం',
    });
    await db
      .update(questions)
      .set({ question: 'A rewritten statement' })
      .where(eq(questions.id, q.id));
    expect(await readerGets(app, ['A rewritten statement'], 'te')).toEqual([
      'A rewritten statement',
    ]);
    const item = (await listed('questions')).find((i) => i.entity_id === q.id)!;
    expect(item.fields[0]).toMatchObject({
      english: 'A rewritten statement',
      texts: { te: { text: 'పాత వాక్యం', source: 'stale' } },
    });
  });

  it('translates lessons and plans too, and a blank text removes a translation', async () => {
    const lesson = (await listed('lessons')).find((i) => i.label === 'Free · day 1 · 1')!;
    expect(lesson.fields.map((f) => [f.field, f.english])).toEqual([
      ['title', 'Lesson f1'],
      ['content', 'About f1'],
    ]);
    await save({
      entity: 'lessons',
      entity_id: lesson.entity_id,
      field: 'title',
      language: 'hi',
      text: 'पाठ f1',
    });
    expect(await readerGets(app, ['Lesson f1'], 'hi')).toEqual(['पाठ f1']);
    const removed = await save({
      entity: 'lessons',
      entity_id: lesson.entity_id,
      field: 'title',
      language: 'hi',
      text: '',
    });
    expect(removed.data).toEqual({ text: '', source: 'none' });
    expect(await readerGets(app, ['Lesson f1'], 'hi')).toEqual(['Lesson f1']);

    const body = await call<{ data: Item[] }>(app, admin, {
      url: '/api/admin/translations?entity=plans',
    });
    expect(Array.isArray(body.data)).toBe(true);
  });

  it('refuses unknown rows, fields and languages, and members', async () => {
    const q = await statement(0, 2);
    const base = { entity: 'questions', entity_id: q.id, field: 'question', language: 'mr' };
    await save({ ...base, entity_id: '00000000-0000-4000-8000-000000000000', text: 'x' }, 404);
    await save({ ...base, entity_id: 'not-an-id', text: 'x' }, 404);
    await save({ ...base, field: 'options.nope', text: 'x' }, 400);
    await save({ ...base, language: 'en', text: 'x' }, 400);
    await save({ ...base, language: 'fr', text: 'x' }, 400);
    const member = await createUser(app);
    await call(app, member, {
      method: 'PUT',
      url: '/api/admin/translations',
      payload: { ...base, text: 'x' },
      expect: 403,
    });
    await call(app, member, { url: '/api/admin/translations?entity=questions', expect: 403 });
  });

  it('seeds the demo texts in every language without overwriting what an operator wrote', async () => {
    const q = await statement(0, 3);
    await save({
      entity: 'questions',
      entity_id: q.id,
      field: 'options.o3',
      language: 'hi',
      text: 'पता नहीं',
    });
    await seedContentTexts(db);
    await seedContentTexts(db); // idempotent
    expect(await readerGets(app, ['Strongly Agree', 'Disagree'], 'mr')).toEqual([
      'पूर्णपणे सहमत',
      'असहमत',
    ]);
    expect(await readerGets(app, ['Strongly Agree'], 'te')).toEqual(['పూర్తిగా ఏకీభవిస్తాను']);
    const item = (await listed('questions')).find((i) => i.entity_id === q.id)!;
    expect(item.fields.find((f) => f.field === 'options.o3')!.texts.hi).toEqual({
      text: 'पता नहीं',
      source: 'own',
    });
  });

  it('ships a text in every language for every seeded scale option, plan feature and lesson', () => {
    const english = [
      ...AGREEMENT_SCALE,
      ...LIFETIME_PLAN_FEATURES,
      ...LESSONS.flatMap((lesson) => [lesson.title, lesson.content]),
    ];
    for (const [language, texts] of Object.entries(SEED_TEXTS)) {
      const known = texts as Record<string, string>;
      expect(
        english.filter((text) => !known[text]?.trim()),
        language,
      ).toEqual([]);
      expect(Object.keys(known).sort(), language).toEqual(Object.keys(SEED_TEXTS.hi).sort());
    }
  });
});

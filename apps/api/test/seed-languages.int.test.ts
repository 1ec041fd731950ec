import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@exhale/contract/languages';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { notificationDefinitions } from '../src/db/schema/content';
import { contentTexts } from '../src/db/schema/content-texts';
import { lessons } from '../src/db/schema/programme';
import { seedContentTexts } from '../src/db/seed/content-texts';
import { seedPlans } from '../src/db/seed/money';
import { seedExercises, seedLessons, seedSimTest } from '../src/db/seed/programme';
import { call, createAdmin, createUser, programmeApp } from './admin-fixtures';

/**
 * What a reader of each language gets for the seeded database text (decision 064) and the
 * notification settings: their language, never English.
 */

const SCRIPTS: Record<TranslatedLanguage, RegExp> = {
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
  bn: /[\u0980-\u09FF]/,
};

let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db } = await programmeApp());
  await seedSimTest(db);
  await seedExercises(db);
  await seedLessons(db, app.storage);
  await seedPlans(db);
  await seedContentTexts(db);
});

type Statement = { _id: string; question: string; options: { value: string }[] };

async function landingTest(): Promise<Statement[]> {
  const res = await app.inject({ url: '/api/question?event=0&limit=inf' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Statement[];
}

/** POST /translate/batch as the web app sends it: 50 texts at a time. */
async function readerGets(texts: string[], target: string): Promise<string[]> {
  const answers: string[] = [];
  for (let start = 0; start < texts.length; start += 50) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/translate/batch',
      payload: { texts: texts.slice(start, start + 50), target },
    });
    expect(res.statusCode, res.body).toBe(200);
    answers.push(...(res.json().data.texts as string[]));
  }
  return answers;
}

const notIn = (language: TranslatedLanguage, texts: string[], answers: string[]) =>
  texts.filter((text, i) => answers[i] === text || !SCRIPTS[language].test(answers[i]!));

describe('the SIM test in every language', () => {
  it('shows a Tamil reader all 50 statements and the answer scale in Tamil', async () => {
    const statements = await landingTest();
    expect(statements).toHaveLength(50);
    const texts = [
      ...statements.map((s) => s.question),
      ...statements[0]!.options.map((o) => o.value),
    ];
    const answers = await readerGets(texts, 'ta');
    expect(notIn('ta', texts, answers)).toEqual([]);
    expect(answers[0]).toBe('தூங்கி எழுந்த 30 நிமிடங்களுக்குள் என் முதல் சிகரெட்டைப் புகைக்கிறேன்.');
  });

  it('shows the answer scale in Telugu', async () => {
    const scale = (await landingTest())[0]!.options.map((o) => o.value);
    expect(await readerGets(scale, 'te')).toEqual([
      'పూర్తిగా ఏకీభవించను',
      'ఏకీభవించను',
      'తటస్థం',
      'ఏకీభవిస్తాను',
      'పూర్తిగా ఏకీభవిస్తాను',
    ]);
  });

  it('fills a database seeded before the statements were translated, keeping what an operator wrote', async () => {
    const [first, second] = await landingTest();
    // A database whose seed wrote no statement in Tamil, where an operator has written one.
    await db
      .delete(contentTexts)
      .where(and(eq(contentTexts.entity, 'questions'), eq(contentTexts.language, 'ta')));
    const admin = await createAdmin(app);
    await call(app, admin, {
      method: 'PUT',
      url: '/api/admin/translations',
      payload: {
        entity: 'questions',
        entity_id: first!._id,
        field: 'question',
        language: 'ta',
        text: 'எழுந்தவுடன் அரை மணி நேரத்துக்குள் புகைக்கிறேன்.',
      },
    });
    expect(await readerGets([second!.question], 'ta')).toEqual([second!.question]);

    await seedContentTexts(db);

    expect(await readerGets([first!.question, second!.question], 'ta')).toEqual([
      'எழுந்தவுடன் அரை மணி நேரத்துக்குள் புகைக்கிறேன்.',
      'புகைக்கத் தடை உள்ள இடங்களில் புகைக்காமல் இருப்பது எனக்குக் கடினமாக இருக்கிறது.',
    ]);
  });
});

describe('the lessons in every language', () => {
  it('give a Bengali reader every lesson title and description in Bengali', async () => {
    const rows = await db.select().from(lessons);
    expect(rows).toHaveLength(18);
    const texts = rows.flatMap((lesson) => [lesson.title, lesson.content]);
    expect(notIn('bn', texts, await readerGets(texts, 'bn'))).toEqual([]);
  });
});

describe('the notification settings in every language', () => {
  it.each(TRANSLATED_LANGUAGES)(
    'give every group title, setting and description in %s',
    async (language) => {
      const definitions = await db
        .select()
        .from(notificationDefinitions)
        .orderBy(asc(notificationDefinitions.position));
      expect(definitions.length).toBeGreaterThanOrEqual(10);
      const texts = [...new Set(definitions.flatMap((d) => [d.title, d.setting, d.description]))];
      expect(notIn(language, texts, await readerGets(texts, language))).toEqual([]);
    },
  );
});

describe('the daily message language', () => {
  it('accepts each of the six languages the library is written in', async () => {
    const user = await createUser(app);
    for (const language of ['mr', 'ta', 'te', 'bn']) {
      const saved = await call<{ data: { language: string } }>(app, user, {
        method: 'PUT',
        url: '/api/messaging/preferences',
        payload: { channel: 'none', send_at: '09:00', language },
      });
      expect(saved.data.language).toBe(language);
    }
  });
});

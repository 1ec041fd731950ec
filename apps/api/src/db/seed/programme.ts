import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { lessons, questions, type QuestionOptionRecord } from '../schema/programme';
import { videoRenditions } from '../schema/renditions';
import { contentTypeForKey, type StorageProvider } from '../../providers/storage/storage';
import {
  AGREEMENT_SCALE,
  EXERCISES,
  LESSONS,
  SIM_STATEMENTS,
  type SeedQuestion,
} from './programme-content';

/** Bundled builds copy the media next to the bundle; in source it sits beside this file. */
export const seedMediaFolder = fileURLToPath(new URL('./media/', import.meta.url));

function optionsFor(question: SeedQuestion): QuestionOptionRecord[] {
  switch (question.type) {
    case 'radio':
      return AGREEMENT_SCALE.map((value, i) => ({ id: `o${i + 1}`, value, point: i + 1 }));
    case 'checkbox':
      return question.choices.map((value, i) => ({ id: `o${i + 1}`, value, point: 1 }));
    case 'textarea':
      return [];
  }
}

/**
 * A SIM statement's options (decision 042). Every statement is phrased as dependence, so agreeing
 * earns the fewest points: 'Strongly Disagree' 5 down to 'Strongly Agree' 1, and a higher score
 * always means a looser hold of smoking.
 */
export function simStatementOptions(): QuestionOptionRecord[] {
  return AGREEMENT_SCALE.map((value, i) => ({
    id: `o${i + 1}`,
    value,
    point: AGREEMENT_SCALE.length - i,
  }));
}

/** The options the seed gave SIM statements before decision 042 (agreeing earned the most). */
const AGREEMENT_KEYED_OPTIONS: QuestionOptionRecord[] = optionsFor({ type: 'radio', question: '' });

/**
 * The three SIM tests (events 0, 1, 2): 50 statements each on the agreement scale. A database
 * seeded before decision 042 gets its seeded statements re-keyed; a statement an operator has
 * reworded or whose options they changed is theirs and stays as it is.
 */
export async function seedSimTest(db: Database): Promise<void> {
  const rows = ([0, 1, 2] as const).flatMap((event) =>
    SIM_STATEMENTS[event].map((question, index) => ({
      event,
      position: index + 1,
      question,
      questionType: 'radio' as const,
      options: simStatementOptions(),
    })),
  );
  await db.insert(questions).values(rows).onConflictDoNothing();
  const seeded = Object.values(SIM_STATEMENTS).flat();
  await db
    .update(questions)
    .set({ options: simStatementOptions() })
    .where(
      and(
        isNotNull(questions.event),
        inArray(questions.question, seeded),
        sql`${questions.options} = ${JSON.stringify(AGREEMENT_KEYED_OPTIONS)}::jsonb`,
      ),
    );
}

/** The exercise routes the lessons and the exercise page open. */
export async function seedExercises(db: Database): Promise<void> {
  const rows = Object.entries(EXERCISES).flatMap(([route, list]) =>
    list.map((question, index) => ({
      route,
      position: index + 1,
      question: question.question,
      questionType: question.type,
      options: optionsFor(question),
    })),
  );
  await db.insert(questions).values(rows).onConflictDoNothing();
}

/**
 * Stores a media file under a key derived from its content: storage keys are never reused (so
 * they may be cached forever), and a changed video gets a new URL.
 */
async function storeMedia(storage: StorageProvider, file: string, folder: string) {
  const body = await readFile(`${seedMediaFolder}${file}`);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const [name, extension] = path.basename(file).split('.') as [string, string];
  const key = `${folder}/${name}-${hash}.${extension}`;
  await storage.put(key, body, contentTypeForKey(key));
  return { key, bytes: body.length };
}

/** The height of the demo videos' small rendition (media/renditions, decision 057). */
const DEMO_RENDITION_HEIGHT = 240;

/**
 * The demo lessons' data-saver versions, shipped in media/renditions (made once with the
 * rendition worker's own ffmpeg arguments, scripts/demo-renditions.ts), for every seeded lesson
 * whose video has none yet: a database seeded before renditions existed gets them too.
 */
async function seedRenditions(db: Database, storage: StorageProvider): Promise<void> {
  const seeded = await db
    .select({ slug: lessons.slug, source: lessons.source })
    .from(lessons)
    .leftJoin(videoRenditions, eq(videoRenditions.sourceKey, lessons.source))
    .where(
      and(
        inArray(
          lessons.slug,
          LESSONS.map((lesson) => lesson.slug),
        ),
        isNull(videoRenditions.sourceKey),
      ),
    );
  for (const { slug, source } of seeded) {
    const video = await storeMedia(
      storage,
      `renditions/${slug}-${DEMO_RENDITION_HEIGHT}p.mp4`,
      'lessons',
    );
    const audio = await storeMedia(storage, `renditions/${slug}-audio.m4a`, 'lessons');
    await db
      .insert(videoRenditions)
      .values({
        sourceKey: source,
        status: 'done',
        progress: 100,
        renditions: [{ height: DEMO_RENDITION_HEIGHT, key: video.key, bytes: video.bytes }],
        audioKey: audio.key,
      })
      .onConflictDoNothing();
  }
}

/** The free track, the score explanation and the 7-day premium programme, with their media. */
export async function seedLessons(db: Database, storage: StorageProvider): Promise<void> {
  const existing = new Set(
    (await db.select({ slug: lessons.slug }).from(lessons)).map((row) => row.slug),
  );
  for (const lesson of LESSONS) {
    if (existing.has(lesson.slug)) continue;
    const { key: source } = await storeMedia(storage, `${lesson.slug}.mp4`, 'lessons');
    const { key: thumbnail } = await storeMedia(storage, `${lesson.slug}.jpg`, 'lessons');
    await db
      .insert(lessons)
      .values({
        slug: lesson.slug,
        title: lesson.title,
        content: lesson.content,
        day: lesson.day,
        videoOrder: lesson.videoOrder,
        source,
        thumbnailImg: thumbnail,
        totalDuration: lesson.totalDuration,
        isPaid: lesson.type === 'paid',
        type: lesson.type,
        route: lesson.route ?? null,
        exercises: lesson.exercises ?? [],
      })
      .onConflictDoNothing();
  }
  await seedRenditions(db, storage);
}

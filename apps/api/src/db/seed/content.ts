import { createHash } from 'node:crypto';
import { FEATURED_QUIZ_SET_ID } from '@exhale/contract/content';
import { MS_PER_DAY } from '@exhale/contract/ist';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { blogValues, newsValues } from '../../modules/content/content.service';
import type { StorageProvider } from '../../providers/storage/storage';
import type { Database } from '../client';
import { blogs, newsItems, quizOptions, quizQuestions, quizSets, quizzes } from '../schema/content';
import { SEED_BLOGS, SEED_NEWS, SEED_QUIZ_SET, SEED_QUIZZES } from './content-data';

const COVER_WIDTH = 800;
const COVER_HEIGHT = 450;

/**
 * A small abstract cover (a gradient with the logo's two breath waves) drawn with sharp, so the
 * seed needs no downloads and no binary files. Stored under a content-derived key.
 */
async function storeCover(
  storage: StorageProvider,
  name: string,
  [from, to]: [string, string],
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 800 450">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="800" height="450" fill="url(#g)"/>
  <circle cx="650" cy="90" r="140" fill="#ffffff" opacity="0.12"/>
  <path d="M120 210c90 0 130-90 230-90s140 60 230 60" stroke="#ffffff" stroke-opacity="0.75" stroke-width="26" fill="none" stroke-linecap="round"/>
  <path d="M120 300c100 0 145-105 255-105s145 80 215 80" stroke="#ffffff" stroke-width="26" fill="none" stroke-linecap="round"/>
</svg>`;
  const image = await sharp(Buffer.from(svg)).webp({ quality: 72 }).toBuffer();
  const hash = createHash('sha256').update(image).digest('hex').slice(0, 12);
  const key = `content/${name}-${hash}.webp`;
  await storage.put(key, image, 'image/webp');
  return key;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * MS_PER_DAY);

/** Demo blog posts (published, with covers); only slugs not yet present are added. */
export async function seedBlogs(db: Database, storage: StorageProvider): Promise<void> {
  const existing = new Set(
    (
      await db
        .select({ slug: blogs.slug })
        .from(blogs)
        .where(
          inArray(
            blogs.slug,
            SEED_BLOGS.map((b) => b.slug),
          ),
        )
    ).map((row) => row.slug),
  );
  const now = new Date();
  for (const blog of SEED_BLOGS) {
    if (existing.has(blog.slug)) continue;
    const publishedAt = daysBefore(now, blog.daysAgo);
    await db
      .insert(blogs)
      .values(
        blogValues({
          slug: blog.slug,
          title: blog.title,
          metaTitle: blog.metaTitle,
          metaDescription: blog.metaDescription,
          content: blog.content,
          image: await storeCover(storage, `blog-${blog.slug}`, blog.colours),
          published: true,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        }),
      )
      .onConflictDoNothing();
  }
}

/** Demo news items; an item whose title is already there is skipped. */
export async function seedNews(db: Database, storage: StorageProvider): Promise<void> {
  const existing = new Set(
    (
      await db
        .select({ title: newsItems.title })
        .from(newsItems)
        .where(
          inArray(
            newsItems.title,
            SEED_NEWS.map((n) => n.title),
          ),
        )
    ).map((row) => row.title),
  );
  const now = new Date();
  for (const [index, item] of SEED_NEWS.entries()) {
    if (existing.has(item.title)) continue;
    await db.insert(newsItems).values(
      newsValues({
        title: item.title,
        author: item.author,
        tag: item.tag,
        link: item.link,
        description: item.description,
        image: await storeCover(storage, `news-${index + 1}`, item.colours),
        createdAt: daysBefore(now, item.daysAgo),
      }),
    );
  }
}

/**
 * The featured quiz under its fixed id (FEATURED_QUIZ_SET_ID), so /quiz/{id} links work on every
 * install. Created once, with all its quizzes, questions and options in one transaction.
 */
export async function seedQuiz(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(quizSets)
      .values({ id: FEATURED_QUIZ_SET_ID, ...SEED_QUIZ_SET })
      .onConflictDoNothing()
      .returning({ id: quizSets.id });
    if (created.length === 0) return;
    for (const [quizIndex, quiz] of SEED_QUIZZES.entries()) {
      const [quizRow] = await tx
        .insert(quizzes)
        .values({
          setId: FEATURED_QUIZ_SET_ID,
          position: quizIndex + 1,
          title: quiz.title,
          description: quiz.description,
        })
        .returning({ id: quizzes.id });
      for (const [questionIndex, question] of quiz.questions.entries()) {
        const [questionRow] = await tx
          .insert(quizQuestions)
          .values({ quizId: quizRow!.id, position: questionIndex + 1, question: question.question })
          .returning({ id: quizQuestions.id });
        await tx.insert(quizOptions).values(
          question.options.map((option, optionIndex) => ({
            questionId: questionRow!.id,
            position: optionIndex + 1,
            option,
            isCorrect: optionIndex === question.correct,
          })),
        );
      }
    }
  });
}

export async function seedContent(db: Database, storage: StorageProvider): Promise<void> {
  await seedBlogs(db, storage);
  await seedNews(db, storage);
  await seedQuiz(db);
}

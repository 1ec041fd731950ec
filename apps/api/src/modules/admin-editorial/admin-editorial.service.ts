import type {
  AdminBlog,
  AdminNews,
  AdminQuizSet,
  AdminQuizSetSummary,
  adminBlogCreateSchema,
  adminBlogUpdateSchema,
  adminNewsCreateSchema,
  adminNewsUpdateSchema,
  adminQuizSetInputSchema,
} from '@exhale/contract/admin';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import type { BlogRow, NewsItemRow } from '../../db/schema/content';
import { conflict, notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import { toCsv } from '../../lib/csv';
import { isUuid } from '../../lib/ids';
import { uniqueViolation } from '../../lib/pg-errors';
import { sanitizeHtml } from '../../lib/sanitize-html';
import type { StorageProvider } from '../../providers/storage/storage';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import { requireUpload } from '../admin-console/media.service';
import { blogValues, newsValues } from '../content/content.service';
import { mediaUrl } from '../lessons/lessons.service';
import { type QuizRepository, type QuizRecord } from '../quiz/quiz.repository';
import type { AdminEditorialRepository } from './admin-editorial.repository';

type BlogCreate = z.output<typeof adminBlogCreateSchema>;
type BlogUpdate = z.output<typeof adminBlogUpdateSchema>;
type NewsCreate = z.output<typeof adminNewsCreateSchema>;
type NewsUpdate = z.output<typeof adminNewsUpdateSchema>;
type QuizSetInput = z.output<typeof adminQuizSetInputSchema>;

const blogNotFound = () => notFound('Blog post not found.');
const newsNotFound = () => notFound('News item not found.');
const quizNotFound = () => notFound('Quiz not found.');

/** IST wall-clock 'YYYY-MM-DD HH:mm' for the export: operators read it in India. */
function istStamp(date: Date): string {
  return new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The repositories AdminEditorialService uses, on the pool or a transaction (its module file builds them). */
export interface AdminEditorialRepositories {
  adminEditorial: AdminEditorialRepository;
  quiz: QuizRepository;
}

/**
 * Blogs, news and public quizzes as editors write them. Editor HTML goes through the content
 * module's own sanitising helpers on every write (ARCHITECTURE §5). The public pages read these
 * tables through the content module, whose per-process cache may show a change up to 30 s late.
 */
export class AdminEditorialService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<AdminEditorialRepositories>;
      audit: AuditLog;
      clock: Clock;
      storage: Pick<StorageProvider, 'publicUrl'>;
    },
  ) {}

  private get repository() {
    return this.deps.data.repos.adminEditorial;
  }

  private imageUrl(key: string | null): string | null {
    return key ? mediaUrl(this.deps.storage, key) : null;
  }

  private async checkImage(tx: Executor, key: string | null | undefined, current?: string | null) {
    if (key && key !== current) await requireUpload(tx, key, 'image', 'image');
  }

  // Blogs ---------------------------------------------------------------------------------------

  toBlog(row: BlogRow): AdminBlog {
    return {
      _id: row.id,
      title: row.title,
      slug: row.slug,
      meta_title: row.metaTitle,
      meta_description: row.metaDescription,
      content: row.content,
      image: row.image,
      image_url: this.imageUrl(row.image),
      published: row.published,
      published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async listBlogs(): Promise<AdminBlog[]> {
    return (await this.repository.listBlogs()).map((row) => this.toBlog(row));
  }

  private async slugWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) === 'blogs_slug_key') {
        throw conflict('BLOG_SLUG_TAKEN', 'Another post has this slug.');
      }
      throw error;
    }
  }

  async createBlog(actor: AdminActor, body: BlogCreate): Promise<AdminBlog> {
    const now = this.deps.clock.now();
    const row = await this.slugWrite(() =>
      this.deps.audit.write(actor, { action: 'create', entity: 'blog' }, async (tx) => {
        await this.checkImage(tx, body.image);
        const inserted = await this.deps.data.within(tx).adminEditorial.insertBlog(
          blogValues({
            title: body.title,
            slug: body.slug,
            metaTitle: body.meta_title,
            metaDescription: body.meta_description,
            content: body.content,
            image: body.image,
            published: body.published,
            publishedAt: body.published ? now : null,
          }),
        );
        return { entityId: inserted.id, before: null, after: inserted, result: inserted };
      }),
    );
    return this.toBlog(row);
  }

  async updateBlog(actor: AdminActor, id: string, body: BlogUpdate): Promise<AdminBlog> {
    if (!isUuid(id)) throw blogNotFound();
    const now = this.deps.clock.now();
    const action =
      body.published === true ? 'publish' : body.published === false ? 'unpublish' : 'update';
    const row = await this.slugWrite(() =>
      this.deps.audit.write(actor, { action, entity: 'blog' }, async (tx) => {
        const repository = this.deps.data.within(tx).adminEditorial;
        const current = await repository.findBlog(id);
        if (!current) throw blogNotFound();
        await this.checkImage(tx, body.image, current.image);
        const updated = await repository.updateBlog(id, {
          title: body.title,
          slug: body.slug,
          metaTitle: body.meta_title,
          metaDescription: body.meta_description,
          content: body.content === undefined ? undefined : sanitizeHtml(body.content),
          image: body.image,
          published: body.published,
          // The first publication date stays: unpublishing and publishing again does not move it.
          publishedAt: body.published && !current.publishedAt ? now : undefined,
        });
        return { entityId: id, before: current, after: updated, result: updated };
      }),
    );
    return this.toBlog(row);
  }

  async deleteBlog(actor: AdminActor, id: string): Promise<void> {
    if (!isUuid(id)) throw blogNotFound();
    await this.deps.audit.write(actor, { action: 'delete', entity: 'blog' }, async (tx) => {
      const repository = this.deps.data.within(tx).adminEditorial;
      const current = await repository.findBlog(id);
      if (!current) throw blogNotFound();
      await repository.deleteBlog(id);
      return { entityId: id, before: current, after: null, result: undefined };
    });
  }

  // News ----------------------------------------------------------------------------------------

  toNews(row: NewsItemRow): AdminNews {
    return {
      _id: row.id,
      title: row.title,
      author: row.author,
      tag: row.tag,
      description: row.description,
      link: row.link,
      image: row.image,
      image_url: this.imageUrl(row.image),
      published: row.published,
      created_at: row.createdAt.toISOString(),
    };
  }

  async listNews(): Promise<AdminNews[]> {
    return (await this.repository.listNews()).map((row) => this.toNews(row));
  }

  async createNews(actor: AdminActor, body: NewsCreate): Promise<AdminNews> {
    const row = await this.deps.audit.write(
      actor,
      { action: 'create', entity: 'news' },
      async (tx) => {
        await this.checkImage(tx, body.image);
        const inserted = await this.deps.data.within(tx).adminEditorial.insertNews(
          newsValues({
            title: body.title,
            author: body.author,
            tag: body.tag || null,
            description: body.description,
            link: body.link,
            image: body.image,
            published: body.published,
          }),
        );
        return { entityId: inserted.id, before: null, after: inserted, result: inserted };
      },
    );
    return this.toNews(row);
  }

  async updateNews(actor: AdminActor, id: string, body: NewsUpdate): Promise<AdminNews> {
    if (!isUuid(id)) throw newsNotFound();
    const row = await this.deps.audit.write(
      actor,
      { action: 'update', entity: 'news' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminEditorial;
        const current = await repository.findNews(id);
        if (!current) throw newsNotFound();
        await this.checkImage(tx, body.image, current.image);
        const updated = await repository.updateNews(id, {
          title: body.title,
          author: body.author,
          tag: body.tag === undefined ? undefined : body.tag || null,
          description: body.description === undefined ? undefined : sanitizeHtml(body.description),
          link: body.link,
          image: body.image,
          published: body.published,
        });
        return { entityId: id, before: current, after: updated, result: updated };
      },
    );
    return this.toNews(row);
  }

  async deleteNews(actor: AdminActor, id: string): Promise<void> {
    if (!isUuid(id)) throw newsNotFound();
    await this.deps.audit.write(actor, { action: 'delete', entity: 'news' }, async (tx) => {
      const repository = this.deps.data.within(tx).adminEditorial;
      const current = await repository.findNews(id);
      if (!current) throw newsNotFound();
      await repository.deleteNews(id);
      return { entityId: id, before: current, after: null, result: undefined };
    });
  }

  // Quiz sets -----------------------------------------------------------------------------------

  private toQuizSet(
    set: { id: string; title: string; description: string | null; createdAt: Date },
    tree: QuizRecord[],
    registrations: number,
  ): AdminQuizSet {
    return {
      _id: set.id,
      title: set.title,
      description: set.description,
      created_at: set.createdAt.toISOString(),
      public_path: `/quiz/${set.id}`,
      registrations,
      quizzes: tree.map((quiz) => ({
        _id: quiz.id,
        title: quiz.title,
        description: quiz.description,
        questions: quiz.questions.map((question) => ({
          _id: question.id,
          question: question.question,
          options: question.options.map((option) => ({
            _id: option.id,
            option: option.option,
            is_correct: option.isCorrect,
          })),
        })),
      })),
    };
  }

  async listQuizSets(): Promise<AdminQuizSetSummary[]> {
    const rows = await this.repository.listQuizSets();
    return rows.map((row) => ({
      _id: row.set.id,
      title: row.set.title,
      description: row.set.description,
      public_path: `/quiz/${row.set.id}`,
      quizzes: Number(row.quizzes),
      questions: Number(row.questions),
      registrations: Number(row.registrations),
      created_at: row.set.createdAt.toISOString(),
    }));
  }

  private async loadQuizSet(db: Executor, id: string): Promise<AdminQuizSet> {
    const repository = this.deps.data.within(db).adminEditorial;
    const set = await repository.findQuizSet(id);
    if (!set) throw quizNotFound();
    const tree = (await this.deps.data.within(db).quiz.loadSet(id)) ?? [];
    return this.toQuizSet(set, tree, await repository.registrationCount(id));
  }

  getQuizSet(id: string): Promise<AdminQuizSet> {
    if (!isUuid(id)) throw quizNotFound();
    return this.loadQuizSet(this.deps.db, id);
  }

  /**
   * Writes a set's quizzes, questions and options as given. Rows sent with their `_id` are
   * updated in place (registrants' stored answers name those ids), rows without one are added,
   * rows left out are deleted.
   */
  private async writeTree(tx: Executor, setId: string, input: QuizSetInput): Promise<void> {
    const repository = this.deps.data.within(tx).adminEditorial;
    const existingQuizzes = new Set((await repository.quizIdsOf(setId)).map((r) => r.id));
    const keptQuizzes = input.quizzes
      .map((q) => q._id)
      .filter((id): id is string => id !== undefined && existingQuizzes.has(id));
    await repository.deleteQuizzes([...existingQuizzes].filter((id) => !keptQuizzes.includes(id)));
    await repository.parkQuizzes(keptQuizzes);
    for (const [quizIndex, quiz] of input.quizzes.entries()) {
      const quizId = await repository.saveQuiz({
        id: quiz._id && existingQuizzes.has(quiz._id) ? quiz._id : undefined,
        setId,
        position: quizIndex + 1,
        title: quiz.title || null,
        description: quiz.description || null,
      });
      const existingQuestions = new Set((await repository.questionIdsOf(quizId)).map((r) => r.id));
      const keptQuestions = quiz.questions
        .map((q) => q._id)
        .filter((id): id is string => id !== undefined && existingQuestions.has(id));
      await repository.deleteQuestions(
        [...existingQuestions].filter((id) => !keptQuestions.includes(id)),
      );
      await repository.parkQuestions(keptQuestions);
      for (const [questionIndex, question] of quiz.questions.entries()) {
        const questionId = await repository.saveQuestion({
          id: question._id && existingQuestions.has(question._id) ? question._id : undefined,
          quizId,
          position: questionIndex + 1,
          question: question.question,
        });
        const existingOptions = new Set(
          (await repository.optionIdsOf(questionId)).map((r) => r.id),
        );
        const keptOptions = question.options
          .map((o) => o._id)
          .filter((id): id is string => id !== undefined && existingOptions.has(id));
        await repository.deleteOptions(
          [...existingOptions].filter((id) => !keptOptions.includes(id)),
        );
        await repository.parkOptions(keptOptions);
        for (const [optionIndex, option] of question.options.entries()) {
          await repository.saveOption({
            id: option._id && existingOptions.has(option._id) ? option._id : undefined,
            questionId,
            position: optionIndex + 1,
            option: option.option,
            isCorrect: option.is_correct,
          });
        }
      }
    }
  }

  async createQuizSet(actor: AdminActor, input: QuizSetInput): Promise<AdminQuizSet> {
    return this.deps.audit.write(actor, { action: 'create', entity: 'quiz' }, async (tx) => {
      const set = await this.deps.data.within(tx).adminEditorial.insertQuizSet({
        title: input.title,
        description: input.description || null,
      });
      await this.writeTree(tx, set.id, input);
      const after = await this.loadQuizSet(tx, set.id);
      return { entityId: set.id, before: null, after, result: after };
    });
  }

  async updateQuizSet(actor: AdminActor, id: string, input: QuizSetInput): Promise<AdminQuizSet> {
    if (!isUuid(id)) throw quizNotFound();
    return this.deps.audit.write(actor, { action: 'update', entity: 'quiz' }, async (tx) => {
      const repository = this.deps.data.within(tx).adminEditorial;
      if (!(await repository.lockQuizSet(id))) throw quizNotFound();
      const before = await this.loadQuizSet(tx, id);
      await repository.updateQuizSet(id, {
        title: input.title,
        description: input.description || null,
      });
      await this.writeTree(tx, id, input);
      const after = await this.loadQuizSet(tx, id);
      return { entityId: id, before, after, result: after };
    });
  }

  /** Deleting would erase registrants' answers with it; a set that has some cannot go. */
  async deleteQuizSet(actor: AdminActor, id: string): Promise<void> {
    if (!isUuid(id)) throw quizNotFound();
    await this.deps.audit.write(actor, { action: 'delete', entity: 'quiz' }, async (tx) => {
      const repository = this.deps.data.within(tx).adminEditorial;
      if (!(await repository.lockQuizSet(id))) throw quizNotFound();
      const before = await this.loadQuizSet(tx, id);
      if (before.registrations > 0) {
        throw conflict(
          'QUIZ_HAS_REGISTRATIONS',
          'People have taken this quiz: export their answers; it cannot be deleted.',
        );
      }
      await repository.deleteQuizSet(id);
      return { entityId: id, before, after: null, result: undefined };
    });
  }

  /**
   * Everyone who took the quiz, one row each: when, who, the score, then the option they chose
   * for each question in the set's order. Formula-safe CSV (lib/csv.ts): registrants type their
   * own names.
   */
  async registrationsCsv(id: string): Promise<{ filename: string; csv: string }> {
    const set = await this.getQuizSet(id);
    const questions = set.quizzes.flatMap((quiz, quizIndex) =>
      quiz.questions.map((question, questionIndex) => ({
        id: question._id,
        label: `Quiz ${quizIndex + 1} Q${questionIndex + 1}: ${question.question}`,
        options: new Map(question.options.map((o) => [o._id, o.option])),
      })),
    );
    const rows = await this.repository.registrations(id);
    const header = ['Submitted (IST)', 'Name', 'Email', 'Mobile', 'Score', 'Out of'];
    const csv = toCsv([
      [...header, ...questions.map((q) => q.label)],
      ...rows.map((row) => {
        const chosen = new Map(row.answers.map((a) => [a.question, a.answer]));
        return [
          istStamp(row.createdAt),
          row.name,
          row.email,
          row.mobileNo,
          row.score,
          row.total,
          ...questions.map((q) => {
            const optionId = chosen.get(q.id);
            return optionId ? (q.options.get(optionId) ?? '') : '';
          }),
        ];
      }),
    ]);
    const slug =
      set.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'quiz';
    return { filename: `${slug}-responses.csv`, csv };
  }
}

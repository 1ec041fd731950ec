import { randomBytes } from 'node:crypto';
import type {
  AdminQuestion,
  adminQuestionCreateSchema,
  adminQuestionUpdateSchema,
  questionReorderSchema,
} from '@exhale/contract/admin';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { QuestionOptionRecord, QuestionRow } from '../../db/schema/programme';
import { badRequest, notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import type { AdminLessonsRepository } from './admin-lessons.repository';
import { type AdminQuestionsRepository, type QuestionGroup } from './admin-questions.repository';

type QuestionCreate = z.output<typeof adminQuestionCreateSchema>;
type QuestionUpdate = z.output<typeof adminQuestionUpdateSchema>;
type QuestionReorder = z.output<typeof questionReorderSchema>;

const questionNotFound = () => notFound('Question not found.');
const OPTION_ID = /^[A-Za-z0-9_-]{1,40}$/;

export function toAdminQuestion(row: QuestionRow): AdminQuestion {
  return {
    _id: row.id,
    event: row.event,
    route: row.route,
    position: row.position,
    question: row.question,
    question_type: row.questionType,
    options: row.options.map((o) => ({ id: o.id, value: o.value, point: o.point })),
  };
}

/**
 * Option ids are what stored exercise answers name, so an edited option keeps its id; new options
 * (or ids that are malformed or repeated) get a fresh one.
 */
export function withOptionIds(
  options: readonly { id?: string; value: string; point: number }[],
): QuestionOptionRecord[] {
  const seen = new Set<string>();
  return options.map((option) => {
    let id = option.id && OPTION_ID.test(option.id) && !seen.has(option.id) ? option.id : '';
    while (!id || seen.has(id)) id = `o${randomBytes(4).toString('hex')}`;
    seen.add(id);
    return { id, value: option.value, point: option.point };
  });
}

function groupOf(row: Pick<QuestionRow, 'event' | 'route'>): QuestionGroup {
  return row.event !== null ? { event: row.event } : { route: row.route! };
}

/** The repositories AdminQuestionsService uses, on the pool or a transaction (its module file builds them). */
export interface AdminQuestionsRepositories {
  adminQuestions: AdminQuestionsRepository;
  adminLessons: AdminLessonsRepository;
}

/** SIM test statements (events 0, 1, 2) and exercise questions (routes), as operators edit them. */
export class AdminQuestionsService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<AdminQuestionsRepositories>;
      audit: AuditLog;
    },
  ) {}

  async list(query: { event?: string; route?: string }): Promise<AdminQuestion[]> {
    if ((query.event === undefined) === (query.route === undefined)) {
      throw badRequest('BAD_REQUEST', 'Choose a SIM event or an exercise route.');
    }
    const group: QuestionGroup =
      query.event !== undefined ? { event: Number(query.event) } : { route: query.route! };
    const rows = await this.deps.data.repos.adminQuestions.list(group);
    return rows.map(toAdminQuestion);
  }

  async routes() {
    const repository = this.deps.data.repos.adminQuestions;
    const lessons = this.deps.data.repos.adminLessons;
    const rows = await repository.routes();
    return Promise.all(
      rows.map(async (row) => ({
        route: row.route!,
        questions: row.questions,
        lessons: (await lessons.lessonsUsingRoute(row.route!)).map((lesson) => lesson.title),
      })),
    );
  }

  async create(actor: AdminActor, body: QuestionCreate): Promise<AdminQuestion> {
    const group: QuestionGroup =
      body.event !== undefined && body.event !== null
        ? { event: body.event }
        : { route: body.route! };
    const row = await this.deps.audit.write(
      actor,
      { action: 'create', entity: 'question' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminQuestions;
        await repository.lockGroup(group);
        const inserted = await repository.insert({
          event: 'event' in group ? group.event : null,
          route: 'route' in group ? group.route : null,
          position: await repository.nextPosition(group),
          question: body.question,
          questionType: body.question_type,
          options: withOptionIds(body.options),
        });
        return { entityId: inserted.id, before: null, after: inserted, result: inserted };
      },
    );
    return toAdminQuestion(row);
  }

  async update(actor: AdminActor, id: string, body: QuestionUpdate): Promise<AdminQuestion> {
    if (!isUuid(id)) throw questionNotFound();
    const row = await this.deps.audit.write(
      actor,
      { action: 'update', entity: 'question' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminQuestions;
        const current = await repository.findById(id);
        if (!current) throw questionNotFound();
        const updated = await repository.update(id, {
          question: body.question,
          questionType: body.question_type,
          options: withOptionIds(body.options),
        });
        return { entityId: id, before: current, after: updated, result: updated };
      },
    );
    return toAdminQuestion(row);
  }

  async remove(actor: AdminActor, id: string): Promise<void> {
    if (!isUuid(id)) throw questionNotFound();
    await this.deps.audit.write(actor, { action: 'delete', entity: 'question' }, async (tx) => {
      const repository = this.deps.data.within(tx).adminQuestions;
      const current = await repository.findById(id);
      if (!current) throw questionNotFound();
      await repository.lockGroup(groupOf(current));
      await repository.delete(id);
      return { entityId: id, before: current, after: null, result: undefined };
    });
  }

  async reorder(actor: AdminActor, body: QuestionReorder): Promise<AdminQuestion[]> {
    const group: QuestionGroup =
      body.event !== undefined ? { event: body.event } : { route: body.route! };
    const rows = await this.deps.audit.write(
      actor,
      { action: 'reorder', entity: 'question' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminQuestions;
        await repository.lockGroup(group);
        const before = await repository.list(group);
        const wanted = new Set(body.ids);
        if (
          wanted.size !== body.ids.length ||
          before.length !== body.ids.length ||
          before.some((row) => !wanted.has(row.id))
        ) {
          throw badRequest('VALIDATION_ERROR', 'List every question of the set exactly once.', [
            { path: 'ids', message: 'List every question of the set exactly once.' },
          ]);
        }
        await repository.setPositions(body.ids);
        const after = await repository.list(group);
        return {
          entityId: 'event' in group ? `event:${group.event}` : `route:${group.route}`,
          before: before.map((row) => ({ id: row.id, position: row.position })),
          after: after.map((row) => ({ id: row.id, position: row.position })),
          result: after,
        };
      },
    );
    return rows.map(toAdminQuestion);
  }
}

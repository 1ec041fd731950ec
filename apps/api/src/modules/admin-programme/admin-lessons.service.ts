import type {
  AdminLesson,
  AdminLessonUpdate,
  LessonReorder,
  LessonType,
  adminLessonCreateSchema,
  adminLessonUpdateSchema,
} from '@exhale/contract/admin';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import type { LessonCatalogueRow, LessonExerciseRecord } from '../../db/schema/programme';
import { badRequest, notFound, type FieldError } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import type { StorageProvider } from '../../providers/storage/storage';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import { requireUpload } from '../admin-console/media.service';
import { mediaUrl } from '../lessons/lessons.service';
import { type AdminLessonsRepository, type NewLesson } from './admin-lessons.repository';

type LessonCreate = z.output<typeof adminLessonCreateSchema>;
type LessonUpdate = z.output<typeof adminLessonUpdateSchema>;

const lessonNotFound = () => notFound('Lesson not found.');
const invalid = (errors: FieldError[]) =>
  badRequest('VALIDATION_ERROR', errors[0]!.message, errors);

const isPaidType = (type: LessonType) => type === 'paid';

/** The repositories AdminLessonsService uses, on the pool or a transaction (its module file builds them). */
export interface AdminLessonsRepositories {
  adminLessons: AdminLessonsRepository;
}

/**
 * The lesson catalogue as operators edit it. Users' copies (user_lessons) are made lazily from
 * the catalogue when they list their lessons, so: a new lesson reaches everyone at their next
 * visit, locked unless everything before it is done; a retired lesson (active = false, never
 * deleted) disappears from their lists while their rows and progress stay; bringing it back
 * shows it again as they left it.
 */
export class AdminLessonsService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<AdminLessonsRepositories>;
      audit: AuditLog;
      storage: Pick<StorageProvider, 'publicUrl'>;
    },
  ) {}

  toAdminLesson(row: LessonCatalogueRow): AdminLesson {
    const { storage } = this.deps;
    return {
      _id: row.id,
      title: row.title,
      content: row.content,
      day: row.day,
      video_order: row.videoOrder,
      type: row.type,
      is_paid: row.isPaid,
      source: row.source,
      source_url: mediaUrl(storage, row.source),
      thumbnail_img: row.thumbnailImg,
      thumbnail_url: row.thumbnailImg ? mediaUrl(storage, row.thumbnailImg) : null,
      total_duration: row.totalDuration,
      route: row.route,
      exercises: row.exercises,
      active: row.active,
      created_at: row.createdAt.toISOString(),
    };
  }

  async list(): Promise<AdminLesson[]> {
    const rows = await this.deps.data.repos.adminLessons.listAll();
    return rows.map((row) => this.toAdminLesson(row));
  }

  async get(id: string): Promise<AdminLesson> {
    if (!isUuid(id)) throw lessonNotFound();
    const row = await this.deps.data.repos.adminLessons.findById(id);
    if (!row) throw lessonNotFound();
    return this.toAdminLesson(row);
  }

  /** Exercises inside the video must fall inside it, and every route must have questions. */
  private async checkExercises(
    repository: AdminLessonsRepository,
    input: { route: string | null; exercises: LessonExerciseRecord[]; duration: number },
  ): Promise<void> {
    const errors: FieldError[] = [];
    input.exercises.forEach((exercise, index) => {
      if (exercise.time >= input.duration) {
        errors.push({
          path: `exercises.${index}.time`,
          message: `The exercise must open before the video ends (${input.duration} s).`,
        });
      }
    });
    const routes = new Map<string, string>();
    if (input.route) routes.set(input.route, 'route');
    input.exercises.forEach((exercise, index) => {
      if (!routes.has(exercise.route)) routes.set(exercise.route, `exercises.${index}.route`);
    });
    for (const [route, path] of routes) {
      if (!(await repository.routeHasQuestions(route))) {
        errors.push({ path, message: `The exercise "${route}" has no questions yet.` });
      }
    }
    if (errors.length > 0) throw invalid(errors);
  }

  private async media(
    tx: Executor,
    input: { source: string; thumbnail: string | null | undefined },
    current?: LessonCatalogueRow,
  ): Promise<{ duration: number }> {
    let duration = current?.totalDuration ?? 0;
    if (!current || input.source !== current.source) {
      const video = await requireUpload(tx, input.source, 'video', 'source');
      duration = video.durationSeconds!;
    }
    if (input.thumbnail && input.thumbnail !== current?.thumbnailImg) {
      await requireUpload(tx, input.thumbnail, 'image', 'thumbnail_img');
    }
    return { duration };
  }

  async create(actor: AdminActor, body: LessonCreate): Promise<AdminLesson> {
    const row = await this.deps.audit.write(
      actor,
      { action: 'create', entity: 'lesson' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminLessons;
        await repository.lockCatalogueOrder();
        const { duration } = await this.media(tx, {
          source: body.source,
          thumbnail: body.thumbnail_img,
        });
        const exercises = sortExercises(body.exercises);
        await this.checkExercises(repository, {
          route: body.route ?? null,
          exercises,
          duration,
        });
        const isPaid = isPaidType(body.type);
        const created = await repository.insert({
          title: body.title,
          content: body.content,
          day: body.day,
          videoOrder: 0,
          type: body.type,
          isPaid,
          source: body.source,
          thumbnailImg: body.thumbnail_img ?? null,
          totalDuration: duration,
          route: body.route ?? null,
          exercises,
        });
        await placeInDay(repository, isPaid, body.day, created.id, body.video_order);
        const inserted = (await repository.findById(created.id))!;
        return { entityId: inserted.id, before: null, after: inserted, result: inserted };
      },
    );
    return this.toAdminLesson(row);
  }

  async update(actor: AdminActor, id: string, body: LessonUpdate): Promise<AdminLesson> {
    if (!isUuid(id)) throw lessonNotFound();
    const row = await this.deps.audit.write(
      actor,
      { action: body.active === false ? 'delete' : 'update', entity: 'lesson' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminLessons;
        await repository.lockCatalogueOrder();
        const current = await repository.findById(id);
        if (!current) throw lessonNotFound();
        const type = body.type ?? current.type;
        if (isPaidType(type) !== current.isPaid) {
          // Users' copies follow their lesson between tracks, so a free user's finished copy
          // would turn up in the paid programme. A new lesson is the honest way to move one.
          throw invalid([
            {
              path: 'type',
              message: 'A lesson cannot move between the free and paid programmes; add a new one.',
            },
          ]);
        }
        const source = body.source ?? current.source;
        const thumbnail =
          body.thumbnail_img === undefined ? current.thumbnailImg : body.thumbnail_img;
        const { duration } = await this.media(tx, { source, thumbnail }, current);
        const route = body.route === undefined ? current.route : body.route;
        const exercises = sortExercises(body.exercises ?? current.exercises);
        await this.checkExercises(repository, { route, exercises, duration });

        const changes: Partial<NewLesson> = {
          title: body.title ?? current.title,
          content: body.content ?? current.content,
          type,
          source,
          thumbnailImg: thumbnail,
          totalDuration: duration,
          route,
          exercises,
          active: body.active ?? current.active,
        };
        const day = body.day ?? current.day;
        if (day !== current.day) changes.day = day;
        await repository.update(id, changes);
        if (day !== current.day || body.video_order !== undefined) {
          await placeInDay(repository, current.isPaid, day, id, body.video_order);
          if (day !== current.day) await placeInDay(repository, current.isPaid, current.day);
        }
        const after = (await repository.findById(id))!;
        return { entityId: id, before: current, after, result: after };
      },
    );
    return this.toAdminLesson(row);
  }

  /** Retires a lesson: hidden from users, their progress kept; never deleted. */
  remove(actor: AdminActor, id: string): Promise<AdminLesson> {
    return this.update(actor, id, { active: false });
  }

  /** Puts the active lessons of one track and day in the given order (1, 2, 3, ...). */
  async reorder(actor: AdminActor, body: LessonReorder): Promise<AdminLesson[]> {
    const isPaid = body.track === 'paid';
    const rows = await this.deps.audit.write(
      actor,
      { action: 'reorder', entity: 'lesson' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminLessons;
        await repository.lockCatalogueOrder();
        const inDay = await repository.inDay(isPaid, body.day);
        const active = inDay.filter((row) => row.active);
        const wanted = new Set(body.ids);
        if (
          wanted.size !== body.ids.length ||
          active.length !== body.ids.length ||
          active.some((row) => !wanted.has(row.id))
        ) {
          throw invalid([{ path: 'ids', message: 'List every lesson of that day exactly once.' }]);
        }
        const retired = inDay.filter((row) => !row.active);
        const order = [...body.ids, ...retired.map((row) => row.id)];
        for (const [index, lessonId] of order.entries()) {
          await repository.setOrder(lessonId, index + 1);
        }
        const after = await repository.inDay(isPaid, body.day);
        return {
          entityId: `${body.track}:${body.day}`,
          before: inDay.map((row) => ({ id: row.id, video_order: row.videoOrder })),
          after: after.map((row) => ({ id: row.id, video_order: row.videoOrder })),
          result: after,
        };
      },
    );
    return rows.map((row) => this.toAdminLesson(row));
  }
}

function sortExercises(exercises: readonly LessonExerciseRecord[]): LessonExerciseRecord[] {
  return [...exercises]
    .map((exercise) => ({ time: exercise.time, route: exercise.route }))
    .sort((a, b) => a.time - b.time);
}

/**
 * Renumbers one track's day 1, 2, 3, ... keeping its order, with `lessonId` (when given) put at
 * `position` (1-based; last when omitted or past the end).
 */
async function placeInDay(
  repository: AdminLessonsRepository,
  isPaid: boolean,
  day: number,
  lessonId?: string,
  position?: number,
) {
  const rows = await repository.inDay(isPaid, day);
  const others = rows.filter((row) => row.id !== lessonId);
  const ids = others.map((row) => row.id);
  if (lessonId) {
    const index =
      position === undefined ? ids.length : Math.min(Math.max(position - 1, 0), ids.length);
    ids.splice(index, 0, lessonId);
  }
  const current = new Map(rows.map((row) => [row.id, row.videoOrder]));
  for (const [index, id] of ids.entries()) {
    if (current.get(id) !== index + 1) await repository.setOrder(id, index + 1);
  }
}

export type { AdminLessonUpdate };

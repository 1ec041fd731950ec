import type {
  AdminFeedback,
  AdminNotify,
  AdminUser,
  AdminUserDetail,
} from '@exhale/contract/admin';
import type { UserRole } from '@exhale/contract/auth';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { languageOf, text } from '../../lib/texts/texts';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import { quitOverview } from '../companion/companion-admin';
import { notify } from '../notifications/notifications.module';
import type { Outbox } from '../outbox/outbox.service';
import { feedbackReplyMail, operatorMessageMail } from './admin-people.mails';
import {
  type AdminPeopleRepository,
  type FeedbackListRow,
  type UserListRow,
} from './admin-people.repository';

const userNotFound = () => notFound('User not found.');
const feedbackNotFound = () => notFound('Question not found.');

export function toAdminUser(row: UserListRow): AdminUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    type: row.type,
    role: row.role,
    step: row.step,
    current_day: row.currentDay,
    created_at: row.createdAt.toISOString(),
  };
}

function toFeedback(row: FeedbackListRow): AdminFeedback {
  return {
    _id: row.feedback.id,
    text: row.feedback.text,
    reply: row.feedback.reply,
    created_at: row.feedback.createdAt.toISOString(),
    replied_at: row.feedback.repliedAt ? row.feedback.repliedAt.toISOString() : null,
    user: { _id: row.feedback.userId, name: row.userName, email: row.userEmail },
    lesson: { title: row.lessonTitle, day: row.lessonDay },
  };
}

/** The repositories AdminPeopleService uses, on the pool or a transaction (its module file builds them). */
export interface AdminPeopleRepositories {
  adminPeople: AdminPeopleRepository;
}

/** Finding users, reading their progress, roles, messages, and the lesson-question inbox. */
export class AdminPeopleService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<AdminPeopleRepositories>;
      audit: AuditLog;
      clock: Clock;
      outbox: Pick<Outbox, 'enqueue' | 'deliverSoon'>;
    },
  ) {}

  private get repository() {
    return this.deps.data.repos.adminPeople;
  }

  async search(query: { q?: string; page: number; page_size: number }) {
    const { rows, total } = await this.repository.searchUsers({
      q: query.q || undefined,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return { data: rows.map(toAdminUser), total, page: query.page, page_size: query.page_size };
  }

  async detail(id: string): Promise<AdminUserDetail> {
    if (!isUuid(id)) throw userNotFound();
    const repository = this.repository;
    const user = await repository.findUser(id);
    if (!user) throw userNotFound();
    const [attempts, lessons, exercises, feedback, plan, quit] = await Promise.all([
      repository.attempts(id),
      repository.lessons(id),
      repository.exercises(id),
      repository.userFeedback(id),
      repository.latestPlan(id),
      quitOverview(this.deps.db, id, this.deps.clock.now()),
    ]);
    return {
      user: {
        ...toAdminUser(user),
        dob: user.dob,
        gender: user.gender,
        whatsapp_no: user.whatsappNo,
        total_points: user.totalPoints,
      },
      attempts: attempts.map((a) => ({
        attempt: a.attempt,
        total_points: a.totalPoints,
        raw_points: a.rawPoints,
        created_at: a.createdAt.toISOString(),
      })),
      lessons: lessons.map((l) => ({
        _id: l.id,
        title: l.title,
        day: l.day,
        video_order: l.videoOrder,
        type: l.type,
        status: l.status,
        is_viewed: l.isViewed,
        seconds_viewed: l.secondsViewed,
        total_duration: l.totalDuration,
        completed_at: l.completedAt ? l.completedAt.toISOString() : null,
        active: l.active,
      })),
      exercises: exercises.map((e) => ({
        route: e.route,
        answers: Number(e.answers),
        created_at: e.createdAt.toISOString(),
      })),
      feedback: feedback.map((row) => ({
        _id: row.feedback.id,
        lesson_title: row.lessonTitle,
        text: row.feedback.text,
        reply: row.feedback.reply,
        created_at: row.feedback.createdAt.toISOString(),
        replied_at: row.feedback.repliedAt ? row.feedback.repliedAt.toISOString() : null,
      })),
      plan: plan
        ? { name: plan.name, status: plan.status, purchased_at: plan.purchasedAt.toISOString() }
        : null,
      quit,
    };
  }

  /**
   * Gives or takes the admin or coach role. The last admin cannot be demoted (by themselves or anyone),
   * so the console can never lock everybody out. The role is read from the database on every
   * request, so the change applies to the user's open sessions at once.
   */
  async changeRole(actor: AdminActor, id: string, role: UserRole): Promise<AdminUser> {
    if (!isUuid(id)) throw userNotFound();
    const row = await this.deps.audit.write(
      actor,
      { action: 'role', entity: 'user' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminPeople;
        const admins = await repository.lockAdmins();
        const current = await repository.findUser(id);
        if (!current) throw userNotFound();
        if (current.role === 'admin' && role !== 'admin' && admins.length <= 1) {
          throw conflict('LAST_ADMIN', 'This is the last admin: make someone else an admin first.');
        }
        const updated = (await repository.setRole(id, role)) ?? current;
        return {
          entityId: id,
          before: { role: current.role },
          after: { role: updated.role },
          result: updated,
        };
      },
    );
    return toAdminUser(row);
  }

  /** Puts a message in the user's bell and, when asked, in their mailbox (through the outbox). */
  async sendNotification(
    actor: AdminActor,
    id: string,
    body: Required<AdminNotify>,
  ): Promise<void> {
    if (!isUuid(id)) throw userNotFound();
    await this.deps.audit.write(actor, { action: 'notify', entity: 'user' }, async (tx) => {
      const user = await this.deps.data.within(tx).adminPeople.findUser(id);
      if (!user) throw userNotFound();
      const notificationId = await notify(tx, id, { title: body.title, message: body.message });
      if (body.email) {
        await this.deps.outbox.enqueue(
          {
            channel: 'email',
            to: user.email,
            userId: user.id,
            ...operatorMessageMail(
              { name: user.name, title: body.title, message: body.message },
              user.language,
            ),
          },
          tx,
        );
      }
      return {
        entityId: id,
        before: null,
        after: { notification_id: notificationId, ...body },
        result: undefined,
      };
    });
    if (body.email) this.deps.outbox.deliverSoon();
  }

  async feedbackPage(query: {
    status: 'open' | 'replied' | 'all';
    page: number;
    page_size: number;
  }) {
    const { rows, total } = await this.repository.feedbackPage({
      status: query.status,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return { data: rows.map(toFeedback), total, page: query.page, page_size: query.page_size };
  }

  /** Answers a lesson question: saved, in the user's bell, and mailed through the outbox. */
  async reply(actor: AdminActor, id: string, reply: string): Promise<AdminFeedback> {
    if (!isUuid(id)) throw feedbackNotFound();
    const row = await this.deps.audit.write(
      actor,
      { action: 'reply', entity: 'lesson_feedback' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminPeople;
        const current = await repository.findFeedbackForUpdate(id);
        if (!current) throw feedbackNotFound();
        await repository.saveReply(id, reply, this.deps.clock.now());
        const updated = (await repository.findFeedback(id))!;
        const user = await repository.findUser(current.userId);
        await notify(tx, current.userId, {
          title: text(languageOf(user?.language), 'notice.feedbackReply.title', {
            lesson: updated.lessonTitle,
          }),
          message: reply,
        });
        if (user) {
          await this.deps.outbox.enqueue(
            {
              channel: 'email',
              to: user.email,
              userId: user.id,
              ...feedbackReplyMail(
                {
                  name: user.name,
                  lessonTitle: updated.lessonTitle,
                  question: current.text,
                  reply,
                },
                user.language,
              ),
            },
            tx,
          );
        }
        return {
          entityId: id,
          before: { reply: current.reply },
          after: { reply },
          result: updated,
        };
      },
    );
    this.deps.outbox.deliverSoon();
    return toFeedback(row);
  }
}

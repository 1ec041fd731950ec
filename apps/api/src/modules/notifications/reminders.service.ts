import { istDayNumber, istParts, MS_PER_DAY } from '@exhale/contract/ist';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { sendFollowUpNotices, sendMilestoneNotices } from '../companion/companion-reminders';
import type { LessonsRepository } from '../lessons/lessons.repository';
import type { Outbox } from '../outbox/outbox.service';
import { text } from '../../lib/texts/texts';
import { whenLabel } from '../payments/payments.mails';
import { notify } from './notifications.module';
import type { NotificationDraft } from './notifications.service';
import { type RemindersRepository, type ReminderKind } from './reminders.repository';

/** Reminders wait for the morning in India: nobody wants a WhatsApp ping at midnight. */
export const REMINDER_EARLIEST_IST_HOUR = 8;
export const REMINDER_INTERVAL_MS = 10 * 60_000;

export interface ReminderRunResult {
  lessonDays: number;
  liveSessions: number;
  /** Quit companion: health milestones reached, follow-up questions opened. */
  quitMilestones: number;
  quitFollowUps: number;
}

/** The repositories RemindersService uses, on the pool or a transaction (its module file builds them). */
export interface RemindersRepositories {
  reminders: RemindersRepository;
  lessons: LessonsRepository;
}

/**
 * Scheduled reminders: "Day N unlocked" for premium users on each new programme day, and "live
 * session tomorrow" for everyone registered. Each (user, kind, ref) is claimed in the
 * notification_reminders table in the same transaction as the notice, so a run repeated by a
 * restart or by another process never reminds twice.
 */
export class RemindersService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<RemindersRepositories>;
      clock: Clock;
      outbox: Pick<Outbox, 'deliverSoon'>;
      log: FastifyBaseLogger;
    },
  ) {}

  async runDue(): Promise<ReminderRunResult> {
    const now = this.deps.clock.now();
    if (istParts(now).hours < REMINDER_EARLIEST_IST_HOUR) {
      return { lessonDays: 0, liveSessions: 0, quitMilestones: 0, quitFollowUps: 0 };
    }
    const result = {
      lessonDays: await this.lessonDays(now),
      liveSessions: await this.liveSessionsTomorrow(now),
      quitMilestones: await this.quitMilestones(now),
      quitFollowUps: await sendFollowUpNotices(this.deps.db, now, this.sendQuit),
    };
    if (Object.values(result).some((n) => n > 0)) this.deps.outbox.deliverSoon();
    return result;
  }

  /**
   * A quit companion notice (topic 'quit': mail and WhatsApp copies as the member's settings
   * allow), claimed with any refs it stands for so those are never sent on their own.
   */
  private readonly sendQuit = (
    userId: string,
    kind: 'quit_milestone' | 'quit_follow_up',
    ref: string,
    draft: NotificationDraft,
    alsoClaim: string[] = [],
  ) =>
    this.deps.db.transaction(async (tx) => {
      const repository = this.deps.data.within(tx).reminders;
      if (!(await repository.claim(userId, kind, ref))) return false;
      for (const other of alsoClaim) await repository.claim(userId, kind, other);
      await notify(tx, userId, {
        ...draft,
        topic: 'quit',
        kind: kind === 'quit_milestone' ? 'milestone' : 'follow_up',
      });
      return true;
    });

  private async quitMilestones(now: Date): Promise<number> {
    // Runs are at most 400 days old (the last milestone is at one year).
    const sent = await this.deps.data.repos.reminders.sentSince(
      'quit_milestone',
      new Date(now.getTime() - 400 * MS_PER_DAY),
    );
    return sendMilestoneNotices(this.deps.db, now, sent, this.sendQuit);
  }

  private async send(userId: string, kind: ReminderKind, ref: string, draft: NotificationDraft) {
    return this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.data.within(tx).reminders.claim(userId, kind, ref))) return false;
      await notify(tx, userId, { ...draft, topic: 'reminders', kind: 'reminder' });
      return true;
    });
  }

  /** Day 1 is announced by the purchase itself; days 2 to the last are announced here. */
  private async lessonDays(now: Date): Promise<number> {
    const repository = this.deps.data.repos.reminders;
    const totalDays = await this.deps.data.repos.lessons.totalDays(true);
    if (totalDays < 2) return 0;
    // Users past their last day need nothing; one spare day covers the IST date boundary.
    const earliest = new Date(now.getTime() - (totalDays + 1) * MS_PER_DAY);
    const sent = await repository.sentSince('lesson_day', earliest);
    let count = 0;
    for (const user of await repository.premiumUsersSince(earliest)) {
      const day = 1 + istDayNumber(now) - istDayNumber(user.premiumSince!);
      if (day < 2 || day > totalDays || sent.has(`${user.id}:${day}`)) continue;
      const done = await this.send(user.id, 'lesson_day', String(day), {
        language: user.language,
        title: text(user.language, 'notice.lessonDay.title'),
        message: text(user.language, 'notice.lessonDay.message', { day }),
      });
      if (done) count += 1;
    }
    return count;
  }

  private async liveSessionsTomorrow(now: Date): Promise<number> {
    const repository = this.deps.data.repos.reminders;
    const tomorrow = istDayNumber(now) + 1;
    const rows = await repository.registrationsForSessionsBetween(
      now,
      new Date(now.getTime() + 2 * MS_PER_DAY),
    );
    let count = 0;
    for (const row of rows) {
      if (istDayNumber(row.sessionDate) !== tomorrow) continue;
      const done = await this.send(row.userId, 'live_session_tomorrow', row.sessionId, {
        language: row.language,
        title: text(row.language, 'notice.liveSessionTomorrow.title'),
        message: text(row.language, 'notice.liveSessionTomorrow.message', {
          title: row.title,
          when: whenLabel(row.sessionDate, row.language),
        }),
      });
      if (done) count += 1;
    }
    return count;
  }
}

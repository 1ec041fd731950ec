import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { istDateDayNumber, istDateString, istParts } from '@exhale/contract/ist';
import { inQuietHours, PROGRAMME_LIMITS } from '@exhale/contract/messaging';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { progressOfMembers } from '../companion/quit-plan.module';
import type { Outbox } from '../outbox/outbox.service';
import type { DataAccess } from '../../lib/data-access';
import type { LibraryRepository } from './library.repository';
import { ensureLibrarySeeded, pickMessage, placeholderValues, renderMessage } from './library';
import type { DueMember, MessagingRepository, NewSend } from './messaging.repository';
import type { Executor } from '../../db/client';
import { isLanguageCode } from '@exhale/contract/languages';
import { textsFor } from '../../lib/texts/texts';
import { enqueuePush } from '../push/push.module';

/** What a scheduler run reads and writes (messaging.module.ts builds them). */
export interface SchedulerRepositories {
  library: Pick<LibraryRepository, 'seedWhenEmpty' | 'list'>;
  messaging: Pick<
    MessagingRepository,
    'claimDue' | 'insertSends' | 'forgetFallbacksBefore' | 'claimFailovers' | 'markFellBack'
  >;
}

/**
 * A WhatsApp programme message is tried this many times (now, +30 s, +1 min, +2 min) before the
 * outbox gives it up, so its SMS fallback goes out within 15 minutes (decision 053).
 */
export const WHATSAPP_PROGRAMME_ATTEMPTS = 4;
/** Texts that show the member's own figures; the others need no progress read. */
const NEEDS_PROGRESS = /\{(days|saved)\}/;
const NO_FIGURES = { days_smoke_free: 0, money_saved_paise: 0 };

/**
 * How the day's message reaches a member: their own channel when it has its number, else push
 * (no number needed) when a browser of theirs accepted notifications. SMS comes last, as the
 * fallback of a failed WhatsApp or push message (`failOver`).
 */
export function programmeRoute(
  member: Pick<DueMember, 'channel' | 'reachable' | 'push' | 'whatsapp_no' | 'mobile' | 'user_id'>,
): { channel: 'whatsapp' | 'sms' | 'push'; to: string } | undefined {
  if (member.channel === 'whatsapp' && member.reachable && member.whatsapp_no) {
    return { channel: 'whatsapp', to: member.whatsapp_no };
  }
  if (member.channel === 'sms' && member.reachable && member.mobile) {
    return { channel: 'sms', to: member.mobile };
  }
  // A push row's recipient is each subscription; `to` only names the member here.
  return member.push ? { channel: 'push', to: member.user_id } : undefined;
}

/** The day's message to each of the member's browsers, the newest under `id` (the send's row). */
function enqueueProgrammePush(
  executor: Executor,
  userId: string,
  language: string,
  text: string,
  now: Date,
  id: string,
): Promise<number> {
  const code = isLanguageCode(language) ? language : 'en';
  return enqueuePush(
    executor,
    userId,
    { title: textsFor(code)('push.programme.title'), body: text, url: '/dashboard' },
    'programme',
    now,
    [id],
  );
}

/** A failed WhatsApp message is re-sent by SMS only on the day it was meant for. */
const FALLBACK_WINDOW_MS = 24 * 60 * 60_000;

export interface SchedulerRun {
  enqueued: number;
  fellBack: number;
}

/**
 * The programme's daily send (API.md "Messaging programme"), one more job of the outbox worker
 * process. Each run enqueues the day's message for every member whose time has come, and re-sends
 * by SMS what WhatsApp failed to deliver. Any number of processes may run it at once: members are
 * claimed with SKIP LOCKED and each (member, IST date) row can be inserted once, in the same
 * transaction as its outbox message (ARCHITECTURE.md §4).
 */
export class ProgrammeScheduler {
  constructor(
    private readonly deps: {
      /** The pool the members' progress is read from (the companion's counting). */
      db: Database;
      data: DataAccess<SchedulerRepositories>;
      outbox: Outbox;
      clock: Clock;
      log?: FastifyBaseLogger;
      batchSize?: number;
    },
  ) {}

  /** One run at `at` (the clock's now by default; the dev route and tests pass an instant). */
  async runOnce(at: Date = this.deps.clock.now()): Promise<SchedulerRun> {
    const parts = istParts(at);
    // Never at night, whatever is due: neither the day's message nor a fallback SMS.
    if (inQuietHours(parts.hours * 60 + parts.minutes)) return { enqueued: 0, fellBack: 0 };
    const enqueued = await this.enqueueDue(at, parts.hours * 60 + parts.minutes);
    const fellBack = await this.failOver(at);
    if (enqueued + fellBack > 0) this.deps.outbox.deliverSoon();
    return { enqueued, fellBack };
  }

  private async enqueueDue(now: Date, minute: number): Promise<number> {
    const { db, data, outbox } = this.deps;
    const batchSize = this.deps.batchSize ?? 200;
    await ensureLibrarySeeded(db, data.repos.library);
    const library = await data.repos.library.list();
    const today = istDateString(now);
    const todayNumber = istDateDayNumber(today);
    let total = 0;
    for (;;) {
      const { claimed, enqueued } = await data.transaction(async (repos, tx) => {
        const repository = repos.messaging;
        const due = await repository.claimDue({
          today,
          minute,
          firstDay: PROGRAMME_LIMITS.firstDay,
          lastDay: PROGRAMME_LIMITS.lastDay,
          limit: batchSize,
        });
        const picked = due.flatMap((member) => {
          const route = programmeRoute(member);
          const dayOffset = todayNumber - istDateDayNumber(member.quit_date);
          const message = pickMessage(library, {
            dayOffset,
            language: member.language,
            tobaccoType: member.tobacco_type,
          });
          return route && message ? [{ member, ...route, dayOffset, message }] : [];
        });
        // The member's own figures (the companion's counting), read in one query beside this
        // transaction, only for the members whose text shows them.
        const figuresOf = await progressOfMembers(
          db,
          picked.filter((p) => NEEDS_PROGRESS.test(p.message.text)).map((p) => p.member.user_id),
          now,
        );
        const sends: (NewSend & { to: string; text: string; language: string })[] = [];
        picked.forEach(({ member, to, channel, dayOffset, message }) => {
          const figures = NEEDS_PROGRESS.test(message.text)
            ? figuresOf.get(member.user_id)
            : NO_FIGURES;
          if (!figures) return;
          const text = renderMessage(
            message.text,
            placeholderValues(member.name, dayOffset, figures),
          );
          sends.push({
            userId: member.user_id,
            istDate: today,
            dayOffset,
            channel,
            outboxId: randomUUID(),
            // WhatsApp and push keep the text for a fallback; SMS is the last resort.
            fallbackText: channel === 'sms' ? null : text,
            createdAt: now,
            to,
            text,
            language: member.language,
          });
        });
        // Another worker may have sent to some of them since this one read: only the rows this
        // transaction inserted get a message.
        const fresh = await repository.insertSends(sends);
        await outbox.enqueueMany(
          sends
            .filter((send) => fresh.has(send.userId) && send.channel !== 'push')
            .map((send) => ({
              id: send.outboxId,
              channel: send.channel,
              to: send.to,
              userId: send.userId,
              text: send.text,
              kind: 'programme' as const,
              params: { day: String(send.dayOffset), text: send.text },
              language: send.language,
              ...(send.channel === 'whatsapp' ? { maxAttempts: WHATSAPP_PROGRAMME_ATTEMPTS } : {}),
            })),
          tx,
        );
        for (const send of sends) {
          if (send.channel !== 'push' || !fresh.has(send.userId)) continue;
          await enqueueProgrammePush(tx, send.userId, send.language, send.text, now, send.outboxId);
        }
        return { claimed: due.length, enqueued: fresh.size };
      });
      total += enqueued;
      if (claimed < batchSize || enqueued === 0) break;
    }
    if (total > 0) this.deps.log?.info({ enqueued: total, date: today }, 'programme messages due');
    return total;
  }

  /**
   * Re-sends each programme message that failed today, once per channel down the failover
   * order: a failed WhatsApp message by push to a member with a browser that accepted
   * notifications, else by SMS; a failed push (every browser's copy) by SMS. A member without
   * a mobile number, or who has opted out since, gets nothing more.
   */
  private async failOver(now: Date): Promise<number> {
    const { data, outbox } = this.deps;
    const today = istDateString(now);
    const since = new Date(now.getTime() - FALLBACK_WINDOW_MS);
    await data.repos.messaging.forgetFallbacksBefore(since);
    let total = 0;
    for (;;) {
      const claimed = await data.transaction(async (repos, tx) => {
        const repository = repos.messaging;
        const candidates = await repository.claimFailovers(since, 200);
        for (const send of candidates) {
          // The member's channel, then push, then SMS: a failed WhatsApp message goes by push
          // to a member with a browser that accepted notifications, keeping its text in case
          // the push fails too.
          const pushFailed = send.fallback_outbox_id !== null;
          if (send.channel === 'whatsapp' && !pushFailed && send.push && !send.opted_out) {
            if (send.ist_date !== today) {
              await repository.markFellBack(send.id, null);
              continue;
            }
            const pushId = randomUUID();
            const queued = await enqueueProgrammePush(
              tx,
              send.user_id,
              send.language ?? 'en',
              send.fallback_text,
              now,
              pushId,
            );
            if (queued > 0) {
              await repository.markFellBack(send.id, pushId, true);
              total += 1;
              continue;
            }
          }
          if (!send.mobile || send.opted_out || send.ist_date !== today) {
            // Nothing more goes; a push fallback that was tried stays on record.
            await repository.markFellBack(send.id, send.fallback_outbox_id);
            continue;
          }
          const smsId = await outbox.enqueue(
            {
              channel: 'sms',
              to: send.mobile,
              userId: send.user_id,
              text: send.fallback_text,
              kind: 'programme',
              params: { day: String(send.day_offset), text: send.fallback_text },
              language: send.language,
            },
            tx,
          );
          await repository.markFellBack(send.id, smsId);
          total += 1;
        }
        return candidates.length;
      });
      if (claimed < 200) break;
    }
    return total;
  }
}

export const PROGRAMME_INTERVAL_MS = 60_000;

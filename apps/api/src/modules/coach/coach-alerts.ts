import { languageOf, text } from '../../lib/texts/texts';
import { notificationCopyMail } from '../notifications/notifications.mails';
import { inCoachHours } from './coach-hours';
import type { CoachDeps } from './coach.service';

const HOUR_MS = 3_600_000;
/** Any conversation waiting longer than this alerts the admins (decision 089). */
export const LONG_WAIT_HOURS = 24;
/** An urgent one alerts after this long, checked within coach hours. */
export const URGENT_WAIT_HOURS = 1;
/** How often the check runs in each worker. */
export const COACH_ALERTS_INTERVAL_MS = 60_000;

/**
 * The scheduled check: a conversation waiting more than 24 hours, or an urgent one more than an
 * hour while coaches are on, rings every admin's bell and mails them, once per waiting period
 * (a coach's reply ends the period). The claim on `alerted_at` makes it once across workers.
 */
export class CoachAlerts {
  constructor(private readonly deps: CoachDeps) {}

  /** Resolves with how many conversations were alerted. */
  async runOnce(): Promise<number> {
    const now = this.deps.clock.now();
    const { coach } = this.deps.data.repos;
    const urgentBefore = inCoachHours(this.deps.hours, now)
      ? new Date(now.getTime() - URGENT_WAIT_HOURS * HOUR_MS)
      : null;
    const waiting = await coach.waitingTooLong(
      new Date(now.getTime() - LONG_WAIT_HOURS * HOUR_MS),
      urgentBefore,
    );
    let alerted = 0;
    for (const { conversation, memberName } of waiting) {
      const claimed = await this.deps.data.transaction(async (repos, tx) => {
        if (!(await repos.coach.claimAlert(conversation.id, now))) return false;
        const urgentOnly =
          conversation.urgent &&
          now.getTime() - conversation.waitingSince!.getTime() < LONG_WAIT_HOURS * HOUR_MS;
        for (const admin of await repos.coach.staff(['admin'])) {
          const language = languageOf(admin.language);
          const notice = {
            title: text(language, 'coach.waitingTitle'),
            message: urgentOnly
              ? text(language, 'coach.urgentWaitingMessage', { name: memberName })
              : text(language, 'coach.waitingMessage', {
                  name: memberName,
                  hours: LONG_WAIT_HOURS,
                }),
          };
          await repos.notifications.insert({ userId: admin.id, ...notice, language });
          await this.deps.outbox.enqueue(
            {
              channel: 'email',
              to: admin.email,
              userId: admin.id,
              ...notificationCopyMail(admin.name, notice, language),
            },
            tx,
          );
        }
        return true;
      });
      if (claimed) alerted += 1;
    }
    if (alerted > 0) this.deps.outbox.deliverSoon();
    return alerted;
  }
}

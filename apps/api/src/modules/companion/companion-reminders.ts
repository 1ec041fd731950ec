import {
  FOLLOW_UP_OPEN_DAYS,
  FOLLOW_UP_WEEKS,
  followUpDueOn,
  followUpOpenSince,
} from '@exhale/contract/follow-ups';
import { addIstDays, istDateStart, istDateString } from '@exhale/contract/ist';
import type { LanguageCode } from '@exhale/contract/languages';
import { MILESTONES, type MilestoneKey } from '@exhale/contract/quit-plan';
import type { Database } from '../../db/client';
import { languageOf, text } from '../../lib/texts/texts';
import type { NotificationDraft } from '../notifications/notifications.service';
import { companionRemindersRepository } from './companion-reminders.module';

/**
 * The bell notice of a milestone, after WHO's timeline of the benefits of quitting (decision
 * 032), in the member's language (the API's catalogues, `notice.milestone.<key>.*`).
 */
export function milestoneNotice(key: MilestoneKey, language: LanguageCode): NotificationDraft {
  return {
    language,
    title: text(language, `notice.milestone.${key}.title`),
    message: text(language, `notice.milestone.${key}.message`),
  };
}

/** The follow-up notice: the question of `FOLLOW_UP_QUESTION`, in the member's language. */
export function followUpNotice(language: LanguageCode): NotificationDraft {
  return {
    language,
    title: text(language, 'notice.followUp.title'),
    message: text(language, 'notice.followUp.message'),
  };
}

/** Milestones older than this after the quit date are not looked for (the last is at 1 year). */
const MILESTONE_LOOKBACK_DAYS = 400;

type Send = (
  userId: string,
  kind: 'quit_milestone' | 'quit_follow_up',
  ref: string,
  draft: NotificationDraft,
  /** Further refs claimed with it, so they are never announced on their own. */
  alsoClaim?: string[],
) => Promise<boolean>;

/**
 * Milestones reached in the member's current smoke-free run. Each (milestone, run) is announced
 * at most once; when several were reached since the last run of the job (a plan saved with a past
 * quit date), only the latest is announced and the others are claimed silently.
 */
export async function sendMilestoneNotices(
  db: Database,
  now: Date,
  sent: ReadonlySet<string>,
  send: Send,
): Promise<number> {
  const today = istDateString(now);
  const candidates = await companionRemindersRepository(db).milestoneCandidates(
    today,
    addIstDays(today, -MILESTONE_LOOKBACK_DAYS),
  );
  let count = 0;
  for (const plan of candidates) {
    const start = istDateStart(plan.quit_date);
    const since =
      plan.last_slip && plan.last_slip.getTime() > start.getTime() ? plan.last_slip : start;
    const run = since.toISOString();
    const reached = MILESTONES.filter(
      (m) => since.getTime() + m.after_minutes * 60_000 <= now.getTime(),
    ).map((m) => `${m.key}:${run}`);
    const fresh = reached.filter((ref) => !sent.has(`${plan.user_id}:${ref}`));
    const latest = fresh[fresh.length - 1];
    if (!latest) continue;
    const key = latest.slice(0, latest.indexOf(':')) as MilestoneKey;
    const notice = milestoneNotice(key, languageOf(plan.language));
    if (await send(plan.user_id, 'quit_milestone', latest, notice, fresh.slice(0, -1))) {
      count += 1;
    }
  }
  return count;
}

/** "Have you smoked at all in the last 7 days?" once per open, unanswered follow-up. */
export async function sendFollowUpNotices(db: Database, now: Date, send: Send): Promise<number> {
  const today = istDateString(now);
  const latestWeek = FOLLOW_UP_WEEKS[FOLLOW_UP_WEEKS.length - 1]!;
  const candidates = await companionRemindersRepository(db).followUpCandidates(
    addIstDays(today, -(7 * latestWeek + FOLLOW_UP_OPEN_DAYS - 1)),
    addIstDays(today, -7 * FOLLOW_UP_WEEKS[0]),
  );
  let count = 0;
  for (const plan of candidates) {
    for (const week of FOLLOW_UP_WEEKS) {
      const dueOn = followUpDueOn(plan.quit_date, week);
      if (!followUpOpenSince(dueOn, today, plan.set_on) || plan.answered_weeks.includes(week)) {
        continue;
      }
      const notice = followUpNotice(languageOf(plan.language));
      if (await send(plan.user_id, 'quit_follow_up', `${week}:${dueOn}`, notice)) {
        count += 1;
      }
    }
  }
  return count;
}

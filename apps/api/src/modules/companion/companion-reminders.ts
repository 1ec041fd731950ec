import {
  FOLLOW_UP_OPEN_DAYS,
  FOLLOW_UP_QUESTION,
  FOLLOW_UP_WEEKS,
  followUpDueOn,
  followUpOpen,
} from '@exhale/contract/follow-ups';
import { addIstDays, istDateStart, istDateString } from '@exhale/contract/ist';
import { MILESTONES, type MilestoneKey } from '@exhale/contract/quit-plan';
import type { Database } from '../../db/client';
import type { NotificationDraft } from '../notifications/notifications.service';
import { companionRemindersRepository } from './companion-reminders.module';

/**
 * The bell texts of the milestones, after WHO's timeline of the benefits of quitting
 * (decision 032). Fixed texts, so the API's Hindi catalogue translates them.
 */
export const MILESTONE_NOTICES: Readonly<Record<MilestoneKey, NotificationDraft>> = {
  pulse: {
    title: 'Health milestone: 20 minutes',
    message: 'Your heart rate and blood pressure are dropping.',
  },
  oxygen: {
    title: 'Health milestone: 8 hours',
    message: 'The oxygen level in your blood is returning to normal.',
  },
  carbon_monoxide: {
    title: 'Health milestone: 1 day',
    message: 'The carbon monoxide level in your blood has dropped to normal.',
  },
  taste_smell: {
    title: 'Health milestone: 2 days',
    message: 'Your senses of taste and smell are starting to come back.',
  },
  breathing: {
    title: 'Health milestone: 3 days',
    message: 'Breathing feels easier as your airways relax.',
  },
  circulation: {
    title: 'Health milestone: 2 weeks',
    message: 'Your circulation improves and your lungs work better.',
  },
  lungs_clearing: {
    title: 'Health milestone: 1 month',
    message: 'Coughing and shortness of breath decrease as your lungs clear.',
  },
  heart_risk_half: {
    title: 'Health milestone: 1 year',
    message: 'Your risk of coronary heart disease is now about half that of a smoker.',
  },
};

export const FOLLOW_UP_NOTICE: NotificationDraft = {
  title: 'A quick question about your quit',
  message: `${FOLLOW_UP_QUESTION} Answer on your dashboard; it takes one tap.`,
};

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
    if (
      await send(plan.user_id, 'quit_milestone', latest, MILESTONE_NOTICES[key], fresh.slice(0, -1))
    ) {
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
      if (!followUpOpen(dueOn, today) || plan.answered_weeks.includes(week)) continue;
      if (await send(plan.user_id, 'quit_follow_up', `${week}:${dueOn}`, FOLLOW_UP_NOTICE)) {
        count += 1;
      }
    }
  }
  return count;
}

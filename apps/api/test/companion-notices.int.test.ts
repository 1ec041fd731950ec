import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRemindersService } from '../src/modules/notifications/reminders.module';
import { outboxFor } from './accounts';
import { ManualClock, createTestApp } from './app';
import { createUser, type TestUser } from './programme-fixtures';

// "Milestone reached" and the week 4/12/26 follow-up questions go through the reminders
// job and the outbox: once each, across runs, with mail only where the member's setting allows.

const clock = new ManualClock(Date.parse('2026-03-10T04:30:00.000Z')); // 10:00 IST
const setNow = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
let app: FastifyInstance;
let reminders: ReturnType<typeof createRemindersService>;

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  reminders = createRemindersService({ db: app.db, clock, outbox: app.outbox, log: app.log });
});

async function savePlan(user: TestUser, quitDate: string) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/quit-plan',
    headers: user.headers,
    payload: {
      quit_date: quitDate,
      tobacco: [{ type: 'cigarette', per_day: 5, cost_per_day: 90 }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function bell(user: TestUser): Promise<{ title: string; message: string }[]> {
  return (await app.inject({ url: '/api/notification', headers: user.headers })).json().data;
}

async function quitMails(user: TestUser) {
  return (await outboxFor(app, user.row.email!)).filter(
    (m) => m.subject?.startsWith('Health milestone') || m.subject?.startsWith('A quick question'),
  );
}

describe('milestone notices', () => {
  it('announces the latest milestone reached once, in the bell and by mail', async () => {
    setNow('2026-03-10T04:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, '2026-03-06'); // 4 days and 10 hours ago: 72 hours passed
    const first = await reminders.runDue();
    expect(first.quitMilestones).toBeGreaterThanOrEqual(1);
    expect((await bell(user)).map((n) => n.title)).toEqual(['Health milestone: 3 days']);
    expect((await bell(user))[0]!.message).toBe('Breathing feels easier as your airways relax.');
    expect(await quitMails(user)).toHaveLength(1);

    // Nothing new on the next runs, also not the earlier milestones on their own.
    await reminders.runDue();
    setNow('2026-03-10T10:30:00.000Z');
    await reminders.runDue();
    expect(await bell(user)).toHaveLength(1);

    // Two weeks: the next one.
    setNow('2026-03-19T18:35:00.000Z'); // 00:05 IST on 20 March
    await reminders.runDue(); // before 08:00 IST: nothing
    expect(await bell(user)).toHaveLength(1);
    setNow('2026-03-20T03:00:00.000Z'); // 08:30 IST
    await reminders.runDue();
    expect((await bell(user)).map((n) => n.title)).toEqual([
      'Health milestone: 2 weeks',
      'Health milestone: 3 days',
    ]);
  });

  it('starts again after a slip, and keeps mail off when the member turned it off', async () => {
    setNow('2026-03-10T04:30:00.000Z');
    const user = await createUser(app);
    const settings = (
      await app.inject({ url: '/api/user-notification', headers: user.headers })
    ).json().data as { _id: string; notification_id: { setting: string } }[];
    const quitEmail = settings.find(
      (s) => s.notification_id.setting === 'Email milestones and follow-ups',
    )!;
    const off = await app.inject({
      method: 'PUT',
      url: `/api/user-notification/${quitEmail._id}`,
      headers: user.headers,
      payload: { status: false },
    });
    expect(off.statusCode, off.body).toBe(200);

    await savePlan(user, '2026-03-10'); // began 10 hours ago: 8 hours passed
    await reminders.runDue();
    expect((await bell(user)).map((n) => n.title)).toEqual(['Health milestone: 8 hours']);

    const slip = await app.inject({
      method: 'POST',
      url: '/api/cravings',
      headers: user.headers,
      payload: { intensity: 5, trigger: 'stress', outcome: 'slipped', units: 1 },
    });
    expect(slip.statusCode).toBe(201);
    setNow('2026-03-10T04:55:00.000Z'); // 25 minutes after the slip
    await reminders.runDue();
    expect((await bell(user)).map((n) => n.title)).toEqual([
      'Health milestone: 20 minutes',
      'Health milestone: 8 hours',
    ]);
    expect(await quitMails(user)).toEqual([]);
  });

  it("writes the milestone and the follow-up question in the member's language", async () => {
    setNow('2026-03-10T04:30:00.000Z');
    const tamil = await createUser(app);
    const marathi = await createUser(app);
    for (const [user, language] of [
      [tamil, 'ta'],
      [marathi, 'mr'],
    ] as const) {
      const saved = await app.inject({
        method: 'PATCH',
        url: '/api/user/profile/language',
        headers: user.headers,
        payload: { language },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    await savePlan(tamil, '2026-03-06'); // 72 hours passed
    // Set on the day itself: a follow-up due before its quit date was set never opens.
    setNow('2026-02-08T04:30:00.000Z');
    await savePlan(marathi, '2026-02-08'); // week 4 follow-up due on 8 March
    setNow('2026-03-10T04:30:00.000Z');
    await reminders.runDue();
    expect(await bell(tamil)).toEqual([
      expect.objectContaining({
        title: 'உடல்நல மைல்கல்: 3 நாட்கள்',
        message: 'சுவாசக் குழாய்கள் தளர்வதால் சுவாசிப்பது எளிதாக இருக்கிறது.',
      }),
    ]);
    expect(await bell(marathi)).toContainEqual(
      expect.objectContaining({
        title: 'तुमच्या तंबाखू सोडण्याबद्दल एक छोटा प्रश्न',
        message: expect.stringMatching(/^गेल्या 7 दिवसांत /),
      }),
    );
  });

  it('says nothing before the quit date', async () => {
    setNow('2026-03-10T04:30:00.000Z');
    const user = await createUser(app);
    await savePlan(user, '2026-03-12');
    await reminders.runDue();
    expect(await bell(user)).toEqual([]);
  });
});

describe('follow-up notices', () => {
  it('asks once when a follow-up opens, and not after it was answered', async () => {
    setNow('2026-03-10T04:30:00.000Z');
    const asked = await createUser(app);
    const answered = await createUser(app);
    // Set on the quit date itself: a follow-up due before its quit date was set never opens.
    setNow('2026-02-08T04:30:00.000Z');
    await savePlan(asked, '2026-02-08'); // week 4 due on 8 March
    await savePlan(answered, '2026-02-08');
    setNow('2026-03-10T04:30:00.000Z');
    const put = await app.inject({
      method: 'PUT',
      url: '/api/follow-ups/4',
      headers: answered.headers,
      payload: { smoked_last_7_days: false },
    });
    expect(put.statusCode, put.body).toBe(200);

    const run = await reminders.runDue();
    expect(run.quitFollowUps).toBe(1);
    const notices = (await bell(asked)).filter(
      (n) => n.title === 'A quick question about your quit',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toMatch(/^Have you smoked at all in the last 7 days\?/);
    expect((await quitMails(asked)).filter((m) => m.subject?.startsWith('A quick'))).toHaveLength(
      1,
    );
    expect(
      (await bell(answered)).filter((n) => n.title === 'A quick question about your quit'),
    ).toEqual([]);

    expect((await reminders.runDue()).quitFollowUps).toBe(0);
    // Two processes at once still ask once (the claim is a unique row).
    setNow('2026-05-03T04:30:00.000Z'); // week 12 due on 3 May
    await Promise.all([reminders.runDue(), reminders.runDue()]);
    const questions = async (user: TestUser) =>
      (await bell(user)).filter((n) => n.title === 'A quick question about your quit').length;
    expect(await questions(asked)).toBe(2); // weeks 4 and 12
    expect(await questions(answered)).toBe(1); // week 12 only
    expect((await reminders.runDue()).quitFollowUps).toBe(0);
  });
});

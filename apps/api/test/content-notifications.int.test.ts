import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveSessionRegistrations, liveSessions } from '../src/db/schema/money';
import { notify } from '../src/modules/notifications/notifications.module';
import { RemindersRepository } from '../src/modules/notifications/reminders.repository';
import { createRemindersService } from '../src/modules/notifications/reminders.module';
import { outboxFor } from './accounts';
import { ManualClock, createTestApp } from './app';
import { createUser, seedFixtureCatalogue, type TestUser } from './programme-fixtures';

// 10:00 IST on 10 March 2026: inside the hours reminders may be sent.
const TEN_AM_IST = Date.parse('2026-03-10T04:30:00Z');
const DAY = 86_400_000;

let app: FastifyInstance;
let clock: ManualClock;
let reminders: ReturnType<typeof createRemindersService>;

beforeAll(async () => {
  clock = new ManualClock(TEN_AM_IST);
  app = await createTestApp({}, { clock });
  await seedFixtureCatalogue(app.db); // a paid programme of three days
  reminders = createRemindersService({ db: app.db, clock, outbox: app.outbox, log: app.log });
});

interface Setting {
  _id: string;
  status: boolean;
  notification_id: { _id: string; title: string; setting: string; desc: string };
}

async function settingsOf(user: TestUser): Promise<Setting[]> {
  const res = await app.inject({ url: '/api/user-notification', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function find(settings: Setting[], title: string, setting: string): Setting {
  const found = settings.find(
    (s) => s.notification_id.title === title && s.notification_id.setting === setting,
  );
  if (!found) throw new Error(`no setting ${title} / ${setting}`);
  return found;
}

function put(user: TestUser, id: string, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url: `/api/user-notification/${id}`,
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  });
}

async function turn(user: TestUser, title: string, setting: string, status: boolean) {
  const res = await put(user, find(await settingsOf(user), title, setting)._id, { status });
  expect(res.statusCode, res.body).toBe(200);
}

const bellTitles = async (user: TestUser) =>
  (
    (await app.inject({ url: '/api/notification', headers: user.headers })).json().data as {
      title: string;
    }[]
  ).map((n) => n.title);

describe('GET /user-notification', () => {
  it('gives a new user every setting at its default, grouped by title', async () => {
    const user = await createUser(app);
    const settings = await settingsOf(user);
    expect([...new Set(settings.map((s) => s.notification_id.title))]).toEqual([
      'Reminders',
      'Community',
      'Plans & Payments',
      'Quit companion',
    ]);
    expect(find(settings, 'Reminders', 'Email reminders').status).toBe(true);
    expect(find(settings, 'Quit companion', 'Email milestones and follow-ups').status).toBe(true);
    expect(find(settings, 'Quit companion', 'WhatsApp milestones and follow-ups').status).toBe(
      false,
    );
    expect(find(settings, 'Community', 'WhatsApp updates').status).toBe(false);
    expect(find(settings, 'Plans & Payments', 'WhatsApp updates').status).toBe(false);
    for (const s of settings) expect(s.notification_id.desc.length).toBeGreaterThan(10);
    // Read twice, still one row per definition.
    expect(await settingsOf(user)).toEqual(settings);
  });

  it('needs a session', async () => {
    expect((await app.inject({ url: '/api/user-notification' })).statusCode).toBe(401);
  });
});

describe('PUT /user-notification/{id}', () => {
  it('saves the change for the caller', async () => {
    const user = await createUser(app);
    const setting = find(await settingsOf(user), 'Reminders', 'Email reminders');
    const res = await put(user, setting._id, { status: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...setting, status: false });
    expect(find(await settingsOf(user), 'Reminders', 'Email reminders').status).toBe(false);
  });

  it("is 404 for another user's setting, which stays as it was", async () => {
    const owner = await createUser(app);
    const intruder = await createUser(app);
    await settingsOf(intruder);
    const setting = find(await settingsOf(owner), 'Reminders', 'Email reminders');
    const res = await put(intruder, setting._id, { status: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This notification setting was not found.');
    expect(find(await settingsOf(owner), 'Reminders', 'Email reminders').status).toBe(true);
    expect(find(await settingsOf(intruder), 'Reminders', 'Email reminders').status).toBe(true);
    expect((await put(owner, 'not-an-id', { status: true })).statusCode).toBe(404);
  });

  it('needs a boolean status', async () => {
    const user = await createUser(app);
    const setting = (await settingsOf(user))[0]!;
    expect((await put(user, setting._id, { status: 'yes' })).statusCode).toBe(400);
    expect((await put(user, setting._id, {})).statusCode).toBe(400);
  });
});

describe('PUT /user-notification/reset', () => {
  it("puts every one of the caller's settings back to its default", async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const defaults = await settingsOf(user);
    for (const s of defaults) await put(user, s._id, { status: !s.status });
    await turn(other, 'Reminders', 'Email reminders', false);

    const res = await app.inject({
      method: 'PUT',
      url: '/api/user-notification/reset',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Notification Reset Success');
    expect(res.json().data).toEqual(defaults);
    expect(await settingsOf(user)).toEqual(defaults);
    // Only the caller's settings.
    expect(find(await settingsOf(other), 'Reminders', 'Email reminders').status).toBe(false);
  });
});

describe('notify()', () => {
  const purchaseNotice = { title: 'Plan Purchased', message: 'Welcome to the Lifetime Plan!' };

  it('always fills the bell; account notices get no email copy (receipts are mailed anyway)', async () => {
    const user = await createUser(app, { whatsappNo: '9000000001' });
    await app.db.transaction((tx) => notify(tx, user.id, purchaseNotice));
    expect(await bellTitles(user)).toEqual(['Plan Purchased']);
    expect(await outboxFor(app, user.row.email)).toHaveLength(0);
    // WhatsApp copies of account notices are off by default.
    expect(await outboxFor(app, '9000000001')).toHaveLength(0);
  });

  it('sends the WhatsApp copy to the verified number once the user turns it on', async () => {
    const user = await createUser(app, { whatsappNo: '9000000002' });
    await turn(user, 'Plans & Payments', 'WhatsApp updates', true);
    await app.db.transaction((tx) => notify(tx, user.id, purchaseNotice));
    const [copy] = await outboxFor(app, '9000000002');
    expect(copy).toMatchObject({ channel: 'whatsapp' });
    expect(copy!.text).toContain('Plan Purchased');
    expect(copy!.text).toContain('Welcome to the Lifetime Plan!');
  });

  it('sends only the bell notice when email is off and no WhatsApp number is verified', async () => {
    const user = await createUser(app);
    await turn(user, 'Reminders', 'Email reminders', false);
    await app.db.transaction((tx) =>
      notify(tx, user.id, { ...purchaseNotice, topic: 'reminders' }),
    );
    expect(await bellTitles(user)).toEqual(['Plan Purchased']);
    expect(await outboxFor(app, user.row.email)).toHaveLength(0);
  });

  it('writes nothing when the change it announces rolls back', async () => {
    const user = await createUser(app);
    await app.db
      .transaction(async (tx) => {
        await notify(tx, user.id, { ...purchaseNotice, topic: 'reminders' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await bellTitles(user)).toEqual([]);
    expect(await outboxFor(app, user.row.email)).toHaveLength(0);
  });
});

describe('scheduled reminders', () => {
  it('announces each new programme day once, by email only when the setting is on', async () => {
    // Bought two IST days ago: today is day 3 of the three-day fixture programme.
    const on = await createUser(app, {
      type: 'premium',
      premiumSince: new Date(TEN_AM_IST - 2 * DAY),
    });
    const off = await createUser(app, {
      type: 'premium',
      premiumSince: new Date(TEN_AM_IST - 2 * DAY),
    });
    const dayOne = await createUser(app, { type: 'premium', premiumSince: new Date(TEN_AM_IST) });
    await turn(off, 'Reminders', 'Email reminders', false);

    const first = await reminders.runDue();
    expect(first.lessonDays).toBe(2);
    expect((await reminders.runDue()).lessonDays).toBe(0);

    expect(await bellTitles(on)).toEqual(['New lessons unlocked']);
    expect(await bellTitles(off)).toEqual(['New lessons unlocked']);
    expect(await bellTitles(dayOne)).toEqual([]); // day 1 is announced by the purchase
    const [mail] = await outboxFor(app, on.row.email);
    expect(mail!.subject).toContain('New lessons unlocked');
    expect(mail!.text).toContain('Day 3');
    expect(await outboxFor(app, off.row.email)).toHaveLength(0);
    expect(await new RemindersRepository(app.db).count(on.id, 'lesson_day')).toBe(1);
  });

  it('reminds registered users the day before a live session, once per session', async () => {
    const user = await createUser(app);
    const unregistered = await createUser(app);
    const session = (date: number, title: string) =>
      app.db
        .insert(liveSessions)
        .values({ title, amountPaise: 0, host: 'Dr. Rao', sessionDate: new Date(date) })
        .returning({ id: liveSessions.id })
        .then(([row]) => row!.id);
    // 18:00 IST tomorrow, and 18:00 IST in three days.
    const tomorrow = await session(TEN_AM_IST + DAY + 8 * 3_600_000, 'Craving clinic');
    const later = await session(TEN_AM_IST + 3 * DAY + 8 * 3_600_000, 'Later clinic');
    await app.db.insert(liveSessionRegistrations).values([
      { userId: user.id, liveSessionId: tomorrow, status: 'paid' },
      { userId: user.id, liveSessionId: later, status: 'paid' },
    ]);

    expect((await reminders.runDue()).liveSessions).toBe(1);
    expect((await reminders.runDue()).liveSessions).toBe(0);
    const bell = (await app.inject({ url: '/api/notification', headers: user.headers })).json()
      .data as { title: string; message: string }[];
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ title: 'Live session tomorrow' });
    expect(bell[0]!.message).toContain('"Craving clinic"');
    expect(bell[0]!.message).toContain('6:00 PM IST');
    expect(await bellTitles(unregistered)).toEqual([]);
  });

  it('waits for the morning (08:00 IST)', async () => {
    const early = new ManualClock(Date.parse('2026-03-11T01:00:00Z')); // 06:30 IST
    const service = createRemindersService({
      db: app.db,
      clock: early,
      outbox: app.outbox,
      log: app.log,
    });
    await createUser(app, { type: 'premium', premiumSince: new Date(TEN_AM_IST - DAY) });
    expect(await service.runDue()).toEqual({
      lessonDays: 0,
      liveSessions: 0,
      quitMilestones: 0,
      quitFollowUps: 0,
    });
  });
});

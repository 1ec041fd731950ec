import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { programmeSends } from '../src/db/schema/messaging';
import { outboxMessages } from '../src/db/schema/outbox';
import { users } from '../src/db/schema/users';
import { createOutboxWorker } from '../src/modules/outbox/outbox.module';
import { createProgrammeScheduler } from '../src/modules/messaging/messaging.module';
import type { MessageSender, MessageSenders } from '../src/providers/messaging/messaging';
import { ManualClock, createTestApp } from './app';
import { callback, enrol, messagesTo, messagingEnv, reply, savePlan } from './messaging-fixtures';
import { createUser, type TestUser } from './programme-fixtures';

// Issue 15, the scheduler: the day's message once per member and IST day, at their time, never
// at night or to someone who said STOP, and by SMS when WhatsApp fails.

let app: FastifyInstance;
// 2026-03-10 09:00 IST.
const clock = new ManualClock(Date.parse('2026-03-10T03:30:00.000Z'));
const setNow = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
/** An IST wall-clock time as the instant it is. */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00.000+05:30`);

beforeAll(async () => {
  app = await createTestApp(messagingEnv, { clock });
});

function scheduler(batchSize?: number) {
  return createProgrammeScheduler({ db: app.db, outbox: app.outbox, clock, batchSize });
}

async function member(
  quitDate: string,
  preferences: Parameters<typeof enrol>[2],
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<TestUser> {
  setNow('2026-03-10T03:30:00.000Z');
  const user = await createUser(app, { name: 'Asha Verma', ...overrides });
  await savePlan(app, user, quitDate);
  await enrol(app, user, preferences);
  return user;
}

const smsTo = async (user: TestUser) =>
  (await messagesTo(app, user.row.mobile!)).filter((m) => m.channel === 'sms');

describe('the daily programme message', () => {
  it('goes once at the member’s IST time, from the library, with their own figures', async () => {
    const user = await member('2026-03-12', { channel: 'sms', send_at: '10:15' });
    await scheduler().runOnce(ist('2026-03-10', '10:14'));
    expect(await smsTo(user)).toHaveLength(0);

    await scheduler().runOnce(ist('2026-03-10', '10:15'));
    const [message, ...rest] = await smsTo(user);
    expect(rest).toHaveLength(0);
    // Day −2 of the seeded English library, first name filled in.
    expect(message!.text).toMatch(/^Two days to go, Asha\./);
    expect(message!.userId).toBe(user.id);

    // Later runs the same day, and a changed time, send nothing more.
    await scheduler().runOnce(ist('2026-03-10', '12:00'));
    await enrol(app, user, { channel: 'sms', send_at: '18:00' });
    await scheduler().runOnce(ist('2026-03-10', '18:00'));
    expect(await smsTo(user)).toHaveLength(1);
  });

  it('fills {saved} and {days} from the quit companion’s counting', async () => {
    // Quit 7 days before: 10 cigarettes for ₹100 a day, one slip of 1 (₹10) logged by text.
    const user = await member('2026-03-03', { channel: 'sms', send_at: '08:00' });
    await reply(app, user.row.mobile!, 'SLIP');
    await scheduler().runOnce(ist('2026-03-10', '10:00'));
    const texts = (await smsTo(user)).map((m) => m.text);
    const programme = texts.find((t) => t.startsWith('One week tobacco-free'));
    expect(programme).toContain('You have saved about ₹690 already');
  });

  it('never sends between 21:00 and 07:00 IST and starts a new day at IST midnight', async () => {
    const late = await member('2026-03-10', { channel: 'sms', send_at: '21:00' });
    const early = await member('2026-03-10', { channel: 'sms', send_at: '07:00' });

    await scheduler().runOnce(ist('2026-03-10', '21:00'));
    expect(await smsTo(late)).toHaveLength(1);
    expect(await smsTo(early)).toHaveLength(1); // 07:00 had passed: sent at the first run.

    // 21:01, IST midnight (still 18:30 UTC on the 10th) and 06:59: quiet.
    for (const at of [
      ist('2026-03-10', '21:01'),
      new Date('2026-03-10T18:30:00.000Z'),
      ist('2026-03-11', '00:01'),
      ist('2026-03-11', '06:59'),
    ]) {
      expect(await scheduler().runOnce(at)).toEqual({ enqueued: 0, fellBack: 0 });
    }
    expect(await smsTo(early)).toHaveLength(1);

    // 07:00 IST on the 11th is still the 10th in UTC: the 11th's message, day 1.
    await scheduler().runOnce(ist('2026-03-11', '07:00'));
    const sent = await smsTo(early);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text).toMatch(/^Day 1 done!/);
    const days = await app.db
      .select({ date: programmeSends.istDate, offset: programmeSends.dayOffset })
      .from(programmeSends)
      .where(eq(programmeSends.userId, early.id));
    expect(days.map((d) => [d.date, d.offset]).sort()).toEqual([
      ['2026-03-10', 0],
      ['2026-03-11', 1],
    ]);
    expect(await smsTo(late)).toHaveLength(1);
  });

  it('sends once per member and day when two workers race', async () => {
    const members = await Promise.all(
      Array.from({ length: 24 }, () => member('2026-03-15', { channel: 'sms', send_at: '11:00' })),
    );
    const at = ist('2026-03-10', '11:00');
    const runs = await Promise.all([
      scheduler(5).runOnce(at),
      scheduler(5).runOnce(at),
      scheduler(7).runOnce(at),
    ]);
    const counts = await Promise.all(members.map(async (m) => (await smsTo(m)).length));
    expect(counts).toEqual(members.map(() => 1));
    // The runs together enqueued at least these 24 (other tests' members may be due too).
    expect(runs.reduce((n, r) => n + r.enqueued, 0)).toBeGreaterThanOrEqual(24);
  });

  it('sends nothing after STOP, on channel none, without a plan or outside days −7…56', async () => {
    const stopped = await member('2026-03-10', { channel: 'sms', send_at: '07:30' });
    await reply(app, stopped.row.mobile!, 'STOP');
    const none = await member('2026-03-10', { channel: 'none', send_at: '07:30' });
    const early = await member('2026-03-18', { channel: 'sms', send_at: '07:30' }); // day −8
    const past = await member('2026-01-12', { channel: 'sms', send_at: '07:30' }); // day 57
    setNow('2026-03-10T03:30:00.000Z');
    const noPlan = await createUser(app);
    await enrol(app, noPlan, { channel: 'sms', send_at: '07:30' });

    await scheduler().runOnce(ist('2026-03-10', '13:00'));
    // STOP got its one confirmation and nothing else.
    expect((await smsTo(stopped)).map((m) => m.text)).toEqual([
      expect.stringMatching(/^You will get no more programme messages/),
    ]);
    for (const user of [none, early, past, noPlan]) expect(await smsTo(user)).toHaveLength(0);

    // START opts back in: the next day's message comes.
    await reply(app, stopped.row.mobile!, 'START');
    await scheduler().runOnce(ist('2026-03-11', '07:30'));
    expect((await smsTo(stopped)).at(-1)!.text).toMatch(/^Day 1 done!/);
  });
});

describe('WhatsApp to SMS failover', () => {
  const failing: MessageSender = {
    name: 'failing',
    send: () => Promise.reject(new Error('whatsapp gateway answered 502')),
  };
  const ok: MessageSender = { name: 'ok', send: () => Promise.resolve() };

  async function whatsappMember(sendAt: string) {
    const whatsapp = `9${String(randomInt(1e9)).padStart(9, '0')}`;
    const user = await member('2026-03-10', { channel: 'sms', send_at: sendAt });
    await app.db.update(users).set({ whatsappNo: whatsapp }).where(eq(users.id, user.id));
    await enrol(app, user, { channel: 'whatsapp', send_at: sendAt });
    return { user, whatsapp };
  }

  function worker(whatsapp: MessageSender) {
    const senders: MessageSenders = { email: ok, sms: ok, whatsapp };
    return createOutboxWorker({ db: app.db, senders, log: app.log, clock }, { batchSize: 500 });
  }

  it('re-sends by SMS, once and within 15 minutes, what the WhatsApp gateway keeps refusing', async () => {
    const { user, whatsapp } = await whatsappMember('14:00');
    const start = ist('2026-03-10', '14:00');
    setNow(start.toISOString());
    await scheduler().runOnce(start);
    const [sent] = await messagesTo(app, whatsapp);
    expect(sent!.channel).toBe('whatsapp');

    // The outbox retries (30 s, 1 min, 2 min) and gives up; the next minute's run sends the SMS.
    const drain = worker(failing);
    for (let i = 0; i < 8 && (await row(sent!.id)).status === 'pending'; i += 1) {
      await drain.drainOnce();
      clock.advance(2 * 60_000);
    }
    expect((await row(sent!.id)).status).toBe('failed');
    expect(clock.now().getTime() - start.getTime()).toBeLessThanOrEqual(14 * 60_000);
    expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 1 });
    expect(await scheduler().runOnce(clock.now())).toEqual({ enqueued: 0, fellBack: 0 });

    const sms = await smsTo(user);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toBe(sent!.text);
  });

  it('re-sends by SMS when the status callback reports the WhatsApp message failed', async () => {
    const { user, whatsapp } = await whatsappMember('15:00');
    await scheduler().runOnce(ist('2026-03-10', '15:00'));
    const [sent] = await messagesTo(app, whatsapp);
    await worker(ok).drainOnce();

    const failed = { message_id: sent!.id, status: 'failed' };
    expect((await callback(app, '/api/messaging/status/http', failed)).json().message).toBe(
      'handled',
    );
    // The gateway's retry of the same report changes nothing.
    expect((await callback(app, '/api/messaging/status/http', failed)).json().message).toBe(
      'replay',
    );
    await scheduler().runOnce(ist('2026-03-10', '15:01'));
    await scheduler().runOnce(ist('2026-03-10', '15:02'));
    const sms = await smsTo(user);
    expect(sms.map((m) => m.text)).toEqual([sent!.text]);
  });

  it('sends no SMS for a WhatsApp message that was delivered', async () => {
    const { user, whatsapp } = await whatsappMember('16:00');
    await scheduler().runOnce(ist('2026-03-10', '16:00'));
    const [sent] = await messagesTo(app, whatsapp);
    await callback(app, '/api/messaging/status/http', {
      message_id: sent!.id,
      status: 'delivered',
    });
    await callback(app, '/api/messaging/status/http', { message_id: sent!.id, status: 'failed' });
    await scheduler().runOnce(ist('2026-03-10', '16:05'));
    expect(await smsTo(user)).toHaveLength(0);
  });
});

async function row(id: string) {
  const [found] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return found!;
}

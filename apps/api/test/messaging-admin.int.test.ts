import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOutboxWorker } from '../src/modules/outbox/outbox.module';
import { createProgrammeScheduler } from '../src/modules/messaging/messaging.module';
import type { MessageSender } from '../src/providers/messaging/messaging';
import { auditRows, call, createAdmin } from './admin-fixtures';
import { ManualClock, createTestApp } from './app';
import { enrol, messagesTo, messagingEnv, reply, savePlan } from './messaging-fixtures';
import { createUser, expectError, type TestUser } from './programme-fixtures';

// Issue 15, the console: the seeded library, variants per tobacco type, previews, audited
// writes, and the delivery figures per IST day.

let app: FastifyInstance;
let admin: TestUser;
const clock = new ManualClock(Date.parse('2026-03-10T04:30:00.000Z')); // 10:00 IST

beforeAll(async () => {
  app = await createTestApp(messagingEnv, { clock });
  admin = await createAdmin(app);
});

interface Message {
  _id: string;
  day_offset: number;
  language: string;
  tobacco_type: string | null;
  text: string;
}

const list = async (query = '') =>
  (await call<{ data: Message[] }>(app, admin, { url: `/api/admin/programme-messages${query}` }))
    .data;

describe('the message library', () => {
  it('is seeded with one message a day from −7 to 56 in English and Hindi, ≤ 320 characters', async () => {
    for (const language of ['en', 'hi']) {
      const messages = await list(`?language=${language}`);
      expect(messages.map((m) => m.day_offset)).toEqual(
        Array.from({ length: 64 }, (_, i) => i - 7),
      );
      for (const m of messages) expect([...m.text].length).toBeLessThanOrEqual(320);
    }
    const quitDay = await list('?day_offset=0&language=hi');
    expect(quitDay[0]!.text).toMatch(/^आज छोड़ने का दिन है, \{name\}!/);
  });

  it('adds a tobacco variant that members with that tobacco get; audited', async () => {
    const created = await call<{ data: Message }>(app, admin, {
      method: 'POST',
      url: '/api/admin/programme-messages',
      payload: {
        day_offset: -3,
        language: 'en',
        tobacco_type: 'khaini',
        text: 'Khaini users: keep saunf handy, {name}. {days_to_quit} days to go.',
      },
      expect: 201,
    });
    expect((await auditRows(app, 'programme_message'))[0]).toMatchObject({ action: 'create' });
    // A second variant for the same day, language and tobacco is refused.
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/programme-messages',
      headers: admin.headers,
      payload: { day_offset: -3, language: 'en', tobacco_type: 'khaini', text: 'x' },
    });
    expect(expectError(again, 409).code).toBe('PROGRAMME_MESSAGE_TAKEN');

    const chewer = await createUser(app, { name: 'Suresh Patil' });
    await savePlan(app, chewer, '2026-03-13', [{ type: 'khaini', per_day: 5, cost_per_day: 25 }]);
    await enrol(app, chewer, { channel: 'sms', send_at: '09:30' });
    const smoker = await createUser(app, { name: 'Anil Rao' });
    await savePlan(app, smoker, '2026-03-13');
    await enrol(app, smoker, { channel: 'sms', send_at: '09:30' });
    await createProgrammeScheduler({ db: app.db, outbox: app.outbox, clock }).runOnce();

    expect((await messagesTo(app, chewer.row.mobile!))[0]!.text).toBe(
      'Khaini users: keep saunf handy, Suresh. 3 days to go.',
    );
    expect((await messagesTo(app, smoker.row.mobile!))[0]!.text).toMatch(/^Stock up for cravings/);

    await call(app, admin, {
      method: 'DELETE',
      url: `/api/admin/programme-messages/${created.data._id}`,
    });
    expect(await list('?day_offset=-3&tobacco_type=khaini')).toEqual([]);
  });

  it("keeps each day's English message for everyone, whose text can be edited", async () => {
    const [base] = await list('?day_offset=10&language=en&tobacco_type=any');
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/admin/programme-messages/${base!._id}`,
      headers: admin.headers,
    });
    expect(expectError(del, 409).code).toBe('PROGRAMME_MESSAGE_REQUIRED');
    const edited = await call<{ data: Message }>(app, admin, {
      method: 'PUT',
      url: `/api/admin/programme-messages/${base!._id}`,
      payload: { day_offset: 10, language: 'en', text: 'Say no to the offer, {name}.' },
    });
    expect(edited.data.text).toBe('Say no to the offer, {name}.');
    expect((await auditRows(app, 'programme_message'))[0]).toMatchObject({ action: 'update' });
  });

  it("previews a text with a sample member's figures", async () => {
    const preview = await call<{ data: { text: string; length: number } }>(app, admin, {
      method: 'POST',
      url: '/api/admin/programme-messages/preview',
      payload: { day_offset: 14, text: '{name}: {days} days, {saved} saved.' },
    });
    expect(preview.data).toMatchObject({ text: 'Ravi: 14 days, ₹1,680 saved.', length: 28 });
  });
});

describe('delivery figures', () => {
  it('counts per IST day: sent, delivered, failed, SMS fallbacks, replies and opt-outs', async () => {
    clock.advance(Date.parse('2026-03-11T05:30:00.000Z') - clock.now().getTime()); // 11:00 IST
    const sms = await createUser(app);
    await savePlan(app, sms, '2026-03-11');
    await enrol(app, sms, { channel: 'sms', send_at: '10:00' });
    await createProgrammeScheduler({ db: app.db, outbox: app.outbox, clock }).runOnce();
    const ok: MessageSender = { name: 'ok', send: () => Promise.resolve() };
    await createOutboxWorker(
      { db: app.db, senders: { email: ok, sms: ok, whatsapp: ok }, log: app.log, clock },
      { batchSize: 500 },
    ).drainOnce();
    await reply(app, sms.row.mobile!, 'CRAVE');
    await reply(app, sms.row.mobile!, 'फिसला');
    await reply(app, sms.row.mobile!, 'STOP');

    const figures = await call<{ data: Record<string, unknown>[] }>(app, admin, {
      url: '/api/admin/programme-figures?days=2',
    });
    expect(figures.data.map((d) => d.date)).toEqual(['2026-03-11', '2026-03-10']);
    expect(figures.data[0]).toMatchObject({
      // This member and the two of the library test, who get their message on the 11th too.
      sent: 3,
      failed: 0,
      fell_back_to_sms: 0,
      opt_outs: 1,
      replies: { crave: 1, slip: 1, stop: 1, start: 0, other: 0 },
    });
  });
});

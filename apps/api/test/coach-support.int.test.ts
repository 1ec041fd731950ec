import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { coachConversations, coachMessages } from '../src/db/schema/coach';
import { notifications } from '../src/db/schema/notifications';
import { users } from '../src/db/schema/users';
import { createCoachAlerts } from '../src/modules/coach/coach.module';
import { ManualClock, createTestApp } from './app';
import {
  auditRows,
  call,
  createAdmin,
  createUser,
  expectError,
  type TestUser,
} from './admin-fixtures';
import { enrol, messagesTo, messagingEnv, reply, savePlan } from './messaging-fixtures';

// Issue 45: coach support. Members write from the app, WhatsApp or SMS into one conversation;
// coaches and admins answer from the console's inbox; crisis words get help at once.

let app: FastifyInstance;
// Monday 2026-12-07, 11:00 IST: inside the default coach hours.
const clock = new ManualClock(Date.parse('2026-12-07T05:30:00.000Z'));
let admin: TestUser;
let coach: TestUser;

beforeAll(async () => {
  app = await createTestApp(messagingEnv, { clock });
  admin = await createAdmin(app, 'Anita Rao');
  coach = await createUser(app, { role: 'coach', name: 'Asha Menon' });
});

const MINUTE = 60_000;
const tick = () => clock.advance(MINUTE);

interface Message {
  _id: string;
  from: string;
  text: string;
  channel: string;
  coach_name: string | null;
  client_id: string | null;
}

async function write(user: TestUser, text: string, clientId?: string) {
  tick();
  return app.inject({
    method: 'POST',
    url: '/api/coach/messages',
    headers: user.headers,
    payload: { text, ...(clientId ? { client_id: clientId } : {}) },
  });
}

async function thread(user: TestUser) {
  const res = await app.inject({ url: '/api/coach/conversation', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; messages: Message[] };
}

async function conversationIdOf(user: TestUser): Promise<string> {
  const [row] = await app.db
    .select({ id: coachConversations.id })
    .from(coachConversations)
    .where(eq(coachConversations.userId, user.id));
  return row!.id;
}

async function bell(userId: string) {
  return app.db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe('the member side', () => {
  it('starts with an empty open thread', async () => {
    const member = await createUser(app);
    expect(await thread(member)).toEqual({ status: 'open', messages: [] });
  });

  it('keeps one conversation per member, acknowledged once a day with the coach hours', async () => {
    const member = await createUser(app);
    const first = await write(member, 'My brother still smokes at home');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ from: 'member', channel: 'app', coach_name: null });
    await write(member, 'And I slipped twice today');

    const { messages } = await thread(member);
    expect(messages.map((m) => m.from)).toEqual(['member', 'system', 'member']);
    expect(messages[1]!.text).toMatch(/Coaches answer 09:00–18:00, Monday–Saturday\./);
    const rows = await app.db
      .select()
      .from(coachConversations)
      .where(eq(coachConversations.userId, member.id));
    expect(rows).toHaveLength(1);

    // The next IST day brings one more acknowledgement.
    clock.advance(24 * 60 * MINUTE);
    await write(member, 'Day two');
    const later = (await thread(member)).messages.map((m) => m.from);
    expect(later).toEqual(['member', 'system', 'member', 'member', 'system']);
  });

  it('writes the acknowledgement in the account language', async () => {
    const member = await createUser(app, { language: 'hi' });
    await write(member, 'नमस्ते');
    const [, ack] = (await thread(member)).messages;
    expect(ack!.text).toMatch(/^लिखने के लिए धन्यवाद।.*सोमवार–शनिवार/);
  });

  it('stores a retried client_id once and answers with the first message', async () => {
    const member = await createUser(app);
    const clientId = randomUUID();
    const first = await write(member, 'Sent from a bus with no signal', clientId);
    const again = await write(member, 'Sent from a bus with no signal', clientId);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);
    const stored = await app.db
      .select()
      .from(coachMessages)
      .where(and(eq(coachMessages.userId, member.id), eq(coachMessages.sender, 'member')));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.clientId).toBe(clientId);
  });

  it('refuses an empty or too long text and a client_id that is not a uuid', async () => {
    const member = await createUser(app);
    expectError(await write(member, '   '), 400, 'Write your message in 1 to 2,000 characters.');
    expectError(await write(member, 'x'.repeat(2001)), 400);
    const res = await app.inject({
      method: 'POST',
      url: '/api/coach/messages',
      headers: member.headers,
      payload: { text: 'hi', client_id: 'not-a-uuid' },
    });
    expectError(res, 400);
    expect(await thread(member)).toEqual({ status: 'open', messages: [] });
  });

  it('needs a session', async () => {
    expect((await app.inject({ url: '/api/coach/conversation' })).statusCode).toBe(401);
  });
});

describe('safety', () => {
  it('marks self-harm urgent and answers at once with Tele-MANAS and 112, at any hour', async () => {
    const member = await createUser(app);
    // 02:00 IST on a Sunday: no coach is on.
    const night = new ManualClock(Date.parse('2026-12-12T20:30:00.000Z'));
    const nightApp = await createTestApp(messagingEnv, { clock: night });
    const res = await nightApp.inject({
      method: 'POST',
      url: '/api/coach/messages',
      headers: member.headers,
      payload: { text: 'I cannot do this any more, I want to die' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const conversation = await nightApp.inject({
      url: '/api/coach/conversation',
      headers: member.headers,
    });
    const messages = conversation.json().data.messages as Message[];
    expect(messages.map((m) => m.from)).toEqual(['member', 'system']);
    expect(messages[1]!.text).toContain('14416');
    expect(messages[1]!.text).toContain('112');
    const [row] = await app.db
      .select()
      .from(coachConversations)
      .where(eq(coachConversations.userId, member.id));
    expect(row!.urgent).toBe(true);
  });

  it('answers chest pain with the emergency number', async () => {
    const member = await createUser(app);
    await write(member, 'Since I quit I have chest pain at night');
    const [, answer] = (await thread(member)).messages;
    expect(answer!.text).toContain('112');
    expect(answer!.text).not.toContain('14416');
  });

  it('sends the crisis reply on the channel written from, in the member language', async () => {
    const member = await createUser(app, { name: 'Sunil Patil', language: 'hi' });
    await savePlan(app, member, '2026-12-01');
    await enrol(app, member, { channel: 'sms', language: 'hi' });
    tick();
    await reply(app, member.row.mobile!, 'अब मैं आत्महत्या कर लूँगा');
    const sent = await messagesTo(app, member.row.mobile!);
    expect(sent.at(-1)).toMatchObject({ channel: 'sms', kind: 'reply' });
    expect(sent.at(-1)!.text).toMatch(/Tele-MANAS.*14416/);
    expect(sent.at(-1)!.text).toMatch(/आप अकेले नहीं हैं/);
    const { messages } = await thread(member);
    expect(messages.map((m) => [m.from, m.channel])).toEqual([
      ['member', 'sms'],
      ['system', 'sms'],
    ]);
  });
});

describe('the inbound channels', () => {
  it('joins free text to the thread, reopening a closed conversation', async () => {
    const member = await createUser(app);
    await savePlan(app, member, '2026-12-01');
    await enrol(app, member, { channel: 'sms' });
    tick();
    await reply(app, member.row.mobile!, 'is anyone there?');
    const id = await conversationIdOf(member);
    await call(app, coach, { method: 'POST', url: `/api/admin/inbox/${id}/close` });
    expect((await thread(member)).status).toBe('closed');
    tick();
    await reply(app, member.row.mobile!, 'hello again');
    const after = await thread(member);
    expect(after.status).toBe('open');
    expect(after.messages.filter((m) => m.from === 'member')).toHaveLength(2);
    // Keywords keep their automatic answers and stay out of the thread.
    tick();
    await reply(app, member.row.mobile!, 'CRAVE');
    expect((await thread(member)).messages.filter((m) => m.from === 'member')).toHaveLength(2);
  });
});

describe('the inbox', () => {
  it('lists urgent first, then the longest waiting, with filters', async () => {
    const early = await createUser(app, { name: 'Early Writer' });
    const late = await createUser(app, { name: 'Late Writer' });
    const urgent = await createUser(app, { name: 'Urgent Writer' });
    await write(early, 'first');
    await write(late, 'second');
    await write(urgent, 'I want to end my life');

    const list = await call<{ data: { member: { name: string }; urgent: boolean }[] }>(app, coach, {
      url: '/api/admin/inbox',
    });
    const names = list.data.map((item) => item.member.name);
    const flags = list.data.map((item) => item.urgent);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(names.indexOf('Urgent Writer')).toBeLessThan(names.indexOf('Early Writer'));
    expect(names.indexOf('Early Writer')).toBeLessThan(names.indexOf('Late Writer'));
    expect(list.data[names.indexOf('Urgent Writer')]).toMatchObject({
      urgent: true,
      assigned_to: null,
      status: 'open',
    });

    const earlyId = await conversationIdOf(early);
    await call(app, coach, {
      method: 'POST',
      url: `/api/admin/inbox/${earlyId}/assign`,
      payload: { coach_id: coach.id },
    });
    const mine = await call<{ data: { _id: string }[] }>(app, coach, {
      url: '/api/admin/inbox?assigned=me',
    });
    expect(mine.data.map((item) => item._id)).toEqual([earlyId]);
    const unassigned = await call<{ data: { _id: string }[] }>(app, coach, {
      url: '/api/admin/inbox?assigned=none',
    });
    expect(unassigned.data.map((item) => item._id)).not.toContain(earlyId);

    await call(app, coach, { method: 'POST', url: `/api/admin/inbox/${earlyId}/close` });
    const closed = await call<{ data: { _id: string }[] }>(app, coach, {
      url: '/api/admin/inbox?status=closed',
    });
    expect(closed.data.map((item) => item._id)).toContain(earlyId);
    const open = await call<{ data: { _id: string }[] }>(app, coach, { url: '/api/admin/inbox' });
    expect(open.data.map((item) => item._id)).not.toContain(earlyId);
  });

  it('previews what the member wrote, not the automatic acknowledgement after it', async () => {
    const member = await createUser(app, { name: 'Preview Writer' });
    await write(member, 'My brother still smokes at home');
    expect((await thread(member)).messages.at(-1)!.from).toBe('system');
    const list = await call<{ data: { member: { name: string }; preview: string }[] }>(app, coach, {
      url: '/api/admin/inbox',
    });
    const item = list.data.find((entry) => entry.member.name === 'Preview Writer');
    expect(item?.preview).toBe('My brother still smokes at home');
  });

  it('shows the member context, no contact details, and audits every opening', async () => {
    const member = await createUser(app, {
      name: 'Meera Iyer',
      language: 'ta',
      type: 'premium',
      currentDay: 5,
    });
    await savePlan(app, member, '2026-12-01');
    await call(app, member, {
      method: 'POST',
      url: '/api/cravings',
      payload: { intensity: 3, trigger: 'stress', outcome: 'slipped', units: 2 },
      expect: 201,
    });
    await write(member, 'It was a hard day');
    const id = await conversationIdOf(member);

    const before = (await auditRows(app, 'coach_conversation')).length;
    const res = await app.inject({ url: `/api/admin/inbox/${id}`, headers: coach.headers });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.member).toEqual({
      _id: member.id,
      name: 'Meera Iyer',
      language: 'ta',
      quit_date: '2026-12-01',
      days_smoke_free: expect.any(Number),
      slips_last_7_days: 1,
      dependence_score: null,
      programme_day: 5,
    });
    expect(detail.messages[0]).toMatchObject({ from: 'member', text: 'It was a hard day' });
    expect(res.body).not.toContain(member.row.email);
    expect(res.body).not.toContain(member.row.mobile!);

    await call(app, admin, { url: `/api/admin/inbox/${id}` });
    const openings = (await auditRows(app, 'coach_conversation')).filter(
      (row) => row.action === 'open' && row.entityId === id,
    );
    expect(openings.map((row) => row.adminId).sort()).toEqual([admin.id, coach.id].sort());
    expect((await auditRows(app, 'coach_conversation')).length).toBe(before + 2);
  });

  it('answers 404 for a conversation that does not exist', async () => {
    for (const url of [`/api/admin/inbox/${randomUUID()}`, '/api/admin/inbox/nope']) {
      expectError(await app.inject({ url, headers: coach.headers }), 404);
    }
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/inbox/${randomUUID()}/replies`,
      headers: coach.headers,
      payload: { text: 'hello' },
    });
    expectError(res, 404);
  });
});

describe('replies, notes and assignment', () => {
  it("puts the reply in the thread with the coach's first name and in the member's bell", async () => {
    const member = await createUser(app);
    await write(member, 'Help me plan for the wedding this weekend');
    const id = await conversationIdOf(member);
    tick();
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/inbox/${id}/replies`,
      headers: coach.headers,
      payload: { text: 'Let us make a plan together: who will offer you a cigarette?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const messages = (await thread(member)).messages;
    expect(messages.at(-1)).toMatchObject({ from: 'coach', coach_name: 'Asha', channel: 'app' });
    expect((await bell(member.id)).map((n) => n.title)).toContain('Your coach replied');

    const [row] = await app.db
      .select()
      .from(coachConversations)
      .where(eq(coachConversations.id, id));
    expect(row!.waitingSince).toBeNull();
    // Whoever answers an unassigned conversation takes it.
    expect(row!.assignedTo).toBe(coach.id);
    // An app writer without notifications on gets nothing outside the app.
    expect(await messagesTo(app, member.row.mobile!)).toEqual([]);
  });

  it('answers an SMS writer with the "your coach replied" template', async () => {
    const member = await createUser(app);
    await savePlan(app, member, '2026-12-01');
    await enrol(app, member, { channel: 'sms' });
    tick();
    await reply(app, member.row.mobile!, 'can someone call me?');
    const id = await conversationIdOf(member);
    tick();
    await call(app, coach, {
      method: 'POST',
      url: `/api/admin/inbox/${id}/replies`,
      payload: { text: 'We do not call, but I am here to write with you.' },
      expect: 201,
    });
    const sent = (await messagesTo(app, member.row.mobile!)).at(-1)!;
    expect(sent).toMatchObject({
      channel: 'sms',
      kind: 'coach_reply',
      params: { name: 'Asha', link: 'https://exhale.example/coach' },
    });
    expect(sent.text).toBe(
      'Your Exhale coach Asha replied to your message. Read it and answer in the app: https://exhale.example/coach',
    );
  });

  it('answers a WhatsApp writer in free text inside the 24-hour window', async () => {
    const whatsapp = `7${String(Date.now()).slice(-9)}`;
    const member = await createUser(app, { whatsappNo: whatsapp });
    tick();
    await reply(app, whatsapp, 'quick question about patches', { channel: 'whatsapp' });
    const id = await conversationIdOf(member);
    tick();
    await call(app, coach, {
      method: 'POST',
      url: `/api/admin/inbox/${id}/replies`,
      payload: { text: 'Patches help; ask a pharmacist about the strength.' },
      expect: 201,
    });
    const sent = (await messagesTo(app, whatsapp)).at(-1)!;
    expect(sent).toMatchObject({ channel: 'whatsapp', kind: 'coach_reply' });
    expect(sent.text).toBe('Asha: Patches help; ask a pharmacist about the strength.');
  });

  it('keeps notes internal: the member never sees them', async () => {
    const member = await createUser(app);
    await write(member, 'I feel low');
    const id = await conversationIdOf(member);
    const note = await call<{ data: { text: string; author: { name: string } } }>(app, coach, {
      method: 'POST',
      url: `/api/admin/inbox/${id}/notes`,
      payload: { text: 'Check in again on Friday about the low mood' },
      expect: 201,
    });
    expect(note.data).toMatchObject({ author: { name: 'Asha Menon' } });
    const memberView = await app.inject({
      url: '/api/coach/conversation',
      headers: member.headers,
    });
    expect(memberView.body).not.toContain('Friday about the low mood');
    const detail = await call<{ data: { notes: { text: string }[] } }>(app, coach, {
      url: `/api/admin/inbox/${id}`,
    });
    expect(detail.data.notes.map((n) => n.text)).toEqual([
      'Check in again on Friday about the low mood',
    ]);
    expect((await bell(member.id)).map((n) => n.message).join(' ')).not.toContain('Friday');
  });

  it('assigns only to coaches and admins, or to nobody', async () => {
    const member = await createUser(app);
    await write(member, 'assign me');
    const id = await conversationIdOf(member);
    const assign = (coachId: string | null) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/inbox/${id}/assign`,
        headers: admin.headers,
        payload: { coach_id: coachId },
      });
    const other = await createUser(app);
    const body = expectError(await assign(other.id), 400);
    expect(body.code).toBe('NOT_A_COACH');
    expect((await assign(coach.id)).json().data.assigned_to).toEqual({
      _id: coach.id,
      name: 'Asha Menon',
    });
    expect((await assign(null)).json().data.assigned_to).toBeNull();
    const actions = (await auditRows(app, 'coach_conversation'))
      .filter((row) => row.entityId === id)
      .map((row) => row.action);
    expect(actions.filter((a) => a === 'assign')).toHaveLength(2);
  });

  it("rings the assigned coach's bell for a new message, or every coach's when unassigned", async () => {
    const second = await createUser(app, { role: 'coach', name: 'Bala Krishnan' });
    const member = await createUser(app, { name: 'Ring Test' });
    await write(member, 'anyone?');
    const titled = async (user: TestUser) =>
      (await bell(user.id)).filter((n) => n.title === 'New message from Ring Test').length;
    expect(await titled(coach)).toBe(1);
    expect(await titled(second)).toBe(1);

    const id = await conversationIdOf(member);
    await call(app, admin, {
      method: 'POST',
      url: `/api/admin/inbox/${id}/assign`,
      payload: { coach_id: second.id },
    });
    await write(member, 'still there?');
    expect(await titled(coach)).toBe(1);
    expect(await titled(second)).toBe(2);
  });
});

describe('the role matrix', () => {
  const INBOX_ROUTES = new Set([
    'GET /api/admin/inbox',
    'GET /api/admin/inbox/:id',
    'POST /api/admin/inbox/:id/replies',
    'POST /api/admin/inbox/:id/notes',
    'POST /api/admin/inbox/:id/assign',
    'POST /api/admin/inbox/:id/close',
    'POST /api/admin/inbox/:id/reopen',
    'GET /api/admin/coaches',
    'GET /api/admin/saved-replies',
  ]);

  it('gives a coach 403 on every other /admin route', async () => {
    const routes = app.routeTable.filter(
      (route) => route.url.startsWith('/api/admin') && !['HEAD', 'OPTIONS'].includes(route.method),
    );
    expect(routes.length).toBeGreaterThan(40);
    const refused: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (INBOX_ROUTES.has(key)) continue;
      const res = await app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, randomUUID()).replace('*', 'x'),
        headers: coach.headers,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode === 403 && res.json().code === 'ADMIN_ONLY') refused.push(key);
      else expect.soft(res.statusCode, `${key}: ${res.body}`).toBe(403);
    }
    expect(refused.length).toBe(routes.length - INBOX_ROUTES.size);
  });

  it('gives a member 403 on the inbox and the saved replies, and lets a coach in', async () => {
    const member = await createUser(app);
    const urls = [
      '/api/admin/inbox',
      `/api/admin/inbox/${randomUUID()}`,
      '/api/admin/saved-replies',
    ];
    for (const url of urls) {
      expectError(await app.inject({ url, headers: member.headers }), 403);
    }
    expect((await app.inject({ url: urls[0]!, headers: coach.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: urls[2]!, headers: coach.headers })).statusCode).toBe(200);
  });

  it('lets an admin grant and take the coach role', async () => {
    const person = await createUser(app, { name: 'New Coach' });
    const setRole = (role: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/users/${person.id}/role`,
        headers: admin.headers,
        payload: { role },
      });
    expect((await setRole('coach')).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/admin/inbox', headers: person.headers })).statusCode,
    ).toBe(200);
    const coaches = await call<{ data: { name: string }[] }>(app, coach, {
      url: '/api/admin/coaches',
    });
    expect(coaches.data.map((c) => c.name)).toContain('New Coach');
    expect((await setRole('user')).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/admin/inbox', headers: person.headers })).statusCode,
    ).toBe(403);
    expectError(await setRole('owner'), 400);
  });
});

describe('saved replies', () => {
  it('admins write them (audited), coaches read them by language', async () => {
    const created = await call<{ data: { _id: string } }>(app, admin, {
      method: 'POST',
      url: '/api/admin/saved-replies',
      payload: { language: 'bn', title: 'স্বাগতম', text: 'লেখার জন্য ধন্যবাদ।' },
      expect: 201,
    });
    const id = created.data._id;
    await call(app, admin, {
      method: 'PUT',
      url: `/api/admin/saved-replies/${id}`,
      payload: { language: 'bn', title: 'স্বাগতম', text: 'আপনাকে স্বাগতম।' },
    });
    const bengali = await call<{ data: { _id: string; text: string; language: string }[] }>(
      app,
      coach,
      { url: '/api/admin/saved-replies?language=bn' },
    );
    expect(bengali.data.every((r) => r.language === 'bn')).toBe(true);
    expect(bengali.data.find((r) => r._id === id)?.text).toBe('আপনাকে স্বাগতম।');

    const write = await app.inject({
      method: 'POST',
      url: '/api/admin/saved-replies',
      headers: coach.headers,
      payload: { language: 'en', title: 'x', text: 'y' },
    });
    expectError(write, 403);

    await call(app, admin, { method: 'DELETE', url: `/api/admin/saved-replies/${id}` });
    expectError(
      await app.inject({
        method: 'DELETE',
        url: `/api/admin/saved-replies/${id}`,
        headers: admin.headers,
      }),
      404,
    );
    const actions = (await auditRows(app, 'saved_reply'))
      .filter((row) => row.entityId === id)
      .map((row) => row.action)
      .sort();
    expect(actions).toEqual(['create', 'delete', 'update']);
  });
});

describe('waiting too long', () => {
  it('alerts the admins once per waiting period (bell and mail)', async () => {
    const member = await createUser(app, { name: 'Patient Writer' });
    await write(member, 'hello?');
    const alerts = createCoachAlerts(app);
    const alertsFor = async () =>
      (await bell(admin.id)).filter((n) => n.message.includes('Patient Writer')).length;

    clock.advance(23 * 60 * MINUTE);
    await alerts.runOnce();
    expect(await alertsFor()).toBe(0);
    clock.advance(2 * 60 * MINUTE);
    await alerts.runOnce();
    await alerts.runOnce();
    expect(await alertsFor()).toBe(1);
    const mails = await messagesTo(app, admin.row.email);
    expect(mails.some((m) => m.channel === 'email' && m.text.includes('Patient Writer'))).toBe(
      true,
    );

    // A reply ends the period; the next long wait alerts again.
    await call(app, coach, {
      method: 'POST',
      url: `/api/admin/inbox/${await conversationIdOf(member)}/replies`,
      payload: { text: 'Sorry for the wait.' },
      expect: 201,
    });
    await write(member, 'thanks, and another question');
    clock.advance(25 * 60 * MINUTE);
    await alerts.runOnce();
    expect(await alertsFor()).toBe(2);
  });
});

describe('the metrics page', () => {
  it('reports the coach figures and outcomes split by coach', async () => {
    const member = await createUser(app);
    await write(member, 'metrics question');
    clock.advance(30 * MINUTE);
    await call(app, coach, {
      method: 'POST',
      url: `/api/admin/inbox/${await conversationIdOf(member)}/replies`,
      payload: { text: 'metrics answer' },
      expect: 201,
    });
    const metrics = await call<{ data: { coach: Record<string, unknown> } }>(app, admin, {
      url: '/api/admin/metrics?days=30',
    });
    const figures = metrics.data.coach as {
      median_first_response_minutes: number | null;
      open_conversations: number;
      urgent_conversations: number;
      members_who_wrote: number;
      per_coach: { coach: { _id: string }; conversations: number }[];
      outcomes: { with_coach: { members: number }; without_coach: { members: number } };
    };
    expect(figures.median_first_response_minutes).toEqual(expect.any(Number));
    expect(figures.open_conversations).toBeGreaterThan(0);
    expect(figures.urgent_conversations).toBeGreaterThan(0);
    expect(figures.members_who_wrote).toBeGreaterThan(5);
    expect(
      figures.per_coach.find((row) => row.coach._id === coach.id)?.conversations,
    ).toBeGreaterThan(2);
    // Members with a quit plan whom a coach answered count on the coach side.
    expect(figures.outcomes.with_coach.members).toBeGreaterThan(0);
    expect(figures.outcomes.without_coach.members).toBeGreaterThan(0);
    expect(
      (await app.inject({ url: '/api/admin/metrics', headers: coach.headers })).statusCode,
    ).toBe(403);
  });
});

describe('account erasure', () => {
  it("takes the member's conversation with the account", async () => {
    const member = await createUser(app);
    await write(member, 'soon gone');
    await app.db.delete(users).where(eq(users.id, member.id));
    const rows = await app.db
      .select()
      .from(coachConversations)
      .where(eq(coachConversations.userId, member.id));
    expect(rows).toEqual([]);
  });
});

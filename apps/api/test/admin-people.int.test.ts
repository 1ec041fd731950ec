import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { notifications } from '../src/db/schema/notifications';
import { outboxMessages } from '../src/db/schema/outbox';
import { testAttempts } from '../src/db/schema/sim';
import {
  auditRows,
  call,
  createAdmin,
  createUser,
  expectError,
  programmeApp,
  type TestUser,
} from './admin-fixtures';
import { seedFixtureCatalogue } from './programme-fixtures';

let app: FastifyInstance;
let db: Database;
let admin: TestUser;

beforeAll(async () => {
  ({ app, db } = await programmeApp());
  await seedFixtureCatalogue(db);
  admin = await createAdmin(app, 'Head Operator');
});

const bell = (userId: string) =>
  db.select().from(notifications).where(eq(notifications.userId, userId));
const mails = (to: string) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));

describe('user search', () => {
  it('finds users by any part of their name, email or mobile, newest first, in pages', async () => {
    const kavya = await createUser(app, { name: 'Kavya Iyer', mobile: '9123456789' });
    await createUser(app, { name: 'Kavita Rao' });
    type Page = { data: { _id: string; name: string }[]; total: number; page_size: number };
    const search = (q: string, extra = '') =>
      call<Page>(app, admin, { url: `/api/admin/users?q=${encodeURIComponent(q)}${extra}` });

    expect((await search('kav')).data.map((u) => u.name)).toEqual(['Kavita Rao', 'Kavya Iyer']);
    expect((await search('IYER')).data.map((u) => u._id)).toEqual([kavya.id]);
    // Seven digits: the other users' random mobiles would hold a shorter run now and then.
    expect((await search('2345678')).data.map((u) => u._id)).toEqual([kavya.id]);
    expect((await search(kavya.row.email.slice(0, 14))).data.map((u) => u._id)).toEqual([kavya.id]);
    // % and _ are matched literally, not as wildcards.
    expect((await search('%')).total).toBe(0);
    const paged = await search('kav', '&page=2&page_size=1');
    expect(paged).toMatchObject({ total: 2, page_size: 1 });
    expect(paged.data.map((u) => u.name)).toEqual(['Kavya Iyer']);
  });
});

describe('user detail', () => {
  it("shows a user's tests, lessons, exercises and questions", async () => {
    const user = await createUser(app, { step: 1 });
    await db.insert(testAttempts).values({ userId: user.id, attempt: 1, totalPoints: 72 });
    const lessons = await call<{ data: { _id: string }[] }>(app, user, { url: '/api/user-lesson' });
    await call(app, user, {
      method: 'PUT',
      url: `/api/user-lesson/${lessons.data[0]!._id}`,
      payload: { is_viewed: true },
    });
    await call(app, user, {
      method: 'PUT',
      url: `/api/user-lesson/${lessons.data[0]!._id}`,
      payload: { feedback: 'Why do cravings peak at night?' },
    });
    const detail = await call<{
      data: {
        user: { _id: string; step: number };
        attempts: { total_points: number }[];
        lessons: { title: string; status: string; is_viewed: boolean }[];
        feedback: { text: string; lesson_title: string }[];
        plan: null;
      };
    }>(app, admin, { url: `/api/admin/users/${user.id}` });
    expect(detail.data.user).toMatchObject({ _id: user.id, step: 1 });
    expect(detail.data.attempts.map((a) => a.total_points)).toEqual([72]);
    expect(detail.data.lessons[0]).toMatchObject({
      title: 'Lesson f1',
      status: 'completed',
      is_viewed: true,
    });
    expect(detail.data.lessons[1]).toMatchObject({ title: 'Lesson f2', status: 'active' });
    expect(detail.data.feedback).toEqual([
      expect.objectContaining({
        text: 'Why do cravings peak at night?',
        lesson_title: 'Lesson f1',
      }),
    ]);
    expect(detail.data.plan).toBeNull();
    expectError(await app.inject({ url: '/api/admin/users/nope', headers: admin.headers }), 404);
  });
});

describe('roles', () => {
  const setRole = (by: TestUser, id: string, role: 'user' | 'admin') =>
    app.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}/role`,
      headers: by.headers,
      payload: { role },
    });

  it('never lets the last admin be demoted, by themselves or anyone', async () => {
    const refused = await setRole(admin, admin.id, 'user');
    expect(expectError(refused, 409).code).toBe('LAST_ADMIN');

    const member = await createUser(app);
    expect((await setRole(admin, member.id, 'admin')).statusCode).toBe(200);
    expect((await setRole(admin, member.id, 'user')).statusCode).toBe(200);
    expect(expectError(await setRole(admin, admin.id, 'user'), 409).code).toBe('LAST_ADMIN');

    const [entry] = await auditRows(app, 'user');
    expect(entry).toMatchObject({
      action: 'role',
      entityId: member.id,
      before: { role: 'admin' },
      after: { role: 'user' },
    });
  });

  it('lets an admin step down while another admin remains', async () => {
    const second = await createAdmin(app, 'Second');
    expect((await setRole(second, second.id, 'user')).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/admin/users', headers: second.headers })).statusCode,
    ).toBe(403);
  });
});

describe('messages to users', () => {
  it('puts a message in the bell and, when asked, in the mailbox', async () => {
    const user = await createUser(app);
    await call(app, admin, {
      method: 'POST',
      url: `/api/admin/users/${user.id}/notifications`,
      payload: { title: 'Welcome', message: 'Your coach is here.' },
    });
    expect((await bell(user.id)).map((n) => n.title)).toEqual(['Welcome']);
    // Typed by an operator: its language is unknown, so the web translates it for any reader.
    const listed = await app.inject({ url: '/api/notification', headers: user.headers });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ title: 'Welcome', message: 'Your coach is here.', language: null }),
    ]);
    expect(await mails(user.row.email)).toHaveLength(0);
    await call(app, admin, {
      method: 'POST',
      url: `/api/admin/users/${user.id}/notifications`,
      payload: { title: 'Live session', message: 'Join us on Friday.', email: true },
    });
    const [mail] = await mails(user.row.email);
    expect(mail).toMatchObject({ subject: 'Exhale: Live session' });
    expect(mail!.text).toContain('Join us on Friday.');
    expect((await auditRows(app, 'user'))[0]).toMatchObject({
      action: 'notify',
      entityId: user.id,
    });
    const invalid = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/notifications`,
      headers: admin.headers,
      payload: { title: '', message: 'x' },
    });
    expectError(invalid, 400);
  });
});

describe('lesson questions inbox', () => {
  it('lists open questions; a reply reaches the user in the bell and by mail', async () => {
    const user = await createUser(app, { step: 1, name: 'Farhan' });
    const lessons = await call<{ data: { _id: string }[] }>(app, user, { url: '/api/user-lesson' });
    await call(app, user, {
      method: 'PUT',
      url: `/api/user-lesson/${lessons.data[0]!._id}`,
      payload: { feedback: 'Is it fine to use nicotine gum?' },
    });
    type Inbox = {
      data: { _id: string; text: string; reply: string | null; user: { name: string } }[];
    };
    const open = await call<Inbox>(app, admin, { url: '/api/admin/feedback' });
    const question = open.data.find((f) => f.text === 'Is it fine to use nicotine gum?')!;
    expect(question).toMatchObject({ reply: null, user: { name: 'Farhan' } });

    const replied = await call<{ data: { reply: string; replied_at: string } }>(app, admin, {
      method: 'POST',
      url: `/api/admin/feedback/${question._id}/reply`,
      payload: { reply: 'Yes, for a few weeks; ask your doctor about the dose.' },
    });
    expect(replied.data.reply).toBe('Yes, for a few weeks; ask your doctor about the dose.');
    expect(replied.data.replied_at).toBeTruthy();

    const notices = await bell(user.id);
    expect(notices.map((n) => n.message)).toContain(
      'Yes, for a few weeks; ask your doctor about the dose.',
    );
    const [mail] = await mails(user.row.email);
    expect(mail!.subject).toContain('a reply to your question');
    expect(mail!.text).toContain('Is it fine to use nicotine gum?');

    const stillOpen = await call<Inbox>(app, admin, { url: '/api/admin/feedback?status=open' });
    expect(stillOpen.data.map((f) => f._id)).not.toContain(question._id);
    const answered = await call<Inbox>(app, admin, { url: '/api/admin/feedback?status=replied' });
    expect(answered.data.map((f) => f._id)).toContain(question._id);
    expect((await auditRows(app, 'lesson_feedback'))[0]).toMatchObject({
      action: 'reply',
      entityId: question._id,
      after: { reply: 'Yes, for a few weeks; ask your doctor about the dose.' },
    });
  });
});

describe('audit log', () => {
  it('pages through every admin write, newest first, with who made it', async () => {
    const page = await call<{
      data: { action: string; entity: string; admin: { name: string } | null }[];
      total: number;
    }>(app, admin, { url: '/api/admin/audit?page_size=2' });
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.data[0]).toMatchObject({ entity: 'lesson_feedback', action: 'reply' });
    expect(page.data[0]!.admin?.name).toBe('Head Operator');
    const users = await call<{ data: { entity: string }[] }>(app, admin, {
      url: '/api/admin/audit?entity=user',
    });
    expect(new Set(users.data.map((e) => e.entity))).toEqual(new Set(['user']));
  });
});

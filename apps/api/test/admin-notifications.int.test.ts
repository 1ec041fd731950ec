import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { userNotificationSettings } from '../src/db/schema/content';
import { notify } from '../src/modules/notifications/notifications.module';
import { outboxFor } from './accounts';
import {
  auditRows,
  call,
  createAdmin,
  createUser,
  expectError,
  type TestUser,
} from './admin-fixtures';
import { createTestApp } from './app';

// The notification settings operators define (API.md "Admin": notification definitions) and what
// users then see in GET /user-notification and get from notify().

let app: FastifyInstance;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createAdmin(app);
});

interface Definition {
  _id: string;
  key: string;
  topic: string;
  channel: string;
  title: string;
  setting: string;
  description: string;
  default_status: boolean;
  position: number;
  users: number;
  users_off: number;
}

interface Setting {
  _id: string;
  status: boolean;
  notification_id: { _id: string; title: string; setting: string; desc: string };
}

const URL_BASE = '/api/admin/notification-definitions';

async function settingsOf(user: TestUser): Promise<Setting[]> {
  const body = await call<{ data: Setting[] }>(app, user, { url: '/api/user-notification' });
  return body.data;
}

async function definitions(): Promise<Definition[]> {
  return (await call<{ data: Definition[] }>(app, admin, { url: URL_BASE })).data;
}

const accountEmail = {
  topic: 'account',
  channel: 'email',
  title: 'Plans & Payments',
  setting: 'Email updates',
  description: 'Purchase and refund updates by email, besides the receipts.',
  default_status: true,
};

describe('who may manage notification definitions', () => {
  it('refuses visitors (401) and members (403) on every route, and changes nothing', async () => {
    const member = await createUser(app);
    const [any] = await definitions();
    const routes = [
      { method: 'GET' as const, url: URL_BASE },
      { method: 'POST' as const, url: URL_BASE, payload: accountEmail },
      { method: 'PUT' as const, url: `${URL_BASE}/${any!._id}`, payload: { title: 'Hacked' } },
      { method: 'DELETE' as const, url: `${URL_BASE}/${any!._id}` },
    ];
    for (const route of routes) {
      expectError(await app.inject(route), 401);
      expectError(await app.inject({ ...route, headers: member.headers }), 403);
    }
    const after = await definitions();
    expect(after.find((d) => d._id === any!._id)).toEqual(any);
    expect(after.some((d) => d.key === 'account.email')).toBe(false);
    expect(await auditRows(app, 'notification_definition')).toEqual([]);
  });
});

describe('notification definitions', () => {
  it("lists the migration's settings in the users' order with how many users chose what", async () => {
    const user = await createUser(app);
    const first = await settingsOf(user);
    const off = first.find((s) => s.notification_id.setting === 'Email reminders')!;
    await call(app, user, {
      method: 'PUT',
      url: `/api/user-notification/${off._id}`,
      payload: { status: false },
    });
    const list = await definitions();
    expect(list.map((d) => d.key)).toEqual([
      'reminders.email',
      'reminders.whatsapp',
      'reminders.push',
      'community.email',
      'community.whatsapp',
      'community.push',
      'account.whatsapp',
      'account.push',
      'quit.email',
      'quit.push',
      'quit.whatsapp',
    ]);
    const reminders = list.find((d) => d.key === 'reminders.email')!;
    expect(reminders).toMatchObject({ topic: 'reminders', channel: 'email', default_status: true });
    expect(reminders.users).toBeGreaterThanOrEqual(1);
    expect(reminders.users_off).toBe(1);
  });

  it('adds a setting every user then lists and whose channel notify() starts using', async () => {
    const user = await createUser(app);
    await settingsOf(user); // the user's rows exist before the definition does
    await app.db.transaction((tx) => notify(tx, user.id, { title: 'Before', message: 'x' }));
    expect(await outboxFor(app, user.row.email)).toHaveLength(0); // no account emails yet

    const created = await call<{ data: Definition }>(app, admin, {
      method: 'POST',
      url: URL_BASE,
      payload: { ...accountEmail, title: '  Plans & Payments  ' },
      expect: 201,
    });
    expect(created.data).toMatchObject({
      key: 'account.email',
      topic: 'account',
      channel: 'email',
      title: 'Plans & Payments',
      default_status: true,
      // Without a position it goes after the last one (quit.whatsapp is at 100).
      position: 110,
      users: 0,
      users_off: 0,
    });

    const settings = await settingsOf(user);
    expect(settings.at(-1)).toMatchObject({
      status: true,
      notification_id: {
        _id: created.data._id,
        title: 'Plans & Payments',
        setting: 'Email updates',
        desc: 'Purchase and refund updates by email, besides the receipts.',
      },
    });
    await app.db.transaction((tx) =>
      notify(tx, user.id, { title: 'Plan Purchased', message: 'Welcome!' }),
    );
    const [copy] = await outboxFor(app, user.row.email);
    expect(copy).toMatchObject({ channel: 'email' });

    const [entry] = await auditRows(app, 'notification_definition');
    expect(entry).toMatchObject({
      action: 'create',
      adminId: admin.id,
      entityId: created.data._id,
      before: null,
      after: { key: 'account.email', defaultStatus: true, position: 110 },
    });
  });

  it('refuses a second setting for the same topic and channel (409)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: URL_BASE,
      headers: admin.headers,
      payload: { ...accountEmail, setting: 'Another one', position: 5 },
    });
    const body = expectError(res, 409);
    expect(body.code).toBe('NOTIFICATION_DEFINITION_TAKEN');
    expect(body.message).toBe(
      'A setting for account notifications by email already exists: edit that one instead.',
    );
    // The migration's pairs are taken too.
    expectError(
      await app.inject({
        method: 'POST',
        url: URL_BASE,
        headers: admin.headers,
        payload: { ...accountEmail, topic: 'reminders' },
      }),
      409,
    );
  });

  it('refuses bad input with the field it is about (400) and writes nothing', async () => {
    const auditBefore = (await auditRows(app)).length;
    const bad = async (payload: unknown, method: 'POST' | 'PUT' = 'POST', id?: string) =>
      expectError(
        await app.inject({
          method,
          url: id ? `${URL_BASE}/${id}` : URL_BASE,
          headers: admin.headers,
          payload: payload as Record<string, unknown>,
        }),
        400,
      );
    // The bell is not a setting: every notification reaches it.
    expect((await bad({ ...accountEmail, channel: 'in_app' })).errors).toEqual([
      { path: 'channel', message: 'Choose a channel.' },
    ]);
    expect((await bad({ ...accountEmail, topic: 'marketing' })).errors![0]!.path).toBe('topic');
    expect((await bad({ ...accountEmail, title: '   ' })).errors).toEqual([
      { path: 'title', message: 'Group is required.' },
    ]);
    expect((await bad({ ...accountEmail, description: 'x'.repeat(301) })).errors![0]).toEqual({
      path: 'description',
      message: 'Description must be at most 300 characters.',
    });
    expect((await bad({ ...accountEmail, position: -1 })).errors![0]!.path).toBe('position');

    const [existing] = await definitions();
    const moved = await bad({ channel: 'push', title: 'Moved' }, 'PUT', existing!._id);
    expect(moved.errors).toEqual([
      { path: '', message: 'These cannot be changed: channel. Add a new definition instead.' },
    ]);
    expect((await bad({ default_status: 'yes' }, 'PUT', existing!._id)).errors![0]!.path).toBe(
      'default_status',
    );
    expect((await definitions()).find((d) => d._id === existing!._id)).toEqual(existing);
    expect(await auditRows(app)).toHaveLength(auditBefore);
  });

  it('answers 404 for a setting that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await app.inject({
          method,
          url: `${URL_BASE}/${id}`,
          headers: admin.headers,
          payload: method === 'PUT' ? { title: 'X' } : undefined,
        });
        expectError(res, 404, 'Notification setting not found.');
      }
    }
  });

  it('changes texts and default: users see the texts, their own choices stay', async () => {
    const chose = await createUser(app);
    const [mine] = (await settingsOf(chose)).filter(
      (s) =>
        s.notification_id.setting === 'Email updates' &&
        s.notification_id.title === 'Plans & Payments',
    );
    await call(app, chose, {
      method: 'PUT',
      url: `/api/user-notification/${mine!._id}`,
      payload: { status: false },
    });
    const definition = (await definitions()).find((d) => d.key === 'account.email')!;

    const updated = await call<{ data: Definition }>(app, admin, {
      method: 'PUT',
      url: `${URL_BASE}/${definition._id}`,
      payload: { setting: 'Email copies', default_status: false, position: 75 },
    });
    expect(updated.data).toMatchObject({
      key: 'account.email',
      setting: 'Email copies',
      default_status: false,
      position: 75,
      users_off: 1,
    });
    expect(updated.data.users).toBeGreaterThanOrEqual(2);

    // Listed under its new name and place (before account.push at 80), the choice unchanged.
    const settings = await settingsOf(chose);
    const plansAndPayments = settings.filter((s) => s.notification_id.title === 'Plans & Payments');
    expect(plansAndPayments.map((s) => s.notification_id.setting)).toEqual([
      'WhatsApp updates',
      'Email copies',
      'Push updates',
    ]);
    expect(settings.find((s) => s._id === mine!._id)!.status).toBe(false);
    // Somebody new starts at the new default.
    const newcomer = await createUser(app);
    const theirs = (await settingsOf(newcomer)).find(
      (s) => s.notification_id._id === definition._id,
    );
    expect(theirs!.status).toBe(false);

    const [entry] = await auditRows(app, 'notification_definition');
    expect(entry).toMatchObject({
      action: 'update',
      entityId: definition._id,
      before: { setting: 'Email updates', defaultStatus: true, position: 110 },
      after: { setting: 'Email copies', defaultStatus: false, position: 75 },
    });
  });

  it("deletes a setting: users' choices go with it and the channel stops for that topic", async () => {
    const user = await createUser(app);
    const definition = (await definitions()).find((d) => d.key === 'account.email')!;
    const setting = (await settingsOf(user)).find((s) => s.notification_id._id === definition._id)!;
    await call(app, user, {
      method: 'PUT',
      url: `/api/user-notification/${setting._id}`,
      payload: { status: true },
    });
    const { users, users_off: usersOff } = (await definitions()).find(
      (d) => d._id === definition._id,
    )!;
    // The user who turned it off and the newcomer who started at the new default (off).
    expect(usersOff).toBe(2);

    const res = await call<{ message: string }>(app, admin, {
      method: 'DELETE',
      url: `${URL_BASE}/${definition._id}`,
    });
    expect(res.message).toBe(`Notification setting deleted (${users} users' choices removed).`);
    expect((await definitions()).some((d) => d._id === definition._id)).toBe(false);
    expect((await settingsOf(user)).some((s) => s.notification_id._id === definition._id)).toBe(
      false,
    );
    const left = await app.db
      .select()
      .from(userNotificationSettings)
      .where(eq(userNotificationSettings.definitionId, definition._id));
    expect(left).toEqual([]);
    // The user had it on; without the definition no account email copy is sent any more.
    await app.db.transaction((tx) => notify(tx, user.id, { title: 'Refund', message: 'Done' }));
    expect(await outboxFor(app, user.row.email)).toHaveLength(0);
    // The setting the user still has is theirs to use; the deleted one's id is gone.
    expectError(
      await app.inject({
        method: 'PUT',
        url: `/api/user-notification/${setting._id}`,
        headers: user.headers,
        payload: { status: false },
      }),
      404,
    );

    const [entry] = await auditRows(app, 'notification_definition');
    expect(entry).toMatchObject({
      action: 'delete',
      entityId: definition._id,
      before: { key: 'account.email', setting: 'Email copies', users, usersOff },
      after: null,
    });
    expect((await auditRows(app, 'notification_definition')).map((e) => e.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    // Once gone, it can be added again (everyone then starts at its default).
    await call(app, admin, {
      method: 'POST',
      url: URL_BASE,
      payload: { ...accountEmail, default_status: false },
      expect: 201,
    });
  });
});

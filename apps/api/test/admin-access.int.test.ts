import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, programmeApp, type TestUser } from './admin-fixtures';

let app: FastifyInstance;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  ({ app } = await programmeApp());
  admin = await createAdmin(app);
  member = await createUser(app);
});

/** Every registered /api/admin route (from the app's own route table), HEAD aside. */
function adminRoutes() {
  const seen = new Set<string>();
  return app.routeTable
    .filter((route) => route.url.startsWith('/api/admin') && route.method !== 'HEAD')
    .filter((route) => {
      const key = `${route.method} ${route.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((route) => ({
      method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
      // Any id: authorisation is decided before the route looks anything up.
      url: route.url.replace(/:[A-Za-z_]+/g, randomUUID()),
      name: `${route.method} ${route.url}`,
    }));
}

describe('every /api/admin route', () => {
  it('is found in the route table (the console has its routes)', () => {
    const names = adminRoutes().map((route) => route.name);
    expect(names.length).toBeGreaterThanOrEqual(30);
    expect(names).toContain('POST /api/admin/lessons');
    expect(names).toContain('POST /api/admin/refunds/:id/approve');
    expect(names).toContain('GET /api/admin/metrics');
  });

  it('answers 401 without a token, 403 to a member and lets an admin through (without a 5xx)', async () => {
    const outcomes: string[] = [];
    for (const route of adminRoutes()) {
      const anonymous = await app.inject({ method: route.method, url: route.url, payload: {} });
      const asMember = await app.inject({
        method: route.method,
        url: route.url,
        headers: member.headers,
        payload: {},
      });
      const asAdmin = await app.inject({
        method: route.method,
        url: route.url,
        headers: admin.headers,
        payload: {},
      });
      outcomes.push(
        `${route.name}: ${anonymous.statusCode} ${asMember.statusCode} ${
          // Nor a crash on an id that names nothing or an empty body.
          [401, 403].includes(asAdmin.statusCode) || asAdmin.statusCode >= 500
            ? asAdmin.statusCode
            : 'ok'
        }`,
      );
      expect(anonymous.json().code, route.name).toBeTypeOf('string');
    }
    // One line per route so a failure names every route that is wrong, not just the first.
    expect(outcomes).toEqual(adminRoutes().map((route) => `${route.name}: 401 403 ok`));
  });

  it('follows a role change at once: a demoted admin is refused on the next request', async () => {
    const other = await createAdmin(app, 'Second operator');
    const before = await app.inject({ url: '/api/admin/audit', headers: other.headers });
    expect(before.statusCode).toBe(200);
    const demoted = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${other.id}/role`,
      headers: admin.headers,
      payload: { role: 'user' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const after = await app.inject({ url: '/api/admin/audit', headers: other.headers });
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('ADMIN_ONLY');
  });
});

import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { coupons, invoices, liveSessions, plans, userPlans } from '../src/db/schema/money';
import { users } from '../src/db/schema/users';
import { seedDemo } from '../src/db/seed';
import { createTestApp } from './app';
import { pdfLines } from './pdf-text';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

const countOf = async (
  table: typeof plans | typeof coupons | typeof liveSessions | typeof invoices,
) => (await app.db.select({ n: count() }).from(table))[0]!.n;

describe('the money demo seed', () => {
  it('is idempotent and gives the demo premium account a real paid plan and invoice', async () => {
    await seedDemo(app.db, app.storage, app.config);
    await seedDemo(app.db, app.storage, app.config);
    expect(await countOf(plans)).toBe(2);
    expect(await countOf(coupons)).toBe(3);
    expect(await countOf(liveSessions)).toBe(2);
    expect(await countOf(invoices)).toBe(1);

    const codes = (await app.db.select({ code: coupons.code }).from(coupons)).map((c) => c.code);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{6}$/);

    const sessions = await app.db.select().from(liveSessions);
    for (const session of sessions) {
      expect(session.sessionDate.getTime()).toBeGreaterThan(Date.now());
      expect(session.thumbnailImage).toMatch(/^content\/live-session-/);
      expect(session.joiningDetails).toContain('https://meet.exhale.example/');
    }

    const [premium] = await app.db
      .select()
      .from(users)
      .where(eq(users.email, 'premium@example.com'));
    const sid = await app.sessions.create(premium!.id, new Date(Date.now() + 3_600_000));
    const token = await app.tokens.sign({ sub: premium!.id, kind: 'session', sid });
    const headers = { authorization: `Bearer ${token}` };
    const current = await app.inject({ url: '/api/user-plan/current', headers });
    expect(current.json().data).toMatchObject({
      plan_id: { name: 'Lifetime Plan', price: 4999 },
      status: 'active',
      expiry_date: null,
      total: 5898.82,
    });
    const pdf = await app.inject({
      url: `/api/user-plan/invoice/${current.json().data.invoice_id}`,
      headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfLines(pdf.rawPayload)).toContain('Priya Sharma');
    const held = await app.db.select().from(userPlans).where(eq(userPlans.userId, premium!.id));
    expect(held).toHaveLength(1);
  });
});

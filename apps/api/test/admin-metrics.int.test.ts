import { istDateString } from '@exhale/contract/ist';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../src/db/schema/money';
import { lessons, userLessons } from '../src/db/schema/programme';
import { testAttempts } from '../src/db/schema/sim';
import { users } from '../src/db/schema/users';
import { istDayRange } from '../src/modules/admin-metrics/admin-metrics.service';
import { createTestApp } from './app';
import { call, createAdmin } from './admin-fixtures';
import { buyLifetime, createUser, seedCatalogue, type TestUser } from './money-fixtures';
import { seedFixtureCatalogue } from './programme-fixtures';

let app: FastifyInstance;
let admin: TestUser;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  app = await createTestApp();
  catalogue = await seedCatalogue(app);
  await seedFixtureCatalogue(app.db);
  admin = await createAdmin(app);
});

type Metrics = {
  from: string;
  to: string;
  signups: { date: string; count: number }[];
  attempts: { date: string; count: number }[];
  money: { date: string; revenue_paise: number; refunds_paise: number }[];
  totals: {
    users: number;
    premium_users: number;
    signups: number;
    converted: number;
    conversion_rate: number;
    revenue_paise: number;
    refunds_paise: number;
  };
  conversion: { date: string; signups: number; converted: number; rate: number }[];
  funnel: { day: number; lessons: number; completed: number }[];
};

describe('istDayRange', () => {
  it('covers whole IST days up to today, including the hours before 05:30 IST', () => {
    // 2026-03-10 02:00 IST is still 9 March in UTC.
    const range = istDayRange(new Date('2026-03-09T20:30:00Z'), 7);
    expect(range.dates).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(range.from.toISOString()).toBe('2026-03-03T18:30:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-10T18:30:00.000Z');
  });
});

describe('GET /admin/metrics', () => {
  it('counts sign-ups, attempts, conversion, money and the completion funnel per IST day', async () => {
    const today = istDateString(new Date());
    const buyer = await createUser(app);
    const refunded = await createUser(app);
    await createUser(app);
    // An old account: outside the window, counted only in the all-time total.
    const old = await createUser(app);
    await app.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(users.id, old.id));

    await app.db.insert(testAttempts).values([
      { userId: buyer.id, attempt: 1, totalPoints: 50 },
      { userId: refunded.id, attempt: 1, totalPoints: 40 },
    ]);
    await buyLifetime(app, buyer, catalogue.lifetime);
    const plan = await buyLifetime(app, refunded, catalogue.lifetime);
    await call(app, refunded, {
      method: 'PUT',
      url: '/api/user-plan/request-refund',
      payload: { id: plan._id },
    });
    const [refund] = await app.db.select().from(refunds).where(eq(refunds.userPlanId, plan._id));
    await call(app, admin, { method: 'POST', url: `/api/admin/refunds/${refund!.id}/approve` });

    // The buyer finished day 1 of the paid programme (both of its lessons).
    const day1 = await app.db
      .select()
      .from(lessons)
      .where(inArray(lessons.slug, ['p1a', 'p1b']));
    await app.db
      .insert(userLessons)
      .values(day1.map((l) => ({ userId: buyer.id, lessonId: l.id, status: 'completed' as const })))
      .onConflictDoUpdate({
        target: [userLessons.userId, userLessons.lessonId],
        set: { status: 'completed' },
      });

    const { data } = await call<{ data: Metrics }>(app, admin, {
      url: '/api/admin/metrics?days=7',
    });
    expect(data.to).toBe(today);
    expect(data.signups).toHaveLength(7);
    const todayOf = <T extends { date: string }>(rows: T[]) => rows.find((r) => r.date === today)!;
    // Admin, buyer, refunded and one more signed up today.
    expect(todayOf(data.signups).count).toBe(4);
    expect(todayOf(data.attempts).count).toBe(2);
    expect(todayOf(data.money)).toMatchObject({
      revenue_paise: 2 * 589_882,
      refunds_paise: 589_882,
    });
    expect(data.totals).toMatchObject({
      users: 5,
      premium_users: 1,
      signups: 4,
      converted: 2,
      conversion_rate: 0.5,
      revenue_paise: 2 * 589_882,
      refunds_paise: 589_882,
    });
    expect(data.funnel).toEqual([
      { day: 1, lessons: 2, completed: 1 },
      { day: 2, lessons: 1, completed: 0 },
      { day: 3, lessons: 1, completed: 0 },
    ]);
  });

  it('gives free → premium conversion per sign-up day, adding up to the total', async () => {
    // On top of the first test's day (4 sign-ups today, 2 of them bought): accounts made two and
    // three IST days ago, some of whom bought today, and an old account outside the window.
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const signedUp = async (n: number, count: number) => {
      const made = await Promise.all(Array.from({ length: count }, () => createUser(app)));
      await app.db
        .update(users)
        .set({ createdAt: daysAgo(n) })
        .where(
          inArray(
            users.id,
            made.map((u) => u.id),
          ),
        );
      return made;
    };
    const twoDaysAgo = await signedUp(2, 3);
    const threeDaysAgo = await signedUp(3, 2);
    const [oldBuyer] = await signedUp(40, 1);
    await buyLifetime(app, twoDaysAgo[0]!, catalogue.lifetime);
    await buyLifetime(app, threeDaysAgo[1]!, catalogue.lifetime);
    await buyLifetime(app, oldBuyer!, catalogue.lifetime);

    const { data } = await call<{ data: Metrics }>(app, admin, {
      url: '/api/admin/metrics?days=7',
    });
    expect(data.conversion.map((d) => d.date)).toEqual(data.signups.map((d) => d.date));
    const expected = new Map([
      [istDateString(new Date()), { signups: 4, converted: 2, rate: 0.5 }],
      [istDateString(daysAgo(2)), { signups: 3, converted: 1, rate: 1 / 3 }],
      [istDateString(daysAgo(3)), { signups: 2, converted: 1, rate: 0.5 }],
    ]);
    for (const day of data.conversion) {
      expect(day, day.date).toEqual({
        date: day.date,
        ...(expected.get(day.date) ?? { signups: 0, converted: 0, rate: 0 }),
      });
    }
    // The per-day counts are the KPI's split: the old buyer counts in neither.
    expect(data.totals).toMatchObject({ signups: 9, converted: 4 });
    expect(data.conversion.reduce((sum, d) => sum + d.converted, 0)).toBe(data.totals.converted);
  });

  it('refuses a window outside 7 to 365 days', async () => {
    const res = await app.inject({ url: '/api/admin/metrics?days=2', headers: admin.headers });
    expect(res.statusCode).toBe(400);
  });
});

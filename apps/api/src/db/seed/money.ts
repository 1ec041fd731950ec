import { istDayNumber, IST_OFFSET_MINUTES, MS_PER_DAY } from '@exhale/contract/ist';
import { priceBreakdown } from '@exhale/contract/money';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { issueInvoice } from '../../modules/invoices/invoices.module';
import type { SellerConfig } from '../../modules/invoices/invoices.service';
import type { Database } from '../client';
import { coupons, liveSessions, paymentOrders, payments, plans, userPlans } from '../schema/money';
import { lessons } from '../schema/programme';
import { users } from '../schema/users';

export const LIFETIME_PLAN_FEATURES = [
  'SIM test with your score tracked after every attempt',
  'Expert-guided videos with in-video exercises',
  'Day-by-day lesson programme, unlocked one day at a time',
  'The closing live session with an expert, included at no extra cost',
  'Personalised dashboard and roadmap',
  'One payment, lifetime access, no renewals',
];

/** The free plan (duration 0, spec §3) and the one buyable plan: lifetime, ₹4,999. */
export const SEED_PLANS = [
  {
    code: 'free',
    name: 'Free',
    description: 'Take the SIM test and start with the free lessons.',
    pricePaise: 0,
    features: ['SIM test', 'Free introductory lessons', 'Your quit-smoking roadmap'],
    duration: 0,
    durationType: 'lifetime',
  },
  {
    code: 'lifetime',
    name: 'Lifetime Plan',
    description: 'The complete quit-smoking programme for a one-time payment.',
    pricePaise: 499_900,
    features: LIFETIME_PLAN_FEATURES,
    duration: 1,
    durationType: 'lifetime',
  },
] satisfies (typeof plans.$inferInsert)[];

export async function seedPlans(db: Database): Promise<void> {
  await db.insert(plans).values(SEED_PLANS).onConflictDoNothing({ target: plans.code });
}

/**
 * Demo coupons, six characters each: 10% off, ₹500 off and, outside production, 100% off (a free
 * purchase, for trying the whole flow without paying; in production it would give premium away).
 */
export async function seedCoupons(db: Database, options: { production?: boolean } = {}) {
  await db
    .insert(coupons)
    .values([
      { code: 'EXHALE', type: 'percent' as const, value: 10 },
      { code: 'OFF500', type: 'off' as const, value: 500 },
      ...(options.production ? [] : [{ code: 'NOCOST', type: 'percent' as const, value: 100 }]),
    ])
    .onConflictDoNothing({ target: coupons.code });
}

/** `days` IST calendar days after today, at `hour`:`minute` IST. */
function istAt(now: Date, days: number, hour: number, minute = 0): Date {
  const midnightUtc = (istDayNumber(now) + days) * MS_PER_DAY - IST_OFFSET_MINUTES * 60_000;
  return new Date(midnightUtc + (hour * 60 + minute) * 60_000);
}

/**
 * Two upcoming sessions, tomorrow evening and in a week. Added whenever no upcoming session is
 * left, so a demo started weeks later still has something to register for.
 */
export async function seedLiveSessions(db: Database, now = new Date()): Promise<void> {
  const [upcoming] = await db
    .select({ id: liveSessions.id })
    .from(liveSessions)
    .where(and(eq(liveSessions.active, true), gt(liveSessions.sessionDate, now)))
    .limit(1);
  if (upcoming) return;
  // The programme's last-day lesson picture, when the programme seed stored one.
  const [thumbnail] = await db
    .select({ key: lessons.thumbnailImg })
    .from(lessons)
    .where(isNotNull(lessons.thumbnailImg))
    .orderBy(desc(lessons.day), desc(lessons.videoOrder))
    .limit(1);
  await db.insert(liveSessions).values([
    {
      title: 'Beating cravings: live Q&A',
      description: sanitizeHtml(
        '<p>Bring your hardest moments. A cessation counsellor answers your questions live and walks you through the <strong>4 Ds</strong>: delay, deep breathing, drink water, do something else.</p>',
      ),
      amountPaise: 49_900,
      host: 'Dr. Meera Iyer',
      tags: 'Cravings,Q&A,Live',
      thumbnailImage: thumbnail?.key ?? null,
      sessionDate: istAt(now, 1, 19),
      durationMinutes: 60,
      joiningDetails:
        'Join on Exhale Meet: https://meet.exhale.example/cravings-qa\nPasscode: 4821\nJoin five minutes early to test your audio.',
    },
    {
      title: 'Your first smoke-free week',
      description: sanitizeHtml(
        '<p>A group session for everyone finishing the programme: what to expect in week one, how to handle triggers at work and at home, and how to <em>stay</em> quit.</p><ul><li>Live with the Exhale coaches</li><li>Time for your questions</li></ul>',
      ),
      amountPaise: 29_900,
      host: 'Rahul Menon, Exhale coach',
      tags: 'Programme,Group,Relapse prevention',
      thumbnailImage: thumbnail?.key ?? null,
      sessionDate: istAt(now, 7, 11),
      durationMinutes: 90,
      joiningDetails: 'Join on Exhale Meet: https://meet.exhale.example/first-week\nPasscode: 7730',
      // The session that closes the premium programme: included in the plan (decision 041).
      includedInPremium: true,
    },
  ]);
}

const DEMO_PREMIUM_EMAIL = 'premium@example.com';
const DEMO_ORDER_ID = 'order_demo_premium0';

/**
 * The demo premium account bought the lifetime plan through the sandbox: a paid order, its
 * payment, the plan and a real invoice (serial 1 of its year on a fresh database), so the Plans
 * page shows a current plan with an invoice to download.
 */
export async function seedPremiumDemoPurchase(db: Database, seller: SellerConfig): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.email, DEMO_PREMIUM_EMAIL))
      .limit(1);
    const [plan] = await tx.select().from(plans).where(eq(plans.code, 'lifetime')).limit(1);
    if (!user || !plan) return;
    const [existing] = await tx
      .select({ id: userPlans.id })
      .from(userPlans)
      .where(eq(userPlans.userId, user.id))
      .limit(1);
    if (existing) return;
    const purchasedAt = user.premiumSince ?? new Date();
    const amounts = priceBreakdown({ pricePaise: plan.pricePaise });
    const [order] = await tx
      .insert(paymentOrders)
      .values({
        userId: user.id,
        purpose: 'plan',
        planId: plan.id,
        provider: 'sandbox',
        providerOrderId: DEMO_ORDER_ID,
        ...amounts,
        status: 'paid',
        createdAt: purchasedAt,
        updatedAt: purchasedAt,
      })
      .onConflictDoNothing({ target: paymentOrders.providerOrderId })
      .returning();
    if (!order) return;
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        providerPaymentId: 'pay_demo_premium00',
        amountPaise: amounts.totalPaise,
        capturedAt: purchasedAt,
        buyerName: user.name,
      })
      .returning();
    await tx.insert(userPlans).values({
      userId: user.id,
      planId: plan.id,
      paymentId: payment!.id,
      status: 'active',
      purchasedAt,
      expiryDate: null,
    });
    await issueInvoice(tx, seller, {
      paymentId: payment!.id,
      buyerName: user.name,
      description: `${plan.name} - quit-smoking programme`,
      taxablePaise: amounts.subTotalPaise,
      gstPaise: amounts.gstPaise,
      issuedAt: purchasedAt,
    });
  });
}

/**
 * Plans, coupons, live sessions and the demo premium purchase. In production (should the demo
 * seed run there at all) the demo purchase is skipped: its invoice would take serial 1 of the
 * real, gap-free invoice sequence.
 */
export async function seedMoney(
  db: Database,
  config: SellerConfig & Pick<Config, 'NODE_ENV'>,
): Promise<void> {
  const production = config.NODE_ENV === 'production';
  await seedPlans(db);
  await seedCoupons(db, { production });
  await seedLiveSessions(db);
  if (!production) await seedPremiumDemoPurchase(db, config);
}

import { createHmac } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveSessions } from '../src/db/schema/money';
import { seedLiveSessions } from '../src/db/seed/money';
import { latestLink } from './accounts';
import { createAdmin, createUser, type TestUser } from './admin-fixtures';
import { createTestApp } from './app';
import { MESSAGING_SECRET, sign } from './messaging-fixtures';
import { createPlanOrder, LIFETIME_TOTAL, sandboxPay, seedCatalogue } from './money-fixtures';
import { loadOperations } from './openapi-operations';
import { seedFixtureCatalogue } from './programme-fixtures';

/**
 * Every route × {anonymous, another user, the owner, an admin} gets the status its
 * declared policy promises (API.md "Auth", ARCHITECTURE.md §5). The policy of each route is written
 * down here, not inferred from what the app answers, and a route missing from the table fails the
 * test, so a new route cannot ship without someone deciding who may call it.
 */

type Role = 'anonymous' | 'other' | 'owner' | 'admin';

/**
 * - public: anyone.
 * - signed-in: any full session (a user's own data is found through the session, never an id).
 * - owner: a row of one user named in the request; anyone else, admins included (the user API is
 *   scoped to its caller), is told it does not exist (404), as API.md has it for settings.
 * - admin: the admin role; members get 403.
 * - otp / reset / verify: only that kind of token opens it; a session token is the wrong kind (403).
 */
type Policy = 'public' | 'signed-in' | 'owner' | 'admin' | 'otp' | 'reset' | 'verify';

interface Rule {
  policy: Policy;
  /** The request to send (default: the route's URL with any id, `{}` as body for writes). */
  request?: (f: Fixtures) => Pick<InjectOptions, 'url' | 'payload' | 'headers'>;
  /** The call ends or changes the caller's account: every role gets a fresh one. */
  fresh?: boolean;
}

interface Fixtures {
  lessonId: string;
  settingId: string;
  invoiceId: string;
  userPlanId: string;
  planPaid: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  liveOrderId: string;
  livePaid: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  cravingId: string;
  anyId: string;
}

const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** Who may call each route, keyed like `app.routeTable` (HEAD routes mirror their GET). */
const POLICIES: Record<string, Policy | Rule> = {
  // Operations and documentation.
  'GET /api/healthz': 'public',
  'GET /api/readyz': 'public',
  'GET /api/metrics': 'public', // scraped by Prometheus inside the network; no user data
  'GET /api/config': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': {
    policy: 'public',
    request: () => ({ url: '/api/docs/static/x.css' }),
  },
  'OPTIONS *': { policy: 'public', request: () => ({ url: '/api/plan' }) },
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'GET /media/*': { policy: 'public', request: () => ({ url: '/media/none.webp' }) },
  // The local mailbox exists outside production only (its own test covers production's 404).
  'GET /dev/outbox': 'public',
  'GET /dev/outbox.json': 'public',
  // Outside production only: the outbox's 'reply as this member' box and the scheduler's clock.
  'POST /dev/outbox/reply': 'public',
  'POST /dev/messaging/run': 'public',

  // Accounts.
  'POST /api/auth/user/register': 'public',
  'POST /api/auth/user/login': 'public',
  'POST /api/auth/user/verify': { policy: 'otp', request: () => ({ payload: { otp: '000000' } }) },
  'POST /api/auth/user/password-login': 'public',
  'POST /api/auth/google-login': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/user/reset-pwd': 'reset',
  'POST /api/auth/user/verify-email': 'verify',
  'POST /api/auth/user/verify-email/request': 'signed-in',
  'POST /api/auth/user/logout': { policy: 'signed-in', fresh: true },
  'POST /api/auth/user/delete-request': 'signed-in',
  'DELETE /api/auth/user/delete': { policy: 'signed-in', fresh: true },
  'GET /api/user/profile': 'signed-in',
  'PUT /api/user/profile': 'signed-in',
  'DELETE /api/user/profile/delete-pic': 'signed-in',
  'PUT /api/user/profile/password_update': 'signed-in',
  'POST /api/user/profile/whatsapp-check': 'signed-in',
  'POST /api/user/profile/whatsapp-verify': 'signed-in',
  'POST /api/user/profile/mobile-check': 'signed-in',
  'POST /api/user/profile/mobile-verify': 'signed-in',
  'PUT /api/user/profile/data-saver': 'signed-in',
  'PATCH /api/user/profile/language': 'signed-in',

  // Programme.
  'GET /api/question': { policy: 'signed-in', request: () => ({ url: '/api/question?event=1' }) },
  'POST /api/question/score': 'public', // the landing page's test, before sign-up
  'GET /api/user-answer': 'signed-in',
  'POST /api/user-answer': 'signed-in',
  'GET /api/user-lesson': 'signed-in',
  'PUT /api/user-lesson/:id': {
    policy: 'owner',
    request: (f) => ({ url: `/api/user-lesson/${f.lessonId}`, payload: { pause_time: 3 } }),
  },
  'GET /api/user-exercise/list': 'signed-in',
  'POST /api/user-exercise': 'signed-in',
  'GET /api/notification': 'signed-in',
  'GET /api/user-notification': 'signed-in',
  'PUT /api/user-notification/reset': 'signed-in',
  'PUT /api/user-notification/:id': {
    policy: 'owner',
    request: (f) => ({ url: `/api/user-notification/${f.settingId}`, payload: { status: false } }),
  },

  // Money.
  'GET /api/plan': 'public',
  'POST /api/coupon/verify': 'signed-in',
  'POST /api/user-plan': 'signed-in',
  'POST /api/user-plan/verify': {
    policy: 'owner',
    request: (f) => ({
      headers: { 'x-razorpay-signature': f.planPaid.razorpay_signature },
      payload: {
        order_id: f.planPaid.razorpay_order_id,
        payment_id: f.planPaid.razorpay_payment_id,
      },
    }),
  },
  'GET /api/user-plan/current': 'signed-in',
  'PUT /api/user-plan/request-refund': {
    policy: 'owner',
    request: (f) => ({ payload: { id: f.userPlanId } }),
  },
  'GET /api/user-plan/invoice/:id': {
    policy: 'owner',
    request: (f) => ({ url: `/api/user-plan/invoice/${f.invoiceId}` }),
  },
  // Razorpay calls it, signed with the webhook secret rather than a user's token.
  'POST /api/payments/webhook': 'public',
  'POST /api/payments/sandbox/pay': {
    policy: 'owner',
    request: (f) => ({ payload: { order_id: f.liveOrderId, outcome: 'failure' } }),
  },
  'GET /api/live-session': 'signed-in',
  'POST /api/user-live-session': 'signed-in',
  'POST /api/user-live-session/verify': {
    policy: 'owner',
    request: (f) => ({
      headers: { 'x-razorpay-signature': f.livePaid.razorpay_signature },
      payload: {
        order_id: f.livePaid.razorpay_order_id,
        payment_id: f.livePaid.razorpay_payment_id,
      },
    }),
  },

  // Content and community.
  'GET /api/blog': 'public',
  'GET /api/blog/:id': 'public',
  'GET /api/news-and-media': 'public',
  'GET /api/explore': 'signed-in',
  'POST /api/explore': 'signed-in',
  'GET /api/explore-review': {
    policy: 'signed-in',
    request: (f) => ({ url: `/api/explore-review?explore_id=${f.anyId}` }),
  },
  'POST /api/explore-review': 'signed-in',
  'GET /api/quiz/:id': 'public',
  'POST /api/quiz/quiz-answer': 'public',
  'POST /api/translate': 'public',
  'POST /api/translate/batch': 'public',

  // The quit companion: the caller's own plan and log; the dependence test is public.
  'GET /api/quit-plan': 'signed-in',
  'PUT /api/quit-plan': 'signed-in',
  'GET /api/quit-plan/progress': 'signed-in',
  'POST /api/cravings': 'signed-in',
  'GET /api/cravings': 'signed-in',
  'DELETE /api/cravings/:id': {
    policy: 'owner',
    request: (f) => ({ url: `/api/cravings/${f.cravingId}` }),
  },
  'PUT /api/check-ins/:date': {
    policy: 'signed-in',
    request: () => ({ url: '/api/check-ins/2026-01-01', payload: { used: false, mood: 3 } }),
  },
  'GET /api/check-ins': 'signed-in',
  'GET /api/follow-ups': 'signed-in',
  'PUT /api/follow-ups/:week': {
    policy: 'signed-in',
    request: () => ({ url: '/api/follow-ups/4', payload: { smoked_last_7_days: false } }),
  },
  'GET /api/dependence-test': {
    policy: 'public',
    request: () => ({ url: '/api/dependence-test?variant=smoking' }),
  },
  'POST /api/dependence-test': 'public',
  'GET /api/dependence-test/history': 'signed-in',
  'GET /api/messaging/preferences': 'signed-in',
  'PUT /api/messaging/preferences': 'signed-in',
  'GET /api/push/key': 'public',
  'POST /api/push/subscriptions': 'signed-in',
  'DELETE /api/push/subscriptions': 'signed-in',
  'POST /api/push/test': 'signed-in',
  // The SMS and WhatsApp gateways call these, signed with MESSAGING_INBOUND_SECRET, not a token.
  'POST /api/messaging/inbound/:provider': {
    policy: 'public',
    request: () =>
      signedCallback('/api/messaging/inbound/http', {
        from: '0000000000',
        text: 'HELP',
        channel: 'sms',
        message_id: 'matrix',
      }),
  },
  'POST /api/messaging/status/:provider': {
    policy: 'public',
    request: () =>
      signedCallback('/api/messaging/status/http', { message_id: 'matrix', status: 'read' }),
  },
  // Meta's handshake (its verify token) and webhook (X-Hub-Signature-256), MSG91's reports (token).
  'GET /api/messaging/inbound/meta': {
    policy: 'public',
    request: () => ({
      url: `/api/messaging/inbound/meta?hub.mode=subscribe&hub.verify_token=${META_VERIFY_TOKEN}&hub.challenge=42`,
    }),
  },
  'POST /api/messaging/inbound/meta': {
    policy: 'public',
    request: () => {
      const payload = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
      return {
        url: '/api/messaging/inbound/meta',
        payload,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${createHmac('sha256', META_APP_SECRET).update(payload).digest('hex')}`,
        },
      };
    },
  },
  'POST /api/messaging/status/msg91': {
    policy: 'public',
    request: () => ({
      url: `/api/messaging/status/msg91?token=${MSG91_TOKEN}`,
      payload: JSON.stringify({ requestId: 'matrix', status: '1', desc: 'DELIVERED' }),
      headers: { 'content-type': 'application/json' },
    }),
  },

  // The operators' console.
  'GET /api/admin/audit': 'admin',
  'POST /api/admin/uploads': {
    policy: 'admin',
    request: () => ({ url: '/api/admin/uploads?kind=image' }),
  },
  'GET /api/admin/uploads/renditions': 'admin',
  'POST /api/admin/uploads/renditions': 'admin',
  'GET /api/admin/lessons': 'admin',
  'POST /api/admin/lessons': 'admin',
  'GET /api/admin/lessons/:id': 'admin',
  'PUT /api/admin/lessons/:id': 'admin',
  'DELETE /api/admin/lessons/:id': 'admin',
  'PUT /api/admin/lessons/reorder': 'admin',
  'GET /api/admin/questions': 'admin',
  'POST /api/admin/questions': 'admin',
  'GET /api/admin/questions/routes': 'admin',
  'PUT /api/admin/questions/reorder': 'admin',
  'PUT /api/admin/questions/:id': 'admin',
  'DELETE /api/admin/questions/:id': 'admin',
  'GET /api/admin/translations': 'admin',
  'PUT /api/admin/translations': 'admin',
  'GET /api/admin/plans': 'admin',
  'POST /api/admin/plans': 'admin',
  'PUT /api/admin/plans/:id': 'admin',
  'GET /api/admin/coupons': 'admin',
  'POST /api/admin/coupons': 'admin',
  'PUT /api/admin/coupons/:id': 'admin',
  'GET /api/admin/live-sessions': 'admin',
  'POST /api/admin/live-sessions': 'admin',
  'PUT /api/admin/live-sessions/:id': 'admin',
  'GET /api/admin/live-sessions/:id/enrolments': 'admin',
  'GET /api/admin/payments': 'admin',
  'GET /api/admin/payments/:id/invoice': 'admin',
  'GET /api/admin/refunds': 'admin',
  'GET /api/admin/refunds/:id/credit-note': 'admin',
  'POST /api/admin/refunds/:id/approve': 'admin',
  'POST /api/admin/refunds/:id/reject': 'admin',
  'GET /api/admin/blogs': 'admin',
  'POST /api/admin/blogs': 'admin',
  'PUT /api/admin/blogs/:id': 'admin',
  'DELETE /api/admin/blogs/:id': 'admin',
  'GET /api/admin/news': 'admin',
  'POST /api/admin/news': 'admin',
  'PUT /api/admin/news/:id': 'admin',
  'DELETE /api/admin/news/:id': 'admin',
  'GET /api/admin/quizzes': 'admin',
  'POST /api/admin/quizzes': 'admin',
  'GET /api/admin/quizzes/:id': 'admin',
  'PUT /api/admin/quizzes/:id': 'admin',
  'DELETE /api/admin/quizzes/:id': 'admin',
  'GET /api/admin/quizzes/:id/registrations.csv': 'admin',
  'GET /api/admin/explore': 'admin',
  'POST /api/admin/explore/:id/approve': 'admin',
  'POST /api/admin/explore/:id/reject': 'admin',
  'GET /api/admin/explore-reviews': 'admin',
  'PUT /api/admin/explore-reviews/:id': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/:id': 'admin',
  'PUT /api/admin/users/:id/role': 'admin',
  'POST /api/admin/users/:id/notifications': 'admin',
  'GET /api/admin/feedback': 'admin',
  'POST /api/admin/feedback/:id/reply': 'admin',
  'GET /api/admin/metrics': 'admin',
  'GET /api/admin/notification-definitions': 'admin',
  'POST /api/admin/notification-definitions': 'admin',
  'PUT /api/admin/notification-definitions/:id': 'admin',
  'DELETE /api/admin/notification-definitions/:id': 'admin',
  'GET /api/admin/outcomes': 'admin',
  'GET /api/admin/programme-messages': 'admin',
  'POST /api/admin/programme-messages': 'admin',
  'PUT /api/admin/programme-messages/:id': 'admin',
  'DELETE /api/admin/programme-messages/:id': 'admin',
  'POST /api/admin/programme-messages/preview': 'admin',
  'GET /api/admin/programme-figures': 'admin',
  'GET /api/admin/channel-figures': 'admin',
  'POST /api/admin/channels/:channel/test': 'admin',
  // Coach support: the inbox also takes the coach role (coach-support.int.test.ts covers it);
  // members get 403 as on every admin route.
  'GET /api/admin/inbox': 'admin',
  'GET /api/admin/inbox/:id': 'admin',
  'POST /api/admin/inbox/:id/replies': 'admin',
  'POST /api/admin/inbox/:id/notes': 'admin',
  'POST /api/admin/inbox/:id/assign': 'admin',
  'POST /api/admin/inbox/:id/close': 'admin',
  'POST /api/admin/inbox/:id/reopen': 'admin',
  'GET /api/admin/coaches': 'admin',
  'GET /api/admin/saved-replies': 'admin',
  'POST /api/admin/saved-replies': 'admin',
  'PUT /api/admin/saved-replies/:id': 'admin',
  'DELETE /api/admin/saved-replies/:id': 'admin',
  // The member's own conversation, found through the session.
  'GET /api/coach/conversation': 'signed-in',
  'POST /api/coach/messages': {
    policy: 'signed-in',
    request: () => ({ payload: { text: 'Hello coach' } }),
  },
};

const META_APP_SECRET = 'matrix-meta-app-secret';
const META_VERIFY_TOKEN = 'matrix-verify-token';
const MSG91_TOKEN = 'matrix-msg91-report-token';

function signedCallback(url: string, body: Record<string, unknown>) {
  const payload = JSON.stringify(body);
  return {
    url,
    payload,
    headers: { 'content-type': 'application/json', 'x-exhale-signature': sign(payload) },
  };
}

const rule = (key: string): Rule => {
  const declared = POLICIES[key]!;
  return typeof declared === 'string' ? { policy: declared } : declared;
};

/** What each role must get under each policy: a status, or "let through" (anything but 401/403). */
const THROUGH = 'through' as const;
type Expected = number | typeof THROUGH;
const EXPECTED: Record<Policy, Record<Role, Expected>> = {
  public: { anonymous: THROUGH, other: THROUGH, owner: THROUGH, admin: THROUGH },
  'signed-in': { anonymous: 401, other: THROUGH, owner: THROUGH, admin: THROUGH },
  owner: { anonymous: 401, other: 404, owner: THROUGH, admin: 404 },
  admin: { anonymous: 401, other: 403, owner: 403, admin: THROUGH },
  otp: { anonymous: 401, other: 403, owner: THROUGH, admin: 403 },
  reset: { anonymous: 401, other: 403, owner: THROUGH, admin: 403 },
  verify: { anonymous: 401, other: 403, owner: THROUGH, admin: 403 },
};

let app: FastifyInstance;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let fixtures: Fixtures;

beforeAll(async () => {
  app = await createTestApp({
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    MESSAGING_INBOUND_SECRET: MESSAGING_SECRET,
    WHATSAPP_PROVIDER: 'meta',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_ACCESS_TOKEN: 'matrix-access-token',
    WHATSAPP_APP_SECRET: META_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: META_VERIFY_TOKEN,
    MSG91_WEBHOOK_TOKEN: MSG91_TOKEN,
  });
  await seedFixtureCatalogue(app.db);
  const { lifetime } = await seedCatalogue(app);
  await seedLiveSessions(app.db);
  // Past the first test, so the programme's routes (exercises, live sessions) serve them.
  owner = await createUser(app, { name: 'Owner', step: 1 });
  other = await createUser(app, { name: 'Other', step: 1 });
  admin = await createAdmin(app);

  // The owner's own rows: a lesson, a notification setting, a paid plan with its invoice, a
  // live-session order left unpaid and another one paid.
  const lessons = await app.inject({ url: '/api/user-lesson', headers: owner.headers });
  const settings = await app.inject({ url: '/api/user-notification', headers: owner.headers });
  // Live-session orders first: once premium, the programme's closing session needs no payment.
  const sessions = await app.db.select().from(liveSessions);
  const orderFor = async (title: string, total: number) => {
    const session = sessions.find((s) => s.title === title)!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/user-live-session',
      headers: owner.headers,
      payload: { live_session: session.id, total },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.payment.order_id as string;
  };
  const liveOrderId = await orderFor('Your first smoke-free week', 352.82);
  const livePaid = await sandboxPay(
    app,
    owner,
    await orderFor('Beating cravings: live Q&A', 588.82),
  );
  const planOrder = await createPlanOrder(app, owner, {
    plan_id: lifetime.id,
    total: LIFETIME_TOTAL,
  });
  expect(planOrder.statusCode, planOrder.body).toBe(200);
  const planPaid = await sandboxPay(app, owner, planOrder.json().data.payment.order_id);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/user-plan/verify',
    headers: { ...owner.headers, 'x-razorpay-signature': planPaid.razorpay_signature },
    payload: { order_id: planPaid.razorpay_order_id, payment_id: planPaid.razorpay_payment_id },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const craving = await app.inject({
    method: 'POST',
    url: '/api/cravings',
    headers: owner.headers,
    payload: { intensity: 3, trigger: 'stress', outcome: 'resisted' },
  });
  expect(craving.statusCode, craving.body).toBe(201);
  fixtures = {
    cravingId: craving.json().data._id,
    lessonId: lessons.json().data[0]._id,
    settingId: settings.json().data[0]._id,
    invoiceId: verified.json().data.invoice_id,
    userPlanId: verified.json().data._id,
    planPaid,
    liveOrderId,
    livePaid,
    anyId: ANY_ID,
  };
});

/** Every route the app serves, keyed like the table (HEAD is Fastify's mirror of each GET). */
function servedRoutes(): string[] {
  return [
    ...new Set(
      app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`),
    ),
  ];
}

/** A bearer token of another kind than a session, obtained the way users obtain it. */
async function tokenOfKind(policy: 'otp' | 'reset' | 'verify', user: TestUser): Promise<string> {
  const email = user.row.email!;
  if (policy === 'verify') {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/verify-email/request',
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await latestLink(app, email, '/verify-email')).searchParams.get('token')!;
  }
  if (policy === 'otp') {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token;
  }
  await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
  // The mailed link carries the token with its 2nd and 3rd segments swapped (API.md).
  const [a, b, c] = (await latestLink(app, email, '/reset')).searchParams.get('token')!.split('.');
  return `${a}.${c}.${b}`;
}

async function callAs(role: Role, key: string): Promise<LightMyRequestResponse> {
  const [method, path] = key.split(' ') as [InjectOptions['method'], string];
  const { policy, request, fresh } = rule(key);
  const custom = request?.(fixtures) ?? {};
  let caller: TestUser | undefined = { other, owner, admin, anonymous: undefined }[role];
  if (caller && fresh) caller = role === 'admin' ? await createAdmin(app) : await createUser(app);
  let authorization = caller?.headers.authorization;
  // The owner of a one-kind route calls it with that kind of token, as the product's pages do.
  if (role === 'owner' && (policy === 'otp' || policy === 'reset' || policy === 'verify')) {
    authorization = `Bearer ${await tokenOfKind(policy, owner)}`;
  }
  const write = method !== 'GET' && method !== 'OPTIONS';
  return app.inject({
    method,
    url: custom.url ?? path.replace(/:[A-Za-z_]+/g, ANY_ID).replace('/*', '/x'),
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(method === 'OPTIONS'
        ? { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' }
        : {}),
      ...(custom.headers as Record<string, string> | undefined),
    },
    ...(write ? { payload: (custom.payload as object | undefined) ?? {} } : {}),
  });
}

describe('the authorization table', () => {
  it('declares a policy for every route the app serves, and only for those', () => {
    const served = servedRoutes();
    expect(
      served.filter((key) => !(key in POLICIES)),
      'routes without a policy',
    ).toEqual([]);
    expect(
      Object.keys(POLICIES).filter((key) => !served.includes(key)),
      'stale',
    ).toEqual([]);
  });

  it('agrees with the OpenAPI document: public routes ask for no token, the others do', async () => {
    const disagreements: string[] = [];
    for (const op of await loadOperations(app)) {
      const key = `${op.method} ${op.path.replace(/\{([^}]+)\}/g, ':$1')}`;
      const isPublic = rule(key).policy === 'public';
      if (isPublic === op.secured) disagreements.push(`${key}: ${rule(key).policy} vs document`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe('every route × anonymous, another user, the owner and an admin', () => {
  it('answers each as its policy says', { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    for (const key of servedRoutes().sort()) {
      const { policy } = rule(key);
      // The owner last: a refund request or a verification by the owner must not change what
      // the others are shown.
      for (const role of ['anonymous', 'other', 'admin', 'owner'] as const) {
        const res = await callAs(role, key);
        const expected = EXPECTED[policy][role];
        const ok =
          expected === THROUGH
            ? ![401, 403].includes(res.statusCode) &&
              res.statusCode < 500 &&
              // The owner of a row of theirs is served, not refused for another reason.
              (policy !== 'owner' || (res.statusCode >= 200 && res.statusCode < 300))
            : res.statusCode === expected;
        if (!ok) {
          mismatches.push(
            `${key} as ${role}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    // One line per wrong answer, so a failure names every route and role at once.
    expect(mismatches).toEqual([]);
  });

  it('keeps the refused answers in the contract envelope with the designed codes', async () => {
    const anonymous = await callAs('anonymous', 'GET /api/user/profile');
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const member = await callAs('other', 'GET /api/admin/users');
    expect(member.json()).toMatchObject({ success: false, code: 'ADMIN_ONLY' });
    const wrongKind = await callAs('other', 'POST /api/auth/user/verify');
    expect(wrongKind.json()).toMatchObject({ success: false, code: 'WRONG_TOKEN_KIND' });
  });
});

describe('rules that depend on the request, not only the route', () => {
  it('serves the landing test (event 0) to anyone, the other SIM tests only to the signed-in', async () => {
    expect((await app.inject({ url: '/api/question?event=0&limit=inf' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/question?event=1' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/question?route=ex-a' })).statusCode).toBe(401);
  });

  it('lists pending and rejected Explore posts to admins only', async () => {
    for (const status of ['pending', 'rejected']) {
      const url = `/api/explore?status=${status}`;
      expect((await app.inject({ url, headers: other.headers })).statusCode).toBe(403);
      expect((await app.inject({ url, headers: admin.headers })).statusCode).toBe(200);
    }
  });
});

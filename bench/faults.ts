/**
 * Fault injection against the production build of the API (`npm run faults -w @exhale/bench`):
 *
 * 1. kill-verify   kill -9 while checkout verifications are in flight; restart; clients retry.
 * 2. kill-webhook  kill -9 while `payment.captured` webhooks are in flight; restart; redelivery.
 * 3. db-outage     PostgreSQL stopped and restarted under traffic (always an embedded server of
 *                  its own, so the machine's shared server is never touched).
 * 4. drain         SIGTERM with slow requests in flight: they finish, new connections are refused,
 *                  the process exits 0 within its 15 s budget.
 *
 * Prints PASS or FAIL per scenario and exits non-zero on any failure. `--quick` runs fewer
 * iterations (CI); naming scenarios (`npm run faults -- kill-verify drain`) runs only those.
 * Scenarios 1, 2 and 4 use a fresh database on DATABASE_URL's server when it is set, otherwise
 * an embedded PostgreSQL.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../apps/api/src/db/embedded';
import { SandboxPaymentProvider } from '../apps/api/src/providers/payments/sandbox-payment-provider';
import { paiseToRupees, priceBreakdown } from '../packages/contract/src/money';
import { ensureBuilt, startApi, type ApiProcess, type StartApiOptions } from './lib/api-process';
import { createBenchDatabase } from './lib/database';
import { checkMoneyInvariants, type TrackedOrder } from './lib/money-invariants';
import { probeConnect, rawRequest, type RawRequest, type RawResponse } from './lib/raw-http';

const QUICK = process.argv.includes('--quick');

// The sandbox payment provider derives its key and webhook secrets from the API's JWT secret, so
// knowing it lets this harness sign checkouts and webhooks exactly as Razorpay would.
const JWT_SECRET = `faults-${randomBytes(24).toString('hex')}`;
const sandbox = new SandboxPaymentProvider(JWT_SECRET);
const API_ENV = { JWT_SECRET, RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' };
const PASSWORD = 'Fault@2026';

/** What the contract promises while the database is unreachable (API.md "Conventions"). */
const UNAVAILABLE_CODE = 'SERVICE_UNAVAILABLE';
/** A request that needs the database must fail within this while it is down (pool: 3 s). */
const FAIL_FAST_MS = 5_000;
/** main.ts forces an exit after 15 s of draining. */
const DRAIN_BUDGET_MS = 15_000;

const say = (msg: string) => process.stdout.write(`    ${msg}\n`);

/** Thrown by a scenario with everything it found wrong. */
class ScenarioFailure extends Error {
  constructor(readonly problems: string[]) {
    super(`${problems.length} problem(s)`);
  }
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function describeResponse(res: RawResponse): string {
  return `${res.status} ${res.text.slice(0, 200)}`;
}

async function expectOk(url: string, request: RawRequest, status = 200): Promise<RawResponse> {
  const res = await rawRequest(url, request);
  if (res.status !== status) {
    throw new Error(`${request.method ?? 'POST'} ${request.path}: ${describeResponse(res)}`);
  }
  return res;
}

/**
 * startApi, waiting out a rebuild of apps/api/dist by someone else in the same tree (the entry
 * point or a chunk missing for a moment) rather than failing the scenario on it.
 */
async function startApiRetrying(options: StartApiOptions): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startApi(options);
    } catch (error) {
      const rebuilding = /Cannot find module|MODULE_NOT_FOUND/.test(String(error));
      if (!rebuilding || attempt >= 5) throw error;
      say('the API build is being replaced; starting again in 3 s');
      await sleep(3_000);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Buyers and checkouts, through the public API as the web app makes them
// ---------------------------------------------------------------------------------------------

interface Buyer {
  id: string;
  email: string;
  token: string;
}

let buyerCount = 0;

async function register(url: string, tag: string): Promise<Buyer> {
  buyerCount += 1;
  const email = `fault.${tag}.${buyerCount}@example.com`;
  const res = await expectOk(
    url,
    {
      path: '/api/auth/user/register',
      body: {
        name: 'Fault Tester',
        email,
        mobile: String(7_000_000_000 + buyerCount),
        dob: 30,
        password: PASSWORD,
        gender: 'female',
        step: 0,
      },
    },
    201,
  );
  const body = res.json as { token: string; data: { _id: string } };
  return { id: body.data._id, email, token: body.token };
}

interface PlanOffer {
  id: string;
  body: { plan_id: string; total: number; sub_total: number; gst: number };
}

/** The paid plan on sale, and the amounts its checkout form would send. */
async function paidPlan(url: string): Promise<PlanOffer> {
  const res = await expectOk(url, { path: '/api/plan' });
  const plans = (res.json as { data: Array<Record<string, unknown>> }).data;
  const plan = plans.find((p) => Number(p.price_paise) > 0);
  if (!plan) throw new Error('no paid plan in the catalogue');
  const amounts = priceBreakdown({
    pricePaise: Number(plan.special_price_paise ?? plan.price_paise),
  });
  return {
    id: String(plan._id),
    body: {
      plan_id: String(plan._id),
      total: paiseToRupees(amounts.totalPaise),
      sub_total: paiseToRupees(amounts.subTotalPaise),
      gst: paiseToRupees(amounts.gstPaise),
    },
  };
}

type PaymentPath = 'verify' | 'webhook';

/** A paid checkout whose confirmation (verify call or webhook) is still to be delivered. */
interface PendingPayment {
  order: TrackedOrder;
  buyer: Buyer;
  /** The confirmation, byte for byte the same on every delivery (a retry, a redelivery). */
  request: RawRequest;
  /** What the browser sends after paying (also used after a webhook has already activated). */
  verifyRequest: RawRequest;
}

function webhookRequest(orderId: string, paymentId: string, amountPaise: number): RawRequest {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_faults',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: amountPaise,
          currency: 'INR',
          status: 'captured',
          order_id: orderId,
          method: 'upi',
          captured: true,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return {
    path: '/api/payments/webhook',
    rawBody: body,
    headers: {
      'x-razorpay-signature': sandbox.signWebhook(body),
      'x-razorpay-event-id': `evt_${randomBytes(7).toString('hex')}`,
    },
    timeoutMs: 20_000,
  };
}

/** Registers `count` buyers, opens a checkout for each and "pays" it as Razorpay would. */
async function paidCheckouts(
  url: string,
  plan: PlanOffer,
  count: number,
  tag: string,
  via: PaymentPath,
): Promise<PendingPayment[]> {
  const buyers = await mapLimit(
    Array.from({ length: count }, () => tag),
    4,
    (t) => register(url, t),
  );
  return mapLimit(buyers, 8, async (buyer) => {
    const res = await expectOk(url, {
      path: '/api/user-plan',
      token: buyer.token,
      body: plan.body,
    });
    const checkout = (res.json as { data: { payment: { order_id: string; amount: number } } }).data
      .payment;
    const paid = sandbox.signPayment(checkout.order_id);
    const verifyRequest: RawRequest = {
      path: '/api/user-plan/verify',
      token: buyer.token,
      headers: { 'x-razorpay-signature': paid.razorpay_signature },
      body: { order_id: paid.razorpay_order_id, payment_id: paid.razorpay_payment_id, id: plan.id },
      timeoutMs: 20_000,
    };
    const request =
      via === 'verify'
        ? verifyRequest
        : webhookRequest(checkout.order_id, paid.razorpay_payment_id, checkout.amount);
    return {
      buyer,
      request,
      verifyRequest,
      order: {
        providerOrderId: checkout.order_id,
        userId: buyer.id,
        acknowledged: false,
        ...(via === 'webhook' ? { eventId: request.headers!['x-razorpay-event-id'] } : {}),
      },
    };
  });
}

/** A confirmation the API accepted: the verify call's plan, or the webhook's acknowledgement. */
function confirmed(via: PaymentPath, res: RawResponse): boolean {
  if (res.status !== 200) return false;
  const body = res.json as { success?: boolean; message?: string; data?: { status?: string } };
  if (via === 'verify') return body.success === true && body.data?.status === 'active';
  return body.success === true && body.message?.startsWith('payment.captured') === true;
}

/** A client retrying until it gets an answer, as Checkout's page and Razorpay's redelivery do. */
async function deliverUntilAnswered(url: string, request: RawRequest): Promise<RawResponse> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      const res = await rawRequest(url, request);
      if (res.status < 500) return res;
      lastError = new Error(describeResponse(res));
    } catch (error) {
      lastError = error;
    }
    await sleep(250 * 2 ** attempt);
  }
  throw new Error(`no answer after 6 deliveries: ${String(lastError)}`);
}

// ---------------------------------------------------------------------------------------------
// 1 and 2: kill -9 while payments are being confirmed
// ---------------------------------------------------------------------------------------------

async function killDuringPayments(via: PaymentPath): Promise<string> {
  const iterations = QUICK ? 2 : 6;
  const perIteration = QUICK ? 24 : 40;
  const problems: string[] = [];
  const all: TrackedOrder[] = [];
  let acknowledgedBeforeKill = 0;
  let committedUnanswered = 0;
  let halfBatchMs = 200;

  const database = await createBenchDatabase();
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  // Dropping the database at the end (WITH FORCE) may end an idle connection first; that is no
  // failure of the API under test and must not crash the harness.
  sql.on('error', () => {});
  let api: ApiProcess | undefined;
  let toldToRetry = 0;
  try {
    api = await startApiRetrying({
      databaseUrl: database.url,
      dataDir: database.dataDir,
      env: API_ENV,
    });
    const plan = await paidPlan(api.url);
    for (let iteration = 1; iteration <= iterations; iteration++) {
      const pending = await paidCheckouts(api.url, plan, perIteration, `${via}${iteration}`, via);
      const orders = pending.map((p) => p.order);
      all.push(...orders);

      // Odd iterations kill right after a random number of answers, so the kill lands mid-batch
      // whatever the machine's speed; even ones after a random delay between nothing and the time
      // about half a batch took before, which also hits batches before anything has committed.
      const killAfterAnswers = iteration % 2 === 1 ? randomInt(1, perIteration - 4) : undefined;
      const killDelayMs = randomInt(2, Math.max(3, Math.round(halfBatchMs)));
      let triggerKill!: () => void;
      const killSignal = new Promise<void>((resolve) => (triggerKill = resolve));
      let answered = 0;
      let killedAt = 0;
      const started = performance.now();
      const answers = await Promise.all([
        Promise.all(
          pending.map((p) =>
            rawRequest(api!.url, p.request).then(
              (res) => {
                answered += 1;
                if (killAfterAnswers !== undefined && answered >= killAfterAnswers) triggerKill();
                return res;
              },
              () => undefined,
            ),
          ),
        ),
        (async () => {
          if (killAfterAnswers === undefined) await sleep(killDelayMs);
          else await Promise.race([killSignal, sleep(30_000)]);
          await sleep(randomInt(0, 4));
          api!.child.kill('SIGKILL');
          killedAt = Math.round(performance.now() - started);
          await api!.exited;
        })(),
      ]).then(([results]) => results);
      if (answered > 0) halfBatchMs = (killedAt * perIteration) / 2 / answered;

      for (const [index, res] of answers.entries()) {
        if (!res || res.status === 503) continue;
        if (confirmed(via, res)) {
          orders[index]!.acknowledged = true;
          acknowledgedBeforeKill += 1;
        } else {
          problems.push(`${orders[index]!.providerOrderId}: answered ${describeResponse(res)}`);
        }
      }
      // A 503 (a lock or a connection not had in time on a busy machine) carries Retry-After and
      // commits nothing; the client retries it after the restart like a call that got no answer.
      const busy = answers.filter((res) => res?.status === 503).length;
      toldToRetry += busy;
      const unanswered = pending.filter(
        (_, index) => !answers[index] || answers[index]!.status === 503,
      );

      // The state the crash left: whole purchases or none, never half of one.
      const crash = await checkMoneyInvariants(sql, orders, { expectPaid: false });
      problems.push(...crash.problems.map((p) => `after kill ${iteration}: ${p}`));
      committedUnanswered += crash.paid - orders.filter((o) => o.acknowledged).length;

      api = await startApiRetrying({
        databaseUrl: database.url,
        dataDir: database.dataDir,
        env: API_ENV,
        port: api.port,
      });
      const retries = await Promise.all(
        unanswered.map((p) =>
          deliverUntilAnswered(api!.url, p.request).then(
            (res) => ({ p, res }),
            (error: unknown) => ({ p, error }),
          ),
        ),
      );
      for (const retry of retries) {
        if ('error' in retry) problems.push(`${retry.p.order.providerOrderId}: ${retry.error}`);
        else if (!confirmed(via, retry.res)) {
          problems.push(`${retry.p.order.providerOrderId}: retry ${describeResponse(retry.res)}`);
        } else retry.p.order.acknowledged = true;
      }
      // A delivery that was already handled changes nothing: replay a few acknowledged ones.
      for (const p of pending.filter((x) => !unanswered.includes(x)).slice(0, 3)) {
        const res = await rawRequest(api.url, p.request);
        const replay = (res.json as { message?: string } | undefined)?.message ?? '';
        if (!confirmed(via, res) || (via === 'webhook' && !replay.endsWith('(replay)'))) {
          problems.push(`${p.order.providerOrderId}: replay answered ${describeResponse(res)}`);
        }
      }
      if (via === 'webhook') {
        // The browser comes back after the webhook already activated the order: answered as done.
        for (const p of pending.slice(-3)) {
          const res = await rawRequest(api.url, p.verifyRequest);
          if (!confirmed('verify', res)) {
            problems.push(`${p.order.providerOrderId}: late verify ${describeResponse(res)}`);
          }
        }
      }
      const after = await checkMoneyInvariants(sql, orders, { expectPaid: true });
      problems.push(...after.problems.map((p) => `after restart ${iteration}: ${p}`));
      say(
        `iteration ${iteration}/${iterations}: killed at ${killedAt} ms` +
          ` (${killAfterAnswers === undefined ? `${killDelayMs} ms delay` : `after ${killAfterAnswers} answers`}), ` +
          `${perIteration - unanswered.length}/${perIteration} answered` +
          `${busy > 0 ? ` (${busy} more told to retry)` : ''}, ${crash.paid} committed; ` +
          `after restart and ${unanswered.length} retries ${after.paid}/${perIteration} paid`,
      );
    }
    const final = await checkMoneyInvariants(sql, all, { expectPaid: true });
    problems.push(...final.problems.map((p) => `at the end: ${p}`));
    if (problems.length > 0) throw new ScenarioFailure(problems);
    return (
      `${all.length} orders over ${iterations} kills: ${acknowledgedBeforeKill} acknowledged before ` +
      `a kill, ${committedUnanswered} committed without an answer, ${toldToRetry} told to retry; ` +
      `all paid exactly once after ` +
      `retries, invoice serials gap-free`
    );
  } finally {
    await api?.stop('SIGKILL');
    await sql.end();
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 3: PostgreSQL stopped and restarted under traffic
// ---------------------------------------------------------------------------------------------

interface TrafficRecord {
  name: string;
  startedAt: number;
  endedAt: number;
  status: number | 'network-error';
  body: unknown;
}

function isUnavailableBody(body: unknown): boolean {
  const b = body as { success?: unknown; code?: unknown; message?: unknown } | undefined;
  return (
    b?.success === false &&
    b.code === UNAVAILABLE_CODE &&
    typeof b.message === 'string' &&
    b.message.length > 0
  );
}

async function databaseOutage(): Promise<string> {
  const downMs = QUICK ? 4_000 : 8_000;
  const problems: string[] = [];
  const root = await mkdtemp(path.join(tmpdir(), 'exhale-faults-pg-'));
  await chmod(root, 0o755); // run as root, the embedded server is the 'postgres' user
  const dbDir = path.join(root, 'db');
  let embedded: EmbeddedDatabase | undefined;
  let api: ApiProcess | undefined;
  try {
    embedded = await startEmbeddedDatabase({ dataDir: dbDir, log: () => {} });
    const port = Number(new URL(embedded.url).port);
    api = await startApiRetrying({
      databaseUrl: embedded.url,
      dataDir: path.join(root, 'api'),
      env: API_ENV,
      seedDemo: true,
    });
    const url = api.url;
    const buyer = await register(url, 'outage');
    const plan = await paidPlan(url);
    // Requests that each need the database: catalogue reads, session checks, a password sign-in
    // (a read and a session insert) and a checkout (an order insert).
    const needDatabase: Array<{ name: string; request: RawRequest }> = [
      { name: 'GET /plan', request: { path: '/api/plan' } },
      {
        name: 'GET /user-plan/current',
        request: { path: '/api/user-plan/current', token: buyer.token },
      },
      { name: 'GET /notification', request: { path: '/api/notification', token: buyer.token } },
      {
        name: 'POST /auth/user/password-login',
        request: {
          path: '/api/auth/user/password-login',
          body: { email: buyer.email, password: PASSWORD },
        },
      },
      {
        name: 'POST /coupon/verify',
        request: { path: '/api/coupon/verify', token: buyer.token, body: { code: 'NOSUCH' } },
      },
      {
        name: 'POST /user-plan',
        request: { path: '/api/user-plan', token: buyer.token, body: plan.body },
      },
    ];
    const okStatus = (name: string) => (name === 'POST /coupon/verify' ? 404 : 200);
    for (const probe of needDatabase) await expectOk(url, probe.request, okStatus(probe.name));

    // Background traffic across the whole outage, four clients in a loop.
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const traffic: TrafficRecord[] = [];
    let trafficOn = true;
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let i = client; trafficOn; i++) {
        const probe = needDatabase[i % needDatabase.length]!;
        const startedAt = now();
        try {
          const res = await rawRequest(url, { ...probe.request, timeoutMs: 20_000 });
          traffic.push({
            name: probe.name,
            startedAt,
            endedAt: now(),
            status: res.status,
            body: res.json,
          });
        } catch {
          traffic.push({
            name: probe.name,
            startedAt,
            endedAt: now(),
            status: 'network-error',
            body: undefined,
          });
        }
        await sleep(20);
      }
    });

    await sleep(1_000);
    const stopStarted = now();
    await embedded.stop();
    embedded = undefined;
    const stopped = now();
    say(`database stopped in ${Math.round(stopped - stopStarted)} ms`);

    // While it is down: not ready, alive, and every database request a quick 503.
    const downUntil = stopped + downMs;
    let rounds = 0;
    while (now() < downUntil) {
      rounds += 1;
      const ready = await rawRequest(url, { path: '/api/readyz', timeoutMs: 20_000 });
      const readyBody = ready.json as { success?: boolean; data?: { database?: boolean } };
      if (
        ready.status !== 503 ||
        readyBody?.success !== false ||
        readyBody.data?.database !== false
      ) {
        problems.push(`readyz while down: ${describeResponse(ready)}`);
      }
      if (ready.ms > FAIL_FAST_MS)
        problems.push(`readyz took ${Math.round(ready.ms)} ms while down`);
      const live = await rawRequest(url, { path: '/api/healthz', timeoutMs: 20_000 });
      if (live.status !== 200) problems.push(`healthz while down: ${describeResponse(live)}`);
      for (const probe of needDatabase) {
        const res = await rawRequest(url, { ...probe.request, timeoutMs: 20_000 });
        if (res.status !== 503 || !isUnavailableBody(res.json)) {
          problems.push(`${probe.name} while down: ${describeResponse(res)}`);
        } else if (res.headers['retry-after'] === undefined) {
          problems.push(`${probe.name} while down: 503 without Retry-After`);
        }
        if (res.ms > FAIL_FAST_MS) {
          problems.push(`${probe.name} while down took ${Math.round(res.ms)} ms`);
        }
      }
      await sleep(250);
    }

    const restartStarted = now();
    embedded = await startEmbeddedDatabase({ dataDir: dbDir, log: () => {}, port });
    const restarted = now();
    let readyAt: number | undefined;
    while (now() < restarted + 30_000) {
      const ready = await rawRequest(url, { path: '/api/readyz', timeoutMs: 20_000 }).catch(
        () => undefined,
      );
      if (ready?.status === 200) {
        readyAt = now();
        break;
      }
      await sleep(100);
    }
    if (readyAt === undefined) problems.push('readyz not 200 within 30 s of the database restart');
    else
      say(
        `database back after ${Math.round(restarted - restartStarted)} ms; API ready ${Math.round(readyAt - restarted)} ms later`,
      );

    // Recovered without a restart: every request succeeds again.
    for (let round = 0; round < 3; round++) {
      for (const probe of needDatabase) {
        const res = await rawRequest(url, probe.request);
        if (res.status !== okStatus(probe.name)) {
          problems.push(`${probe.name} after recovery: ${describeResponse(res)}`);
        }
      }
    }
    await sleep(1_000);
    trafficOn = false;
    await Promise.all(clients);

    // The background traffic: never a hang, never a 500, a contract 503 whenever the database was
    // needed and gone, and success again once the API said it was ready.
    let unavailable = 0;
    let slowest = 0;
    for (const r of traffic) {
      const ms = r.endedAt - r.startedAt;
      slowest = Math.max(slowest, ms);
      const label = `${r.name} at ${Math.round(r.startedAt)} ms`;
      if (ms > FAIL_FAST_MS) problems.push(`${label} took ${Math.round(ms)} ms`);
      if (r.status === 503) {
        unavailable += 1;
        if (!isUnavailableBody(r.body))
          problems.push(`${label}: 503 body ${JSON.stringify(r.body)}`);
      } else if (r.status !== okStatus(r.name)) {
        problems.push(`${label}: ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`);
      }
      if (r.startedAt > stopped && r.endedAt < restartStarted && r.status !== 503) {
        problems.push(`${label}: ${r.status} while the database was down`);
      }
      if (readyAt !== undefined && r.startedAt > readyAt && r.status === 503) {
        problems.push(`${label}: 503 after the API reported ready`);
      }
    }
    if (api.child.exitCode !== null || api.child.signalCode !== null) {
      problems.push(`the API exited during the outage:\n${api.output().slice(-2000)}`);
    }
    const code = await api.stop('SIGTERM');
    api = undefined;
    if (code !== 0) problems.push(`API exited ${code} on SIGTERM after the outage`);
    if (problems.length > 0) throw new ScenarioFailure(problems);
    return (
      `${traffic.length} background requests (${unavailable} answered 503, slowest ` +
      `${Math.round(slowest)} ms) and ${rounds} probe rounds over a ${downMs / 1000} s outage; ` +
      `recovered without a restart`
    );
  } finally {
    await api?.stop('SIGKILL');
    await embedded?.stop();
    await rm(root, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 4: SIGTERM drains in-flight requests
// ---------------------------------------------------------------------------------------------

const LOGIN_PATH = '/api/auth/user/password-login';

/** Sign-ins the API's request log shows as read (incoming request) and answered. */
function loginLog(output: string): { received: number; completed: number } {
  let received = 0;
  let completed = 0;
  const inbound = new Set<string>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; reqId?: string; req?: { url?: string } };
      if (entry.msg === 'incoming request' && entry.req?.url === LOGIN_PATH && entry.reqId) {
        received += 1;
        inbound.add(entry.reqId);
      } else if (entry.msg === 'request completed' && entry.reqId && inbound.has(entry.reqId)) {
        completed += 1;
      }
    } catch {
      // not a log line of the API's (a partial chunk)
    }
  }
  return { received, completed };
}

async function gracefulShutdown(): Promise<string> {
  const logins = QUICK ? 8 : 16;
  const problems: string[] = [];
  const database = await createBenchDatabase();
  let api: ApiProcess | undefined;
  const idleAgent = new http.Agent({ keepAlive: true });
  try {
    api = await startApiRetrying({
      databaseUrl: database.url,
      dataDir: database.dataDir,
      // The request log (incoming request / request completed) tells what the server has read.
      env: { ...API_ENV, LOG_LEVEL: 'info' },
    });
    const { url, port } = api;
    const buyers = await mapLimit(
      Array.from({ length: logins }, () => 'drain'),
      4,
      (tag) => register(url, tag),
    );

    // An idle keep-alive connection, as a browser leaves open: it must not hold the exit up.
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${url}/api/healthz`, { agent: idleAgent }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });

    // Slow requests: each password sign-in runs argon2 (tens of ms, two cores shared). SIGTERM
    // goes once the server has read every one of them (its request log says so): a request still
    // in a socket buffer when the listener closes was never in flight, whatever the client thinks.
    // Times are taken absolute and reported relative to SIGTERM (t0) once it has been sent.
    let t0 = 0;
    const inFlight = buyers.map((buyer) =>
      rawRequest(url, {
        path: LOGIN_PATH,
        body: { email: buyer.email, password: PASSWORD },
        timeoutMs: 30_000,
      }).then(
        (res) => ({ res, doneAt: performance.now() }),
        (error: unknown) => ({ error, doneAt: performance.now() }),
      ),
    );
    const seen = () => loginLog(api!.output());
    for (let waited = 0; seen().received < logins && waited < 20_000; waited += 5) await sleep(5);
    const atSigterm = seen();
    if (atSigterm.received < logins) {
      problems.push(`the server logged ${atSigterm.received} of ${logins} sign-ins within 20 s`);
    }
    if (atSigterm.completed === logins) problems.push('every sign-in finished before SIGTERM');

    t0 = performance.now();
    api.child.kill('SIGTERM');
    let exited = false;
    void api.exited.then(() => (exited = true));
    const probes: Array<{ at: number; outcome: string }> = [];
    const probing = (async () => {
      while (!exited) {
        const outcome = await probeConnect(port, 500);
        probes.push({ at: performance.now() - t0, outcome });
        await sleep(10);
      }
    })();

    const results = await Promise.all(inFlight);
    const code = await Promise.race([api.exited, sleep(DRAIN_BUDGET_MS + 5_000, 'still running')]);
    const exitMs = performance.now() - t0;
    exited = true;
    await probing;

    let lastAnswer = 0;
    for (const result of results) {
      lastAnswer = Math.max(lastAnswer, result.doneAt - t0);
      if ('error' in result) {
        problems.push(`in-flight sign-in failed: ${String(result.error)}`);
        continue;
      }
      const body = result.res.json as { token?: string } | undefined;
      if (result.res.status !== 200 || !body?.token) {
        problems.push(`in-flight sign-in answered ${describeResponse(result.res)}`);
      }
    }
    const firstRefused = probes.find((p) => p.outcome === 'refused');
    if (!firstRefused) {
      problems.push(`no new connection was refused before exit (${probes.length} tried)`);
    } else {
      const acceptedLater = probes.filter(
        (p) => p.at > firstRefused.at && p.outcome === 'accepted',
      );
      if (acceptedLater.length > 0)
        problems.push('a connection was accepted after one was refused');
      if (firstRefused.at > lastAnswer && lastAnswer > 200) {
        problems.push(
          `the listener stayed open while draining: first refusal at ${Math.round(firstRefused.at)} ms, ` +
            `last in-flight answer at ${Math.round(lastAnswer)} ms`,
        );
      }
    }
    if (code !== 0)
      problems.push(`exit ${code} after SIGTERM (want 0)\n${api.output().slice(-2000)}`);
    if (exitMs > DRAIN_BUDGET_MS) problems.push(`exit took ${Math.round(exitMs)} ms`);
    if (problems.length > 0) throw new ScenarioFailure(problems);
    api = undefined;
    return (
      `${logins - atSigterm.completed} of ${logins} sign-ins in flight at SIGTERM, all 200 ` +
      `(last at ${Math.round(lastAnswer)} ms), new ` +
      `connections refused from ${Math.round(firstRefused!.at)} ms, exit 0 at ${Math.round(exitMs)} ms`
    );
  } finally {
    idleAgent.destroy();
    await api?.stop('SIGKILL');
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------

const SCENARIOS: Array<{ key: string; title: string; run: () => Promise<string> }> = [
  {
    key: 'kill-verify',
    title: 'kill -9 during payment verification',
    run: () => killDuringPayments('verify'),
  },
  {
    key: 'kill-webhook',
    title: 'kill -9 during payment.captured webhooks',
    run: () => killDuringPayments('webhook'),
  },
  {
    key: 'db-outage',
    title: 'PostgreSQL stopped and restarted under traffic',
    run: databaseOutage,
  },
  { key: 'drain', title: 'SIGTERM drains in-flight requests', run: gracefulShutdown },
];

async function main() {
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = only.filter((key) => !SCENARIOS.some((s) => s.key === key));
  if (unknown.length > 0) {
    throw new Error(
      `unknown scenario ${unknown.join(', ')}; one of ${SCENARIOS.map((s) => s.key).join(', ')}`,
    );
  }
  ensureBuilt();
  const server = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).host : 'embedded';
  process.stdout.write(`fault injection${QUICK ? ' (quick)' : ''}; database server: ${server}\n`);
  const started = performance.now();
  let failed = 0;
  for (const scenario of SCENARIOS) {
    if (only.length > 0 && !only.includes(scenario.key)) continue;
    process.stdout.write(`\n${scenario.key}: ${scenario.title}\n`);
    const t = performance.now();
    try {
      const summary = await scenario.run();
      process.stdout.write(
        `PASS ${scenario.key} (${((performance.now() - t) / 1000).toFixed(1)} s): ${summary}\n`,
      );
    } catch (error) {
      failed += 1;
      process.stdout.write(
        `FAIL ${scenario.key} (${((performance.now() - t) / 1000).toFixed(1)} s)\n`,
      );
      const problems =
        error instanceof ScenarioFailure
          ? error.problems
          : [String((error as Error).stack ?? error)];
      for (const problem of problems.slice(0, 30)) process.stdout.write(`    - ${problem}\n`);
      if (problems.length > 30) process.stdout.write(`    … and ${problems.length - 30} more\n`);
    }
  }
  process.stdout.write(
    `\n${failed === 0 ? 'all scenarios passed' : `${failed} scenario(s) failed`} in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});

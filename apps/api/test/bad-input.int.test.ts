import { errorBodySchema } from '@exhale/contract/envelope';
import { Messages, isCatalogueMessage } from '@exhale/contract/messages';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenKind } from '../src/modules/auth/tokens';
import { createAdmin, createUser, type TestUser } from './admin-fixtures';
import { createTestApp } from './app';
import { databaseFingerprint } from './db-fingerprint';
import {
  REFUSED,
  WELL_FORMED,
  type Generator,
  type Probe,
  type ProbeContext,
} from './malformed-requests';
import { seedCatalogue } from './money-fixtures';
import { multipart } from './multipart';
import { loadOperations, type Operation } from './openapi-operations';
import { seedFixtureCatalogue } from './programme-fixtures';

/**
 * Every documented operation, fed malformed and hostile requests generated from its
 * own schema (fast-check), anonymously and signed in. Whatever arrives, the API answers below 500
 * with the contract's error envelope, refuses what the contract refuses, and a refused request
 * changes no data. BAD_INPUT_REQUESTS sets the number of requests (default 10,000);
 * BAD_INPUT_SEED replays a run.
 */
const REQUESTS = Number(process.env.BAD_INPUT_REQUESTS ?? 10_000);
const SEED = process.env.BAD_INPUT_SEED ? Number(process.env.BAD_INPUT_SEED) : Date.now() % 2 ** 31;
const HEAVY_KINDS = new Set(['huge-string', 'huge-array', 'deep-nesting', 'oversized']);

/** BAD_INPUT_ONLY (a regular expression) limits a run to matching operations, e.g. "admin/users". */
const ONLY = new RegExp(process.env.BAD_INPUT_ONLY ?? '');
/** Most requests must be refused; the rest are well-formed but hostile and may be accepted. */
const REFUSED_SHARE = 0.8;

/**
 * Operations that take a token of another kind than a session (API.md "Token kinds"): the document
 * only says "bearer", so the suite is told which token gets these past authentication.
 */
const TOKEN_KINDS: Record<string, TokenKind> = {
  'POST /api/auth/user/verify': 'otp',
  'POST /api/user/reset-pwd': 'reset',
  'POST /api/auth/user/verify-email': 'verify',
};

/** The largest error body any refusal may have (a few dozen field errors fit easily). */
const MAX_ERROR_BYTES = 16 * 1024;

/**
 * The longest one request may take. Generous (requests here take milliseconds, the largest bodies
 * tens of them) so a loaded machine does not fail it, while a request that makes the server work
 * for seconds does.
 */
const MAX_REQUEST_MS = 2_000;

/**
 * Operations the document marks as needing a token that are open to anyone for some requests
 * (API.md: `GET /question?event=0` is the landing page's test, taken before sign-up).
 */
const PUBLIC_WHEN: Record<string, (url: URL) => boolean> = {
  'GET /api/question': (url) =>
    url.searchParams.getAll('event').join() === '0' && !url.searchParams.has('route'),
};

/**
 * Provider webhooks that check their signature or token on the raw request before reading the body
 * (API.md "Real channels": verify before parse). No probe here is signed, so each is refused with
 * 401 whatever its body, unless what it breaks is read first; nothing is recorded either way.
 */
const SIGNED_BEFORE_PARSE = new Set([
  'POST /api/messaging/inbound/meta',
  'POST /api/messaging/status/msg91',
]);

/** 5xx statuses the contract designs (API.md): only these may come back, and only with this code. */
const DESIGNED_5XX: Record<string, { status: number; code: string }> = {
  'POST /api/auth/google-login': { status: 503, code: 'GOOGLE_NOT_CONFIGURED' },
};

interface Caller {
  name: 'anonymous' | 'member' | 'admin' | TokenKind;
  headers: Record<string, string>;
}

let app: FastifyInstance;
let operations: Operation[];
let sent = 0;
const crashes: unknown[] = [];
const onCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  app = await createTestApp({ RATE_LIMIT_MAX: '100000000', AUTH_RATE_LIMIT_MAX: '100000000' });
  // Rows in every catalogue table, so the fingerprint has something to guard.
  await seedFixtureCatalogue(app.db);
  await seedCatalogue(app);
  operations = await loadOperations(app);
});

afterAll(() => {
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
});

const isAdminOperation = (op: Operation) => op.path.startsWith('/api/admin/');

async function callersFor(op: Operation, member: TestUser, admin: TestUser): Promise<Caller[]> {
  const callers: Caller[] = [{ name: 'anonymous', headers: {} }];
  callers.push({ name: 'member', headers: member.headers });
  if (isAdminOperation(op)) callers.push({ name: 'admin', headers: admin.headers });
  const kind = TOKEN_KINDS[op.name];
  if (kind) {
    const token = await app.tokens.sign({ sub: member.id, kind, jti: crypto.randomUUID() });
    callers.push({ name: kind, headers: { authorization: `Bearer ${token}` } });
  }
  return callers;
}

/** The statuses a refused probe may get from this caller: authentication and roles come first. */
function refusedStatuses(op: Operation, caller: Caller, probe: Probe): readonly number[] {
  const statuses = authStatuses(op, caller, probe);
  return probe.beforeAuth ? [...statuses, ...(probe.statuses ?? [])] : statuses;
}

function authStatuses(op: Operation, caller: Caller, probe: Probe): readonly number[] {
  // Refused as unsigned, or for what the probe breaks that is read before the signature (the
  // body's size, a malformed query).
  if (SIGNED_BEFORE_PARSE.has(op.name)) return [401, ...(probe.statuses ?? [])];
  // Open to anyone for this request: whatever credentials came (or none), they are not looked at.
  if (PUBLIC_WHEN[op.name]?.(new URL(probe.url, 'http://x'))) return probe.statuses ?? [];
  if (probe.headers.authorization) {
    // A revoked session's token is still a session token: an operation for another kind of
    // token refuses it as the wrong kind (403) before looking the session up.
    return TOKEN_KINDS[op.name] ? [401, 403] : (probe.statuses ?? []);
  }
  if (op.secured && caller.name === 'anonymous') return [401];
  if (isAdminOperation(op) && caller.name !== 'admin') return [403];
  const kind = TOKEN_KINDS[op.name];
  if (kind && caller.name !== kind && caller.name !== 'anonymous') return [403];
  return probe.statuses ?? [];
}

function preview(payload: Probe['payload']): string {
  if (payload === undefined) return '(none)';
  const text = Buffer.isBuffer(payload) ? payload.toString('latin1') : payload;
  const shown = JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);
  return `${shown} (${Buffer.byteLength(payload)} bytes)`;
}

function describeProbe(probe: Probe, caller: Caller, res?: LightMyRequestResponse): string {
  const url = probe.url.length > 200 ? `${probe.url.slice(0, 200)}…` : probe.url;
  const reply = res ? ` → ${res.statusCode} ${res.body.slice(0, 300)}` : '';
  return (
    `[${probe.kind} as ${caller.name}] ${probe.method} ${url} ` +
    `content-type=${probe.headers['content-type'] ?? '(none)'} body=${preview(probe.payload)}${reply}`
  );
}

/** What is wrong with the answer to `probe`, or undefined when it keeps every promise. */
function problemWith(
  op: Operation,
  caller: Caller,
  probe: Probe,
  res: LightMyRequestResponse,
): string | undefined {
  const status = res.statusCode;
  if (status >= 500) {
    const designed = DESIGNED_5XX[op.name];
    const code = safeJson(res.body)?.code;
    if (!designed || designed.status !== status || designed.code !== code) {
      return `answered ${status}`;
    }
  }
  if (status >= 400) {
    if (!String(res.headers['content-type']).startsWith('application/json')) {
      return `error body is ${String(res.headers['content-type'])}, not JSON`;
    }
    // A refusal costs little to send back: a small request must not buy a huge error body.
    if (res.rawPayload.length > MAX_ERROR_BYTES) {
      return `error body of ${res.rawPayload.length} bytes (over ${MAX_ERROR_BYTES})`;
    }
    const body = safeJson(res.body);
    if (!errorBodySchema.strict().safeParse(body).success) return 'error body is not the envelope';
    // A body the schema refuses shows the spec's text for the field or 'Please Check Inputs'.
    if (
      probe.schemaRefusal &&
      body?.code === 'VALIDATION_ERROR' &&
      !isCatalogueMessage(String(body.message))
    ) {
      return `validation message ${JSON.stringify(body.message)} is not the catalogue's`;
    }
  }
  // Bad credentials on a request open to anyone refuse nothing: the request is served.
  const open = PUBLIC_WHEN[op.name]?.(new URL(probe.url, 'http://x'));
  if (probe.refusal !== undefined && !(open && probe.kind === 'bad-auth')) {
    const allowed = refusedStatuses(op, caller, probe);
    if (!allowed.includes(status)) {
      return `expected ${allowed.join(' or ')} (${probe.refusal}), got ${status}`;
    }
  }
  return undefined;
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

async function send(probe: Probe, caller: Caller): Promise<LightMyRequestResponse> {
  sent += 1;
  return app.inject({
    method: probe.method,
    url: probe.url,
    // Each request from an address of its own: per-address limits (10 quiz answers a minute) would
    // otherwise answer 429 before the body is even read.
    remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    headers: { ...caller.headers, ...probe.headers },
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
  });
}

/**
 * Runs every generator against every operation it applies to, `runs` requests each, and returns
 * one line per failing (operation, generator) pair with the first request that failed.
 */
async function fuzz(
  generators: Record<string, Generator>,
  total: number,
  setup: (op: Operation) => Promise<{ callers: Caller[]; context: ProbeContext }>,
): Promise<string[]> {
  const pairs: { op: Operation; kind: string; generator: Generator }[] = [];
  const probeFree: ProbeContext = { ids: fc.uuid(), badAuthorizations: ['Bearer x'] };
  for (const op of operations.filter((o) => ONLY.test(o.name))) {
    for (const [kind, generator] of Object.entries(generators)) {
      if (generator(op, probeFree)) pairs.push({ op, kind, generator });
    }
  }
  // Kinds that build megabyte bodies cost ten times the others: they get half the share.
  const share = (kind: string) => (HEAVY_KINDS.has(kind) ? 0.5 : 1);
  const shares = pairs.reduce((sum, pair) => sum + share(pair.kind), 0);
  const runsOf = (kind: string) => Math.max(1, Math.ceil((total / shares) * share(kind)));
  const failures: string[] = [];
  const timeByKind: Record<string, number> = {};
  const slowest: { ms: number; what: string }[] = [];
  const statuses: Record<number, number> = {};
  const setups = new Map<string, Awaited<ReturnType<typeof setup>>>();
  for (const { op, kind, generator } of pairs) {
    const started = performance.now();
    const prepared = setups.get(op.name) ?? (await setup(op));
    setups.set(op.name, prepared);
    const { callers: who, context } = prepared;
    const arbitrary = fc.tuple(
      generator(op, context)!,
      // Callers who get past authentication reach the route's validation and handler, so they get
      // most of the requests; the refused ones (anonymous, a member on /api/admin) a few each.
      fc.oneof(
        ...who.map((caller) => ({
          weight:
            caller.name === 'anonymous' || (caller.name === 'member' && isAdminOperation(op))
              ? 1
              : 4,
          arbitrary: fc.constant(caller),
        })),
      ),
    );
    const result = await fc.check(
      fc.asyncProperty(arbitrary, async ([probe, caller]) => {
        const requested = performance.now();
        const res = await send(probe, caller);
        const took = performance.now() - requested;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        slowest.push({ ms: Math.round(took), what: `${op.name} [${kind}]` });
        slowest.sort((a, b) => b.ms - a.ms).splice(5);
        // One request must never hold the event loop (and every other user) for seconds.
        const problem =
          took > MAX_REQUEST_MS
            ? `took ${Math.round(took)} ms (over ${MAX_REQUEST_MS})`
            : problemWith(op, caller, probe, res);
        if (problem) throw new Error(`${problem}: ${describeProbe(probe, caller, res)}`);
      }),
      { numRuns: runsOf(kind), seed: SEED, endOnFailure: true },
    );
    if (result.failed) {
      const error = result.errorInstance;
      failures.push(
        `${op.name} [${kind}] ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    timeByKind[kind] = (timeByKind[kind] ?? 0) + performance.now() - started;
  }
  console.info(
    `bad-input: ${pairs.length} (operation, kind) pairs × ${runsOf('')} requests; ms by kind:`,
    Object.fromEntries(Object.entries(timeByKind).map(([k, ms]) => [k, Math.round(ms)])),
    'slowest:',
    slowest,
    'statuses:',
    statuses,
  );
  return failures;
}

async function badTokens(member: TestUser): Promise<string[]> {
  const revoked = await createUser(app);
  await app.inject({ method: 'POST', url: '/api/auth/user/logout', headers: revoked.headers });
  const expired = await app.tokens.sign(
    { sub: member.id, kind: 'session', sid: crypto.randomUUID() },
    -60,
  );
  const forged = (await app.tokens.sign({ sub: member.id, kind: 'session' })).replace(
    /\.[^.]+$/,
    '.AAAA',
  );
  const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
    JSON.stringify({ sub: member.id, kind: 'session', iss: 'exhale' }),
  ).toString('base64url')}.`;
  return [
    'Bearer',
    'Bearer ',
    'Bearer  ',
    'Basic dXNlcjpwYXNz',
    'Token abc',
    'Bearer a.b.c',
    'Bearer ....',
    `Bearer ${'A'.repeat(100_000)}`,
    `Bearer ${unsigned}`,
    `Bearer ${forged}`,
    `Bearer ${expired}`,
    revoked.headers.authorization,
    `Bearer ${member.token.toUpperCase()}`,
  ];
}

describe('requests the contract refuses', () => {
  it(
    'are refused below 500 with the error envelope, and change no data',
    { timeout: 600_000 },
    async () => {
      const member = await createUser(app, { name: 'Fuzz Member' });
      const admin = await createAdmin(app, 'Fuzz Operator');
      const bad = await badTokens(member);
      const callers = new Map<string, Caller[]>();
      for (const op of operations) callers.set(op.name, await callersFor(op, member, admin));

      // Taken after every row the test needs exists: from here on nothing may change. Every table
      // and column is compared, none excluded: nothing here writes on a refused request (sessions
      // keep no last-seen time, rate-limit counters live in memory or Redis, the audit log records
      // only admin writes that succeeded).
      const before = await databaseFingerprint(app);
      const started = Date.now();
      const failures = await fuzz(REFUSED, Math.round(REQUESTS * REFUSED_SHARE), async (op) => ({
        callers: callers.get(op.name)!,
        context: { ids: fc.uuid(), badAuthorizations: bad },
      }));
      const after = await databaseFingerprint(app);
      console.info(
        `bad-input: ${sent} refused-kind requests in ${Date.now() - started} ms (seed ${SEED})`,
      );

      expect(failures, `replay with BAD_INPUT_SEED=${SEED}`).toEqual([]);
      expect(after).toEqual(before);
    },
  );
});

describe('hostile but well-formed requests', () => {
  it('never get a 5xx', { timeout: 600_000 }, async () => {
    const sentBefore = sent;
    const started = Date.now();
    // Fresh callers per operation: a logout, a password change or a deletion only ends its own.
    const failures = await fuzz(
      WELL_FORMED,
      REQUESTS - Math.round(REQUESTS * REFUSED_SHARE),
      async (op) => {
        const member = await createUser(app);
        const admin = await createAdmin(app);
        // The member's own lessons and notification settings exist once they have been listed.
        for (const url of ['/api/user-lesson', '/api/user-notification', '/api/notification']) {
          await app.inject({ url, headers: member.headers });
        }
        return {
          callers: await callersFor(op, member, admin),
          context: { ids: await idsFor(op, [member.id, admin.id]), badAuthorizations: [] },
        };
      },
    );
    console.info(
      `bad-input: ${sent - sentBefore} well-formed requests in ${Date.now() - started} ms`,
    );
    expect(failures, `replay with BAD_INPUT_SEED=${SEED}`).toEqual([]);
  });
});

describe('what the fuzzer found (regressions)', () => {
  it('refuses a long list of wrong answers quickly, with a short list of errors', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/question/score',
      payload: { answers: new Array(200_000).fill(null) },
    });
    expect(res.statusCode).toBe(400);
    // Was: every item validated and listed, 17 MB of errors after seconds of work.
    expect(res.rawPayload.length).toBeLessThan(MAX_ERROR_BYTES);
    expect(res.json().errors.length).toBeLessThanOrEqual(20);

    // Bounded lists can still hold thousands of wrong values (200 answers × 50 choices): the
    // answer lists only the first few.
    const member = await createUser(app);
    const many = await app.inject({
      method: 'POST',
      url: '/api/user-exercise',
      headers: member.headers,
      payload: {
        exercise: 'ex-a',
        answers: Array.from({ length: 200 }, () => ({
          question_id: 1,
          value: new Array(50).fill({}),
        })),
      },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toHaveLength(20);
  });

  it('answers a multipart body it cannot read with a 400, not a 500', async () => {
    const member = await createUser(app);
    const admin = await createAdmin(app);
    const routes = [
      { method: 'PUT' as const, url: '/api/user/profile', headers: member.headers },
      { method: 'POST' as const, url: '/api/explore', headers: member.headers },
      { method: 'POST' as const, url: '/api/admin/uploads?kind=image', headers: admin.headers },
    ];
    const cut = '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nxx';
    for (const route of routes) {
      for (const payload of ['garbage', cut]) {
        const res = await app.inject({
          ...route,
          headers: { ...route.headers, 'content-type': 'multipart/form-data; boundary=b' },
          payload,
        });
        expect(res.statusCode, `${route.url}: ${res.body}`).toBe(400);
        expect(res.json().success).toBe(false);
        // A body cut inside the file may also read as "no file" (the route's own 400).
        if (payload === 'garbage') expect(res.json().code).toBe('UPLOAD_UNREADABLE');
      }
    }
  });

  it('answers a path it cannot decode in the error envelope', async () => {
    const res = await app.inject({ url: '/api/blog/%E0%A4' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'This address is not valid.',
      code: 'BAD_URL',
    });
  });

  it('refuses text the database cannot store (NUL, lone surrogates) before storing anything', async () => {
    const member = await createUser(app, { name: 'Before' });
    const admin = await createAdmin(app);
    const before = await databaseFingerprint(app);
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: member.headers,
      payload: {
        name: 'Asha\u0000',
        email: 'a@example.com',
        mobile: '9876543210',
        dob: 30,
        gender: 'female',
      },
    });
    expect(profile.statusCode, profile.body).toBe(400);
    // A control character in a name breaks the one name rule first (decision 035).
    expect(profile.json()).toMatchObject({
      message: Messages.NAME_CHARACTERS_INVALID.message,
      errors: [{ path: 'name' }],
    });
    const form = multipart({ name: 'Asha\u0000' });
    const viaForm = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(viaForm.statusCode, viaForm.body).toBe(400);
    const notify = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/notifications`,
      headers: admin.headers,
      payload: { title: 'Half an emoji \ud83d', message: 'x' },
    });
    expect(notify.statusCode, notify.body).toBe(400);
    const search = await app.inject({ url: '/api/admin/users?q=%00', headers: admin.headers });
    expect(search.statusCode, search.body).toBe(400);
    expect(await databaseFingerprint(app)).toEqual(before);

    // Any text a person can type still goes through.
    const real = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/notifications`,
      headers: admin.headers,
      payload: { title: 'धूम्रपान छोड़ें 😀', message: 'e\u0301 \u202eok' },
    });
    expect(real.statusCode, real.body).toBe(200);
  });
});

it('sent the configured number of requests and the server is still healthy', async () => {
  if (!process.env.BAD_INPUT_ONLY) expect(sent).toBeGreaterThanOrEqual(REQUESTS);
  expect(crashes).toEqual([]);
  const ready = await app.inject({ url: '/api/readyz' });
  expect(ready.statusCode, ready.body).toBe(200);
});

/** A table or path word without separators or plural ending: `user-lessons` → `userlesson`. */
const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/e?s$/, '');

/**
 * Ids for a well-formed request's path: mostly rows of the table the path names (`/admin/blogs/{id}`:
 * blogs), owned by the callers where the table has owners, so requests get past "not found" to
 * the handler's writes; sometimes any row of any table.
 */
async function idsFor(op: Operation, owners: string[]): Promise<fc.Arbitrary<string>> {
  const word = op.path.match(/([^/]+)\/\{[^}]+\}/)?.[1];
  if (!word) return fc.uuid(); // no path id to fill
  tablesWithIds ??= await idTables();
  if (!anyIds) {
    const lists = await Promise.all(
      [...tablesWithIds.keys()].map(async (table) => {
        const { rows } = await app.pg.query<{ id: string }>(
          `SELECT id::text AS id FROM "${table}" LIMIT 20`,
        );
        return rows.map((row) => row.id);
      }),
    );
    anyIds = lists.flat();
  }
  const everyId = anyIds;
  const named: string[] = [];
  for (const [table, owned] of tablesWithIds) {
    const t = stem(table);
    if (!t.startsWith(stem(word)) && !t.endsWith(stem(word))) continue;
    const { rows } = await app.pg.query<{ id: string }>(
      owned
        ? `SELECT id::text AS id FROM "${table}" WHERE user_id = ANY($1::uuid[]) LIMIT 20`
        : `SELECT id::text AS id FROM "${table}" LIMIT 20`,
      owned ? [owners] : [],
    );
    named.push(...rows.map((row) => row.id));
  }
  const fallback = everyId.length ? fc.constantFrom(...everyId) : fc.uuid();
  return named.length
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...named) },
        { weight: 1, arbitrary: fallback },
      )
    : fallback;
}

let tablesWithIds: Map<string, boolean> | undefined;
let anyIds: string[] | undefined;

/** Tables with a uuid `id`, each with whether its rows have an owner (`user_id`). */
async function idTables(): Promise<Map<string, boolean>> {
  const { rows } = await app.pg.query<{ table_name: string; owned: boolean }>(
    `SELECT c.table_name,
            EXISTS (SELECT 1 FROM information_schema.columns o
                     WHERE o.table_schema = 'public' AND o.table_name = c.table_name
                       AND o.column_name = 'user_id') AS owned
       FROM information_schema.columns c
      WHERE c.table_schema = 'public' AND c.column_name = 'id' AND c.data_type = 'uuid'`,
  );
  return new Map(rows.map((row) => [row.table_name, row.owned]));
}

import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CravingCreateRequest } from '@exhale/contract/cravings';
import {
  enqueue,
  keepOnlyQueueOf,
  onQueueChange,
  queuedCheckIn,
  queuedCoachMessage,
  queuedCraving,
  queuedWrites,
  type QueuedCraving,
  type QueuedWrite,
} from './queue';
import { failureKind, flushQueue } from './sync';

const A = 'member-a';
const B = 'member-b';

let n = 0;
function craving(overrides: Partial<CravingCreateRequest> = {}, at = new Date()): QueuedCraving {
  n += 1;
  return queuedCraving(
    {
      intensity: 3,
      trigger: 'stress',
      outcome: 'resisted',
      client_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      ...overrides,
    },
    at,
  );
}

/** The API's failure body as `unwrap` throws it. */
const apiError = (status: number, code = 'X') => ({ success: false, message: code, code, status });
const noAnswer = () => new TypeError('Failed to fetch');

/**
 * A server that stores a craving and a message to a coach once per (member, client_id) and a
 * check-in once per day, as decision 031, PUT /check-ins and POST /coach/messages say.
 */
function fakeServer() {
  const cravings = new Map<string, QueuedCraving['body']>();
  const checkIns = new Map<string, unknown>();
  const coachMessages = new Map<string, string>();
  return {
    cravings,
    checkIns,
    coachMessages,
    store(item: QueuedWrite) {
      if (item.kind === 'craving') {
        if (!cravings.has(item.body.client_id)) cravings.set(item.body.client_id, item.body);
      } else if (item.kind === 'coach-message') {
        if (!coachMessages.has(item.body.client_id)) {
          coachMessages.set(item.body.client_id, item.body.text);
        }
      } else checkIns.set(item.date, item.body);
    },
  };
}

beforeEach(async () => {
  await keepOnlyQueueOf(null);
});

describe('the offline queue on the device', () => {
  it('keeps a craving with its client_id and the time it was saved', async () => {
    const at = new Date('2026-11-25T16:30:00.000Z');
    const item = craving({ outcome: 'slipped', units: 2 }, at);
    await enqueue(A, item);
    const [stored] = await queuedWrites(A);
    expect(stored).toEqual(item);
    expect(stored?.kind === 'craving' && stored.body).toMatchObject({
      outcome: 'slipped',
      units: 2,
      at: '2026-11-25T16:30:00.000Z',
      client_id: item.body.client_id,
    });
  });

  it('lists writes oldest first, and a second answer for a day replaces the first', async () => {
    const first = craving();
    await enqueue(A, first);
    await enqueue(A, queuedCheckIn('2026-11-25', { used: false, mood: 3 }));
    const second = craving();
    await enqueue(A, second);
    await enqueue(A, queuedCheckIn('2026-11-25', { used: true, units: 1, mood: 2 }));
    const list = await queuedWrites(A);
    expect(list.map((item) => item.key)).toEqual([first.key, second.key, 'check-in:2026-11-25']);
    expect(list[2]).toMatchObject({ body: { used: true, units: 1, mood: 2 } });
  });

  it("keeps each member's writes apart and drops the others' when one signs in or out", async () => {
    await enqueue(A, craving());
    await enqueue(B, craving());
    expect(await queuedWrites(A)).toHaveLength(1);
    expect(await queuedWrites(B)).toHaveLength(1);

    await keepOnlyQueueOf(B);
    expect(await queuedWrites(A)).toEqual([]);
    expect(await queuedWrites(B)).toHaveLength(1);

    await keepOnlyQueueOf(null);
    expect(await queuedWrites(B)).toEqual([]);
  });

  it('tells listeners when a queue changes', async () => {
    let calls = 0;
    const stop = onQueueChange(() => (calls += 1));
    await enqueue(A, craving());
    await keepOnlyQueueOf(null);
    stop();
    await enqueue(A, craving());
    expect(calls).toBe(2);
  });

  it('ignores what an older version or a hand edit left in the store', async () => {
    const { set, createStore } = await import('idb-keyval');
    await set(A, [{ kind: 'unknown' }, 'text', craving()], createStore('exhale-offline', 'writes'));
    expect((await queuedWrites(A)).map((item) => item.kind)).toEqual(['craving']);
  });
});

describe('sending the queue', () => {
  it('sends every write oldest first and removes each once the server has it', async () => {
    const server = fakeServer();
    const items = [craving(), queuedCheckIn('2026-11-25', { used: false, mood: 4 }), craving()];
    for (const item of items) await enqueue(A, item);
    const sent: string[] = [];
    const result = await flushQueue(
      A,
      async (item) => {
        sent.push(item.key);
        server.store(item);
      },
      () => true,
    );
    expect(sent).toEqual(items.map((item) => item.key));
    expect(result).toMatchObject({ left: 0, rejected: [] });
    expect(await queuedWrites(A)).toEqual([]);
    expect(server.cravings.size).toBe(2);
    expect(server.checkIns.get('2026-11-25')).toEqual({ used: false, mood: 4 });
  });

  it('stores a craving once when its answer was lost and it is sent again', async () => {
    const server = fakeServer();
    const item = craving();
    await enqueue(A, item);
    // The server stored it, but the answer never reached the phone.
    const lost = await flushQueue(
      A,
      async (write) => {
        server.store(write);
        throw noAnswer();
      },
      () => true,
    );
    expect(lost).toMatchObject({ sent: [], left: 1 });
    expect(await queuedWrites(A)).toHaveLength(1);

    const retried = await flushQueue(
      A,
      async (write) => server.store(write),
      () => true,
    );
    expect(retried.sent).toHaveLength(1);
    expect([...server.cravings.keys()]).toEqual([item.body.client_id]);
    expect(await queuedWrites(A)).toEqual([]);
  });

  it('keeps a message to a coach with its client_id among the other writes, and sends it once', async () => {
    const server = fakeServer();
    const message = queuedCoachMessage({
      text: 'I slipped today',
      client_id: '00000000-0000-4000-8000-0000000000c1',
    });
    await enqueue(A, craving());
    await enqueue(A, message);
    expect((await queuedWrites(A)).map((item) => item.kind)).toEqual(['craving', 'coach-message']);
    // The first send's answer is lost, so the message is sent again with the same client_id.
    await flushQueue(
      A,
      async (item) => {
        server.store(item);
        if (item.kind === 'coach-message') throw noAnswer();
      },
      () => true,
    );
    expect(await queuedWrites(A)).toEqual([message]);
    await flushQueue(
      A,
      async (item) => server.store(item),
      () => true,
    );
    expect(await queuedWrites(A)).toEqual([]);
    expect([...server.coachMessages.values()]).toEqual(['I slipped today']);
  });

  it('stops at a failure that may pass and keeps the rest for the next try', async () => {
    const items = [craving(), craving(), craving()];
    for (const item of items) await enqueue(A, item);
    let calls = 0;
    const result = await flushQueue(
      A,
      async () => {
        calls += 1;
        if (calls === 2) throw apiError(503, 'SERVICE_UNAVAILABLE');
      },
      () => true,
    );
    expect(calls).toBe(2);
    expect(result).toMatchObject({ left: 2 });
    expect((await queuedWrites(A)).map((item) => item.key)).toEqual([items[1]!.key, items[2]!.key]);
  });

  it('drops a write the server refuses for good and goes on with the next', async () => {
    const old = craving();
    const next = craving();
    await enqueue(A, old);
    await enqueue(A, next);
    const result = await flushQueue(
      A,
      async (item) => {
        if (item.key === old.key) throw apiError(400, 'CRAVING_TIME_INVALID');
      },
      () => true,
    );
    expect(result.rejected.map(({ item }) => item.key)).toEqual([old.key]);
    expect(result.sent.map((item) => item.key)).toEqual([next.key]);
    expect(await queuedWrites(A)).toEqual([]);
  });

  it('keeps the writes when the session is not accepted', async () => {
    await enqueue(A, craving());
    const result = await flushQueue(
      A,
      async () => {
        throw apiError(401, 'UNAUTHORIZED');
      },
      () => true,
    );
    expect(result).toMatchObject({ left: 1, rejected: [] });
    expect(await queuedWrites(A)).toHaveLength(1);
  });

  it('sends nothing more once another member is signed in', async () => {
    await enqueue(A, craving());
    await enqueue(A, craving());
    let signedInAsA = true;
    const sent: string[] = [];
    const result = await flushQueue(
      A,
      async (item) => {
        sent.push(item.key);
        signedInAsA = false;
      },
      () => signedInAsA,
    );
    expect(sent).toHaveLength(1);
    expect(result.left).toBe(1);
  });

  it("keeps a day's newer answer given while the older one was on its way", async () => {
    await enqueue(A, queuedCheckIn('2026-11-25', { used: false, mood: 3 }, new Date(1_000)));
    const result = await flushQueue(
      A,
      async () => {
        await enqueue(A, queuedCheckIn('2026-11-25', { used: true, mood: 2 }, new Date(2_000)));
      },
      () => true,
    );
    expect(result.sent).toHaveLength(1);
    expect(await queuedWrites(A)).toMatchObject([{ body: { used: true, mood: 2 } }]);
  });
});

describe('what a failed send means', () => {
  it('waits on no answer, a busy or failing server, and the session; drops the rest', () => {
    expect(failureKind(noAnswer())).toBe('later');
    expect(failureKind(new Error('HTTP 502 from /api/cravings'))).toBe('later');
    expect(failureKind(apiError(500))).toBe('later');
    expect(failureKind(apiError(503))).toBe('later');
    expect(failureKind(apiError(429))).toBe('later');
    expect(failureKind(apiError(401))).toBe('session');
    expect(failureKind(apiError(403))).toBe('session');
    expect(failureKind(apiError(400))).toBe('rejected');
    expect(failureKind(apiError(409))).toBe('rejected');
  });
});

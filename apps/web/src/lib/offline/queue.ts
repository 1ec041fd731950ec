import { createStore, delMany, get, keys, update, type UseStore } from 'idb-keyval';
import type { CheckInRequest } from '@exhale/contract/check-ins';
import type { CoachMessageRequest } from '@exhale/contract/coach';
import type { CravingCreateRequest } from '@exhale/contract/cravings';

/**
 * Writes a member made while the server could not be reached (cravings, check-ins, messages to a
 * coach), kept on the device (IndexedDB) until the server has them (decision 055). Each member's
 * writes sit under their own user id, so what member A saved is never read while member B is
 * signed in; a member's list is dropped when they sign out (`keepOnlyQueueOf`).
 */

/** A craving as it will be posted: its own `client_id` and the time it happened. */
export interface QueuedCraving {
  kind: 'craving';
  /** `craving:<client_id>`: one entry per craving. */
  key: string;
  queued_at: string;
  body: CravingCreateRequest & { client_id: string; at: string };
}

/** A day's check-in; a second answer for the same day replaces the first (as PUT does). */
export interface QueuedCheckIn {
  kind: 'check-in';
  /** `check-in:<date>`. */
  key: string;
  queued_at: string;
  date: string;
  body: CheckInRequest;
}

/** A message to the coaches; its `client_id` makes a second send store nothing new. */
export interface QueuedCoachMessage {
  kind: 'coach-message';
  /** `coach-message:<client_id>`. */
  key: string;
  queued_at: string;
  body: CoachMessageRequest & { client_id: string };
}

export type QueuedWrite = QueuedCraving | QueuedCheckIn | QueuedCoachMessage;
export type QueuedWriteKind = QueuedWrite['kind'];
const KINDS: readonly string[] = [
  'craving',
  'check-in',
  'coach-message',
] satisfies QueuedWriteKind[];

/**
 * A craving to keep for later. The server takes `at` as the time it happened (default: when the
 * request arrives), so the queued copy carries the moment the member saved it.
 */
export function queuedCraving(
  body: CravingCreateRequest & { client_id: string },
  now = new Date(),
): QueuedCraving {
  return {
    kind: 'craving',
    key: `craving:${body.client_id}`,
    queued_at: now.toISOString(),
    body: { ...body, at: body.at ?? now.toISOString() },
  };
}

export function queuedCheckIn(date: string, body: CheckInRequest, now = new Date()): QueuedCheckIn {
  return { kind: 'check-in', key: `check-in:${date}`, queued_at: now.toISOString(), date, body };
}

export function queuedCoachMessage(
  body: CoachMessageRequest & { client_id: string },
  now = new Date(),
): QueuedCoachMessage {
  return {
    kind: 'coach-message',
    key: `coach-message:${body.client_id}`,
    queued_at: now.toISOString(),
    body,
  };
}

let store: UseStore | undefined;
const queueStore = (): UseStore => (store ??= createStore('exhale-offline', 'writes'));

const listeners = new Set<() => void>();

/** Called after every change to any member's queue (pages re-read what waits to sync). */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const changed = () => listeners.forEach((listener) => listener());

function isQueuedWrite(value: unknown): value is QueuedWrite {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<QueuedWrite>;
  return (
    typeof item.kind === 'string' &&
    KINDS.includes(item.kind) &&
    typeof item.key === 'string' &&
    typeof item.queued_at === 'string' &&
    typeof item.body === 'object' &&
    item.body !== null
  );
}

/** What a stored value holds; anything an older version or a hand edit left is ignored. */
function listOf(value: unknown): QueuedWrite[] {
  return Array.isArray(value) ? value.filter(isQueuedWrite) : [];
}

/** Keeps a write for the member; one with the same key (the same day's check-in) is replaced. */
export async function enqueue(userId: string, item: QueuedWrite): Promise<void> {
  await update(
    userId,
    (stored: unknown) => [...listOf(stored).filter((other) => other.key !== item.key), item],
    queueStore(),
  );
  changed();
}

/** The member's waiting writes, oldest first. */
export async function queuedWrites(userId: string): Promise<QueuedWrite[]> {
  return listOf(await get(userId, queueStore()));
}

/**
 * Removes a write once the server has it (or refused it for good). Only that very version goes: a
 * check-in the member changed while the old answer was on its way stays to be sent.
 */
export async function dequeue(userId: string, item: QueuedWrite): Promise<void> {
  await update(
    userId,
    (stored: unknown) =>
      listOf(stored).filter(
        (other) => !(other.key === item.key && other.queued_at === item.queued_at),
      ),
    queueStore(),
  );
  changed();
}

/**
 * Drops every queue but the signed-in member's (all of them when nobody is signed in): after a
 * sign-out, nothing saved by that member stays on a shared phone or reaches the next one's account.
 */
export async function keepOnlyQueueOf(userId: string | null): Promise<void> {
  const others = (await keys(queueStore())).filter((key) => key !== userId);
  if (others.length === 0) return;
  await delMany(others, queueStore());
  changed();
}

import {
  CRAVING_TRIGGERS,
  type Craving,
  type CravingCreateRequest,
  type CravingsQuery,
  type CravingSummary,
  type CravingTrigger,
} from '@exhale/contract/cravings';
import { isDateInputInRange } from '@exhale/contract/date-bounds';
import { addIstDays, istDateStart } from '@exhale/contract/ist';
import { Messages } from '@exhale/contract/messages';
import { cravingTimeAllowed } from '@exhale/contract/quit-progress';
import type { Database } from '../../db/client';
import type { CravingRow } from '../../db/schema/companion';
import { AppError } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { validationError } from '../../lib/validation';
import { type CravingsRepository, type CravingRange, type SummaryRow } from './cravings.repository';

const cravingNotFound = () =>
  new AppError(404, Messages.CRAVING_NOT_FOUND.code, Messages.CRAVING_NOT_FOUND.message);

export function toCraving(row: CravingRow): Craving {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    intensity: row.intensity,
    trigger: row.trigger,
    outcome: row.outcome,
    units: row.units,
    tobacco_type: row.tobaccoType,
    note: row.note,
    client_id: row.clientId,
    source: row.source,
    created_at: row.createdAt.toISOString(),
  };
}

/** The cursor is the (at, id) of a page's last entry, opaque to clients. */
function encodeCursor(row: CravingRow): string {
  return Buffer.from(JSON.stringify([row.at.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const date = new Date(String(at));
    if (typeof at === 'string' && isDateInputInRange(date) && isUuid(id)) {
      return { at: date, id };
    }
  } catch {
    // Falls through to the 400.
  }
  throw validationError([{ path: 'cursor', message: Messages.VALIDATION_ERROR.message }]);
}

/** IST dates to instants: `from` at its 00:00 IST, `to` up to the end of its day. */
export function rangeOf(query: { from?: string; to?: string }): CravingRange {
  return {
    from: query.from ? istDateStart(query.from) : undefined,
    to: query.to ? istDateStart(addIstDays(query.to, 1)) : undefined,
  };
}

/**
 * Counts over the range. Check-in slips count as slips but stay out of the trigger and hour
 * charts: they have no trigger and their 21:00 IST time is nominal. A slip sent by message counts
 * at the hour it came, under no trigger.
 */
export function summarise(rows: readonly SummaryRow[]): CravingSummary {
  const byTrigger = Object.fromEntries(CRAVING_TRIGGERS.map((t) => [t, 0])) as Record<
    CravingTrigger,
    number
  >;
  const byHour = Array.from({ length: 24 }, () => 0);
  let resisted = 0;
  let slipped = 0;
  for (const row of rows) {
    if (row.outcome === 'resisted') resisted += row.n;
    else slipped += row.n;
    if (row.source === 'check_in') continue;
    if (row.trigger) byTrigger[row.trigger as CravingTrigger] += row.n;
    byHour[row.hour] = (byHour[row.hour] ?? 0) + row.n;
  }
  return { resisted, slipped, by_trigger: byTrigger, by_hour: byHour };
}

/** The repositories CravingsService uses, on the pool or a transaction (its module file builds them). */
export interface CravingsRepositories {
  cravings: CravingsRepository;
}

/** The craving and slip log: every read and write is scoped to the caller. */
export class CravingsService {
  constructor(
    private readonly deps: { db: Database; data: DataAccess<CravingsRepositories>; clock: Clock },
  ) {}

  /**
   * Logs an entry. A retry with a `client_id` already stored returns the stored entry unchanged
   * and `created: false` (decision 031), so an offline queue can resend safely.
   */
  async create(
    userId: string,
    body: CravingCreateRequest,
  ): Promise<{ entry: Craving; created: boolean }> {
    const now = this.deps.clock.now();
    const repository = this.deps.data.repos.cravings;
    if (body.client_id) {
      const stored = await repository.findByClientId(userId, body.client_id);
      if (stored) return { entry: toCraving(stored), created: false };
    }
    const at = body.at ? new Date(body.at) : now;
    if (!cravingTimeAllowed(at, now)) {
      throw validationError([{ path: 'at', message: Messages.CRAVING_TIME_INVALID.message }]);
    }
    const row = await repository.insert(
      userId,
      {
        at,
        intensity: body.intensity,
        trigger: body.trigger,
        outcome: body.outcome,
        units: body.outcome === 'slipped' ? (body.units ?? null) : null,
        tobaccoType: body.outcome === 'slipped' ? (body.tobacco_type ?? null) : null,
        note: body.note ? body.note : null,
        clientId: body.client_id ?? null,
        source: 'craving',
      },
      now,
    );
    if (row) return { entry: toCraving(row), created: true };
    // Two submissions of one client_id raced: the other one was stored first.
    const stored = body.client_id && (await repository.findByClientId(userId, body.client_id));
    if (!stored) throw new Error('craving insert conflicted without a stored client_id');
    return { entry: toCraving(stored), created: false };
  }

  /**
   * A SLIP sent by WhatsApp or SMS: one unit now, stored as said (no intensity, no trigger, source
   * 'message'). `clientId` is the same for the same provider message, so a replay logs one slip.
   */
  async logMessageSlip(userId: string, clientId: string): Promise<{ created: boolean }> {
    const now = this.deps.clock.now();
    const repository = this.deps.data.repos.cravings;
    if (await repository.findByClientId(userId, clientId)) return { created: false };
    const row = await repository.insert(
      userId,
      {
        at: now,
        intensity: null,
        trigger: null,
        outcome: 'slipped',
        units: 1,
        tobaccoType: null,
        note: null,
        clientId,
        source: 'message',
      },
      now,
    );
    return { created: row !== undefined };
  }

  async list(
    userId: string,
    query: CravingsQuery,
  ): Promise<{ data: Craving[]; next_cursor: string | null; summary: CravingSummary }> {
    const repository = this.deps.data.repos.cravings;
    const range = rangeOf(query);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const [rows, summaryRows] = await Promise.all([
      repository.page(userId, range, query.limit + 1, after),
      repository.summary(userId, range),
    ]);
    const page = rows.slice(0, query.limit);
    return {
      data: page.map(toCraving),
      next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
      summary: summarise(summaryRows),
    };
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw cravingNotFound();
    if (!(await this.deps.data.repos.cravings.deleteOwn(userId, id))) {
      throw cravingNotFound();
    }
  }
}

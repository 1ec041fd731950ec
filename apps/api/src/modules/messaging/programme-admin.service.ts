import { addIstDays, istDateString } from '@exhale/contract/ist';
import {
  INBOUND_KEYWORDS,
  type DeliveryDay,
  type ProgrammeMessage,
  type ProgrammeMessageRequest,
} from '@exhale/contract/messaging';
import { Messages } from '@exhale/contract/messages';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ProgrammeMessageRow } from '../../db/schema/messaging';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { uniqueViolation } from '../../lib/pg-errors';
import { auditedWrite, type AdminActor } from '../admin-audit/audit';
import { LibraryRepository, type LibraryFilter, type LibraryValues } from './library.repository';
import { ensureLibrarySeeded, placeholderValues, renderMessage } from './library';

const notFound = () =>
  new AppError(
    404,
    Messages.PROGRAMME_MESSAGE_NOT_FOUND.code,
    Messages.PROGRAMME_MESSAGE_NOT_FOUND.message,
  );
const taken = () =>
  new AppError(
    409,
    Messages.PROGRAMME_MESSAGE_TAKEN.code,
    Messages.PROGRAMME_MESSAGE_TAKEN.message,
  );
const required = () =>
  new AppError(
    409,
    Messages.PROGRAMME_MESSAGE_REQUIRED.code,
    Messages.PROGRAMME_MESSAGE_REQUIRED.message,
  );

export function toProgrammeMessage(row: ProgrammeMessageRow): ProgrammeMessage {
  return {
    _id: row.id,
    day_offset: row.dayOffset,
    language: row.language,
    tobacco_type: row.tobaccoType,
    text: row.text,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The English message for everyone is what any member falls back to: it must stay. */
const isBaseline = (row: Pick<ProgrammeMessageRow, 'language' | 'tobaccoType'>) =>
  row.language === 'en' && row.tobaccoType === null;

function values(body: ProgrammeMessageRequest): LibraryValues {
  return {
    dayOffset: body.day_offset,
    language: body.language,
    tobaccoType: body.tobacco_type ?? null,
    text: body.text,
  };
}

/**
 * A sample member for previews: 10 cigarettes a day at ₹120, quit on day 0, no slips. Days and
 * money follow the day previewed, as a member's own would.
 */
export function samplePreview(text: string, dayOffset: number) {
  const days = Math.max(0, dayOffset);
  const filled = placeholderValues('Ravi Kumar', dayOffset, {
    days_smoke_free: days,
    money_saved_paise: days * 12_000,
  });
  const rendered = renderMessage(text, filled);
  return {
    text: rendered,
    length: [...rendered].length,
    values: Object.fromEntries(Object.entries(filled).map(([k, v]) => [k, String(v)])),
  };
}

interface FigureRow extends Record<string, unknown> {
  date: string;
  sent: number;
  delivered: number;
  failed: number;
  fell_back: number;
  opt_outs: number;
  replies: Record<string, number> | null;
}

/** The console's message library and delivery figures. Every write is audited. */
export class ProgrammeAdminService {
  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  async list(filter: LibraryFilter): Promise<ProgrammeMessage[]> {
    await ensureLibrarySeeded(this.deps.db);
    return (await new LibraryRepository(this.deps.db).list(filter)).map(toProgrammeMessage);
  }

  async create(actor: AdminActor, body: ProgrammeMessageRequest): Promise<ProgrammeMessage> {
    await ensureLibrarySeeded(this.deps.db);
    try {
      const row = await auditedWrite(
        this.deps.db,
        actor,
        { action: 'create', entity: 'programme_message' },
        async (tx) => {
          const inserted = await new LibraryRepository(tx).insert(
            values(body),
            this.deps.clock.now(),
          );
          return { entityId: inserted.id, before: null, after: inserted, result: inserted };
        },
      );
      return toProgrammeMessage(row);
    } catch (error) {
      if (uniqueViolation(error) === 'programme_messages_key') throw taken();
      throw error;
    }
  }

  async update(
    actor: AdminActor,
    id: string,
    body: ProgrammeMessageRequest,
  ): Promise<ProgrammeMessage> {
    if (!isUuid(id)) throw notFound();
    try {
      const row = await auditedWrite(
        this.deps.db,
        actor,
        { action: 'update', entity: 'programme_message' },
        async (tx) => {
          const repository = new LibraryRepository(tx);
          const current = await repository.find(id, { forUpdate: true });
          if (!current) throw notFound();
          const next = values(body);
          if (isBaseline(current) && (!isBaseline(next) || next.dayOffset !== current.dayOffset)) {
            throw required();
          }
          const updated = await repository.update(id, next, this.deps.clock.now());
          return { entityId: id, before: current, after: updated, result: updated };
        },
      );
      return toProgrammeMessage(row);
    } catch (error) {
      if (uniqueViolation(error) === 'programme_messages_key') throw taken();
      throw error;
    }
  }

  async delete(actor: AdminActor, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    await auditedWrite(
      this.deps.db,
      actor,
      { action: 'delete', entity: 'programme_message' },
      async (tx) => {
        const repository = new LibraryRepository(tx);
        const current = await repository.find(id, { forUpdate: true });
        if (!current) throw notFound();
        if (isBaseline(current)) throw required();
        await repository.delete(id);
        return { entityId: id, before: current, after: null, result: undefined };
      },
    );
  }

  /** Per IST day, newest first, the last `days` days up to today. */
  async figures(days: number): Promise<DeliveryDay[]> {
    const today = istDateString(this.deps.clock.now());
    const from = addIstDays(today, -(days - 1));
    const result = await this.deps.db.execute<FigureRow>(sql`
      WITH d AS (
        SELECT generate_series(${from}::date, ${today}::date, interval '1 day')::date AS day
      ), s AS (
        SELECT s.ist_date AS day,
          count(*) FILTER (WHERE o.status = 'sent' OR f.status = 'sent')::int AS sent,
          count(*) FILTER (WHERE s.delivered_at IS NOT NULL)::int AS delivered,
          count(*) FILTER (WHERE o.status = 'failed' OR s.failed_at IS NOT NULL)::int AS failed,
          count(*) FILTER (WHERE s.fallback_outbox_id IS NOT NULL)::int AS fell_back
        FROM programme_sends s
        LEFT JOIN outbox_messages o ON o.id = s.outbox_id
        LEFT JOIN outbox_messages f ON f.id = s.fallback_outbox_id
        WHERE s.ist_date BETWEEN ${from}::date AND ${today}::date
        GROUP BY s.ist_date
      ), r AS (
        SELECT day, jsonb_object_agg(keyword, n) AS replies FROM (
          SELECT (i.received_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
                 CASE WHEN i.keyword IN ('crave', 'slip', 'stop', 'start') THEN i.keyword
                      ELSE 'other' END AS keyword,
                 count(*)::int AS n
          FROM messaging_inbound i
          WHERE i.kind = 'reply'
            AND i.received_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
          GROUP BY 1, 2
        ) x GROUP BY day
      ), o AS (
        SELECT (p.opted_out_at AT TIME ZONE 'Asia/Kolkata')::date AS day, count(*)::int AS n
        FROM messaging_preferences p
        WHERE p.opted_out
          AND p.opted_out_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Kolkata')
        GROUP BY 1
      )
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
        coalesce(s.sent, 0) AS sent, coalesce(s.delivered, 0) AS delivered,
        coalesce(s.failed, 0) AS failed, coalesce(s.fell_back, 0) AS fell_back,
        coalesce(o.n, 0) AS opt_outs, r.replies
      FROM d
      LEFT JOIN s ON s.day = d.day
      LEFT JOIN r ON r.day = d.day
      LEFT JOIN o ON o.day = d.day
      ORDER BY d.day DESC
    `);
    return result.rows.map((row) => ({
      date: row.date,
      sent: row.sent,
      delivered: row.delivered,
      failed: row.failed,
      fell_back_to_sms: row.fell_back,
      opt_outs: row.opt_outs,
      replies: Object.fromEntries(
        INBOUND_KEYWORDS.map((k) => [k, Number(row.replies?.[k] ?? 0)]),
      ) as DeliveryDay['replies'],
    }));
  }
}

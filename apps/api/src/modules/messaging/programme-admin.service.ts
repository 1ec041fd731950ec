import { addIstDays, istDateString } from '@exhale/contract/ist';
import {
  INBOUND_KEYWORDS,
  type DeliveryDay,
  type ProgrammeMessage,
  type ProgrammeMessageRequest,
} from '@exhale/contract/messaging';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import type { ProgrammeMessageRow } from '../../db/schema/messaging';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import { uniqueViolation } from '../../lib/pg-errors';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import type { FiguresRepository } from './figures.repository';
import type { LibraryFilter, LibraryRepository, LibraryValues } from './library.repository';
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

/** What the console reads and writes (messaging.module.ts builds them). */
export interface ProgrammeAdminRepositories {
  library: Pick<
    LibraryRepository,
    'seedWhenEmpty' | 'list' | 'insert' | 'find' | 'update' | 'delete'
  >;
  figures: Pick<FiguresRepository, 'byDay'>;
}

/** The console's message library and delivery figures. Every write is audited. */
export class ProgrammeAdminService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<ProgrammeAdminRepositories>;
      clock: Clock;
      audit: AuditLog;
    },
  ) {}

  private seeded(): Promise<unknown> {
    return ensureLibrarySeeded(this.deps.db, this.deps.data.repos.library);
  }

  async list(filter: LibraryFilter): Promise<ProgrammeMessage[]> {
    await this.seeded();
    return (await this.deps.data.repos.library.list(filter)).map(toProgrammeMessage);
  }

  async create(actor: AdminActor, body: ProgrammeMessageRequest): Promise<ProgrammeMessage> {
    await this.seeded();
    try {
      const row = await this.deps.audit.write(
        actor,
        { action: 'create', entity: 'programme_message' },
        async (tx) => {
          const inserted = await this.deps.data
            .within(tx)
            .library.insert(values(body), this.deps.clock.now());
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
      const row = await this.deps.audit.write(
        actor,
        { action: 'update', entity: 'programme_message' },
        async (tx) => {
          const repository = this.deps.data.within(tx).library;
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
    await this.deps.audit.write(
      actor,
      { action: 'delete', entity: 'programme_message' },
      async (tx) => {
        const repository = this.deps.data.within(tx).library;
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
    const rows = await this.deps.data.repos.figures.byDay(from, today);
    return rows.map((row) => ({
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

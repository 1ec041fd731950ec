import { fillPlaceholders, type PlaceholderValues } from '@exhale/contract/messaging';
import { formatRupees } from '@exhale/contract/money';
import type { TobaccoType } from '@exhale/contract/quit-plan';
import type { QuitProgress } from '@exhale/contract/quit-plan';
import type { Executor } from '../../db/client';
import type { ProgrammeMessageRow } from '../../db/schema/messaging';
import bn from '../../db/seed/programme-messages/bn.json' with { type: 'json' };
import en from '../../db/seed/programme-messages/en.json' with { type: 'json' };
import hi from '../../db/seed/programme-messages/hi.json' with { type: 'json' };
import mr from '../../db/seed/programme-messages/mr.json' with { type: 'json' };
import ta from '../../db/seed/programme-messages/ta.json' with { type: 'json' };
import te from '../../db/seed/programme-messages/te.json' with { type: 'json' };
import type { LibraryRepository, LibraryValues } from './library.repository';

/** The library as the repository ships it (apps/api/src/db/seed/programme-messages). */
export const SEED_LIBRARY: LibraryValues[] = (
  [
    ['en', en],
    ['hi', hi],
    ['mr', mr],
    ['ta', ta],
    ['te', te],
    ['bn', bn],
  ] as const
).flatMap(([language, messages]) =>
  messages.map((m) => ({ dayOffset: m.day_offset, language, tobaccoType: null, text: m.text })),
);

const seeded = new WeakMap<object, Promise<unknown>>();

/**
 * Seeds the library once per process and database `db` (decision 052), through the library's
 * repository on it: the scheduler and the console call it before they read, so a fresh database
 * is never without messages.
 */
export function ensureLibrarySeeded(
  db: Executor,
  library: Pick<LibraryRepository, 'seedWhenEmpty'>,
): Promise<unknown> {
  let done = seeded.get(db);
  if (!done) {
    done = library.seedWhenEmpty(SEED_LIBRARY);
    // A failed attempt (database down at start) is tried again on the next call.
    done.catch(() => seeded.delete(db));
    seeded.set(db, done);
  }
  return done;
}

/**
 * The message a member gets on a day: their tobacco's variant in their language, else the
 * general one in their language, else the same in English (API.md: English when the library has
 * none in theirs).
 */
export function pickMessage(
  library: readonly ProgrammeMessageRow[],
  member: { dayOffset: number; language: string; tobaccoType: TobaccoType | null },
): ProgrammeMessageRow | undefined {
  const forDay = library.filter((m) => m.dayOffset === member.dayOffset);
  const find = (language: string, tobacco: TobaccoType | null) =>
    forDay.find((m) => m.language === language && m.tobaccoType === tobacco);
  return (
    (member.tobaccoType ? find(member.language, member.tobaccoType) : undefined) ??
    find(member.language, null) ??
    (member.tobaccoType ? find('en', member.tobaccoType) : undefined) ??
    find('en', null)
  );
}

/** The placeholders' values from the member's own progress (the companion's counting). */
export function placeholderValues(
  name: string,
  dayOffset: number,
  progress: Pick<QuitProgress, 'days_smoke_free' | 'money_saved_paise'>,
): PlaceholderValues {
  return {
    name: name.trim().split(/\s+/)[0] ?? name,
    days: progress.days_smoke_free,
    days_to_quit: Math.max(0, -dayOffset),
    saved: formatRupees(progress.money_saved_paise),
  };
}

export function renderMessage(text: string, values: PlaceholderValues): string {
  return fillPlaceholders(text, values);
}

/**
 * Every PostgreSQL advisory lock key the API takes with one number, in one place. Advisory locks
 * share one key space per database: two features that chose the same number block each other
 * (a nightly backup held the lesson catalogue's lock for its whole dump, and every lesson an
 * operator added or moved meanwhile failed with 503). Add new keys here, each its own number;
 * `advisory-locks.test.ts` fails on a repeated one.
 */
export const ADVISORY_LOCKS = {
  /** Migrations, one process at a time (db/migrate.ts). */
  migrations: 7_301_559,
  /** Changes to the order of the lesson catalogue, one operator at a time (admin-lessons). */
  lessonCatalogueOrder: 7_301_560,
  /** One backup at a time across every process on this database (backups). */
  backup: 7_301_561,
} as const;

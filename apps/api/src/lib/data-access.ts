import type { Database, Executor } from '../db/client';

/**
 * How a service reaches its repositories. The module's composition builds it once from the
 * database and a function that creates the module's repositories on an executor; unit tests build
 * it from in-memory fakes with `fakeDataAccess` (test/fakes). Repositories hold nothing but their
 * executor, so building them per transaction costs a few object allocations.
 */
export interface DataAccess<R> {
  /** The repositories on the pool: each statement commits on its own. */
  readonly repos: R;
  /** The repositories on a transaction another caller opened (a webhook's, another module's). */
  within(tx: Executor): R;
  /** Runs `work` in one transaction, with the repositories bound to it (and the transaction, for other modules' functions). */
  transaction<T>(work: (repos: R, tx: Executor) => Promise<T>): Promise<T>;
}

export function dataAccess<R>(db: Database, build: (executor: Executor) => R): DataAccess<R> {
  return {
    repos: build(db),
    within: build,
    transaction: (work) => db.transaction((tx) => work(build(tx), tx)),
  };
}

/**
 * A module's `createXService`: the service built from its other dependencies and a `DataAccess`
 * over the database they name (`deps.db`) and the module's repositories.
 */
export function composeService<R, D extends { db: Database; data: DataAccess<R> }, S>(
  Service: new (deps: D) => S,
  build: (executor: Executor) => R,
): (deps: Omit<D, 'data'>) => S {
  return (deps) => new Service({ ...deps, data: dataAccess(deps.db, build) } as D);
}

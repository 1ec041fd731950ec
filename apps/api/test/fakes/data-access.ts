import type { Executor } from '../../src/db/client';
import type { DataAccess } from '../../src/lib/data-access';

/**
 * A service's `DataAccess` over in-memory repositories, for unit tests of its rules. A
 * "transaction" runs the work at once on the same fakes: nothing is rolled back when it throws, so
 * a test asserts what a failing call left out, not what it undid.
 */
export function fakeDataAccess<R>(repos: R): DataAccess<R> {
  const tx = {} as Executor;
  return { repos, within: () => repos, transaction: (work) => work(repos, tx) };
}

/** A clock standing at `at` until a test moves it. */
export function fixedClock(at: string | Date) {
  let now = new Date(at);
  return {
    now: () => new Date(now),
    set: (to: string | Date) => {
      now = new Date(to);
    },
  };
}

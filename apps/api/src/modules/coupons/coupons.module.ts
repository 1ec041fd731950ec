import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { CouponsRepository } from './coupons.repository';
import { CouponsService, type CouponsRepositories } from './coupons.service';

export function couponsRepositories(db: Executor): CouponsRepositories {
  return { coupons: new CouponsRepository(db) };
}

export function createCouponsService(deps: { db: Database }): CouponsService {
  return new CouponsService({ data: dataAccess(deps.db, couponsRepositories) });
}

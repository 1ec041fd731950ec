import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { dataAccess } from '../../lib/data-access';
import { CouponsRepository } from '../coupons/coupons.repository';
import type { PaymentsService } from '../payments/payments.service';
import { PlansRepository } from '../plans/plans.repository';
import { UsersRepository } from '../users/users.repository';
import type { PlanFulfilmentRepositories } from './user-plans.fulfilment';
import { UserPlansRepository } from './user-plans.repository';
import { UserPlansService, type UserPlansRepositories } from './user-plans.service';

export function userPlansRepositories(db: Executor): UserPlansRepositories {
  return { users: new UsersRepository(db), userPlans: new UserPlansRepository(db) };
}

export function createUserPlansService(deps: {
  db: Database;
  clock: Clock;
  payments: PaymentsService;
}): UserPlansService {
  return new UserPlansService({ ...deps, data: dataAccess(deps.db, userPlansRepositories) });
}

export function planFulfilmentRepositories(tx: Executor): PlanFulfilmentRepositories {
  return {
    plans: new PlansRepository(tx),
    coupons: new CouponsRepository(tx),
    userPlans: new UserPlansRepository(tx),
  };
}

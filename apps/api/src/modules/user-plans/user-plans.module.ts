import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { dataAccess } from '../../lib/data-access';
import { ContentTextsRepository } from '../content-texts/content-texts.repository';
import { CouponsRepository } from '../coupons/coupons.repository';
import { createCouponsService } from '../coupons/coupons.module';
import type { PaymentsService } from '../payments/payments.service';
import { createPlansService } from '../plans/plans.module';
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
  const { db, ...rest } = deps;
  return new UserPlansService({
    ...rest,
    data: dataAccess(db, userPlansRepositories),
    plans: createPlansService({ db }),
    coupons: createCouponsService({ db }),
  });
}

export function planFulfilmentRepositories(tx: Executor): PlanFulfilmentRepositories {
  return {
    plans: new PlansRepository(tx),
    coupons: new CouponsRepository(tx),
    userPlans: new UserPlansRepository(tx),
    contentTexts: new ContentTextsRepository(tx),
  };
}

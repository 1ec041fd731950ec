import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { createCouponsService } from '../coupons/coupons.module';
import { CouponsRepository } from '../coupons/coupons.repository';
import { UsersRepository } from '../users/users.repository';
import { PaymentsRepository } from './payments.repository';
import {
  PaymentsService,
  type PaymentsDependencies,
  type PaymentsRepositories,
} from './payments.service';

export function paymentsRepositories(db: Executor): PaymentsRepositories {
  return {
    payments: new PaymentsRepository(db),
    users: new UsersRepository(db),
    coupons: new CouponsRepository(db),
  };
}

export function createPaymentsService(
  deps: Omit<PaymentsDependencies, 'data' | 'coupons'> & { db: Database },
): PaymentsService {
  const { db, ...rest } = deps;
  return new PaymentsService({
    ...rest,
    data: dataAccess(db, paymentsRepositories),
    coupons: createCouponsService({ db }),
  });
}

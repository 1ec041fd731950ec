import type { Database, Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { PlansRepository } from './plans.repository';
import { PlansService, type PlansRepositories } from './plans.service';

export function plansRepositories(db: Executor): PlansRepositories {
  return { plans: new PlansRepository(db) };
}

export function createPlansService(deps: { db: Database }): PlansService {
  return new PlansService({ data: dataAccess(deps.db, plansRepositories) });
}

import type { FastifyInstance } from 'fastify';
import { checkInsRoutes } from './check-ins.routes';
import { cravingsRoutes } from './cravings.routes';
import { dependenceTestRoutes } from './dependence-test.routes';
import { followUpsRoutes } from './follow-ups.routes';
import { quitPlanRoutes } from './quit-plan.routes';

/** The quit companion (issue 14, API.md "Quit companion"): the member's routes. */
export async function companionRoutes(app: FastifyInstance) {
  await app.register(quitPlanRoutes);
  await app.register(cravingsRoutes);
  await app.register(checkInsRoutes);
  await app.register(dependenceTestRoutes);
  await app.register(followUpsRoutes);
}

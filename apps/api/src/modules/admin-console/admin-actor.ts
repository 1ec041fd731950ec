import type { FastifyRequest } from 'fastify';
import { caller } from '../../plugins/auth';
import type { AdminActor } from '../admin-audit/audit';

/** The operator behind an admin request (requireAdmin has run for every /api/admin route). */
export function adminActor(request: FastifyRequest): AdminActor {
  return { id: caller(request).userId };
}

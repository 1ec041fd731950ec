import type { FastifyInstance } from 'fastify';
import { adminAuditRoutes } from '../admin-audit/admin-audit.routes';
import { adminCommerceRoutes } from '../admin-commerce/admin-commerce.routes';
import { adminCommunityRoutes } from '../admin-community/admin-community.routes';
import { adminEditorialRoutes } from '../admin-editorial/admin-editorial.routes';
import { adminMetricsRoutes } from '../admin-metrics/admin-metrics.routes';
import { adminNotificationsRoutes } from '../admin-notifications/admin-notifications.routes';
import { adminPeopleRoutes } from '../admin-people/admin-people.routes';
import { adminProgrammeRoutes } from '../admin-programme/admin-programme.routes';
import { coachInboxRoutes, savedRepliesAdminRoutes } from '../coach/inbox.routes';
import { INBOX_ROLES } from '../coach/inbox.service';
import { adminOutcomesRoutes } from '../companion/follow-ups.routes';
import { programmeAdminRoutes } from '../messaging/programme-admin.routes';
import { adminUploadsRoutes } from './admin-uploads.routes';

/**
 * Everything under /api/admin. The role check is a hook on each scope rather than an option each
 * route must remember: a route added to the admin scope later is admin-only without a word, and
 * the authorisation test enumerates every route to prove it. The coach inbox is the one scope
 * that also takes the `coach` role (decision 090).
 */
export async function adminConsoleRoutes(app: FastifyInstance) {
  await app.register(async (inbox) => {
    inbox.addHook('onRequest', app.requireRole(INBOX_ROLES));
    await inbox.register(coachInboxRoutes);
  });
  await app.register(adminOnlyRoutes);
}

async function adminOnlyRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(savedRepliesAdminRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminUploadsRoutes);
  await app.register(adminProgrammeRoutes);
  await app.register(adminCommerceRoutes);
  await app.register(adminEditorialRoutes);
  await app.register(adminCommunityRoutes);
  await app.register(adminPeopleRoutes);
  await app.register(adminNotificationsRoutes);
  await app.register(adminMetricsRoutes);
  await app.register(adminOutcomesRoutes);
  await app.register(programmeAdminRoutes);
}

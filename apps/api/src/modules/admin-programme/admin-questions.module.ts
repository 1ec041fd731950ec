import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { AdminLessonsRepository } from './admin-lessons.repository';
import { AdminQuestionsRepository } from './admin-questions.repository';
import { AdminQuestionsService, type AdminQuestionsRepositories } from './admin-questions.service';

export function adminQuestionsRepositories(db: Executor): AdminQuestionsRepositories {
  return {
    adminQuestions: new AdminQuestionsRepository(db),
    adminLessons: new AdminLessonsRepository(db),
  };
}

export const createAdminQuestionsService = withAuditLog(
  composeService(AdminQuestionsService, adminQuestionsRepositories),
);

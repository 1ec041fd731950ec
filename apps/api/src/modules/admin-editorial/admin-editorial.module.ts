import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { QuizRepository } from '../quiz/quiz.repository';
import { AdminEditorialRepository } from './admin-editorial.repository';
import { AdminEditorialService, type AdminEditorialRepositories } from './admin-editorial.service';

export function adminEditorialRepositories(db: Executor): AdminEditorialRepositories {
  return {
    adminEditorial: new AdminEditorialRepository(db),
    quiz: new QuizRepository(db),
  };
}

export const createAdminEditorialService = withAuditLog(
  composeService(AdminEditorialService, adminEditorialRepositories),
);

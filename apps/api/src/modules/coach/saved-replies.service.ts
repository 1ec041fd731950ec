import type { SavedReply, SavedReplyRequest } from '@exhale/contract/coach';
import type { LanguageCode } from '@exhale/contract/languages';
import { Messages } from '@exhale/contract/messages';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import { toSavedReply } from './coach.mapper';
import type { CoachRepositories } from './coach.service';

const notFound = () =>
  new AppError(404, Messages.SAVED_REPLY_NOT_FOUND.code, Messages.SAVED_REPLY_NOT_FOUND.message);

/** The reply box's ready texts: coaches read them, admins write them (audited). */
export class SavedRepliesService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<Pick<CoachRepositories, 'coach'>>;
      audit: AuditLog;
    },
  ) {}

  async list(language?: LanguageCode): Promise<SavedReply[]> {
    const rows = await this.deps.data.repos.coach.savedReplies(language);
    return rows.map(toSavedReply);
  }

  create(actor: AdminActor, body: SavedReplyRequest): Promise<SavedReply> {
    return this.deps.audit.write(actor, { action: 'create', entity: 'saved_reply' }, async (tx) => {
      const row = await this.deps.data.within(tx).coach.insertSavedReply(body);
      return { entityId: row.id, before: null, after: row, result: toSavedReply(row) };
    });
  }

  update(actor: AdminActor, id: string, body: SavedReplyRequest): Promise<SavedReply> {
    if (!isUuid(id)) throw notFound();
    return this.deps.audit.write(actor, { action: 'update', entity: 'saved_reply' }, async (tx) => {
      const coach = this.deps.data.within(tx).coach;
      const before = await coach.savedReply(id);
      if (!before) throw notFound();
      const row = (await coach.updateSavedReply(id, body))!;
      return { entityId: id, before, after: row, result: toSavedReply(row) };
    });
  }

  async delete(actor: AdminActor, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    await this.deps.audit.write(actor, { action: 'delete', entity: 'saved_reply' }, async (tx) => {
      const coach = this.deps.data.within(tx).coach;
      const before = await coach.savedReply(id);
      if (!before || !(await coach.deleteSavedReply(id))) throw notFound();
      return { entityId: id, before, after: null, result: undefined };
    });
  }
}

import type { Clock } from '../../lib/clock';
import { withAuditLog } from '../admin-audit/admin-audit.module';
import { createRenditionsService } from '../renditions/renditions.module';
import { MediaService } from './media.service';

type MediaDependencies = ConstructorParameters<typeof MediaService>[0];

/** The console's uploads, recorded in the audit log; a video's renditions are queued with it. */
export const createMediaService = withAuditLog(
  (deps: Omit<MediaDependencies, 'renditions'> & { clock: Clock }) =>
    new MediaService({
      ...deps,
      renditions: createRenditionsService({
        db: deps.db,
        storage: deps.storage,
        clock: deps.clock,
      }),
    }),
);

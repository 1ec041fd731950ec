import type { VideoRenditions } from '@exhale/contract/renditions';
import type { Executor } from '../../db/client';
import type { VideoRenditionRow } from '../../db/schema/renditions';
import { systemClock, type Clock } from '../../lib/clock';
import type { StorageProvider } from '../../providers/storage/storage';
import { RenditionsRepository } from './renditions.repository';

/** A stored key or URL as the browser loads it (lessons.service's mediaUrl, for renditions). */
type PublicUrl = (key: string) => string;

/** The lesson fields a video's renditions fill in; empty until they are made. */
export function lessonRenditionFields(row: VideoRenditionRow | undefined, url: PublicUrl) {
  if (row?.status !== 'done') return { renditions: [], audio_src: null };
  return {
    renditions: row.renditions.map((r) => ({ height: r.height, src: url(r.key) })),
    audio_src: row.audioKey ? url(row.audioKey) : null,
  };
}

/** The data-saver versions of lesson videos, as other modules ask for and show them. */
export class RenditionsService {
  private readonly repository: RenditionsRepository;

  constructor(
    private readonly deps: {
      db: Executor;
      storage: Pick<StorageProvider, 'publicUrl'>;
      clock?: Clock;
    },
  ) {
    this.repository = new RenditionsRepository(deps.db);
  }

  /** Queues the making of a video's renditions (after an upload, or an operator's retry). */
  async request(sourceKey: string): Promise<void> {
    await this.repository.request(sourceKey, (this.deps.clock ?? systemClock).now());
  }

  async status(sourceKey: string): Promise<VideoRenditions> {
    const row = await this.repository.find(sourceKey);
    const url = (key: string) => this.deps.storage.publicUrl(key);
    return {
      key: sourceKey,
      status: row?.status ?? 'none',
      progress: row?.progress ?? 0,
      error: row?.lastError ?? null,
      ...lessonRenditionFields(row, url),
    };
  }
}

import type { VideoRenditions } from '@exhale/contract/renditions';
import type { Executor } from '../../db/client';
import type { VideoRenditionRow } from '../../db/schema/renditions';
import { systemClock, type Clock } from '../../lib/clock';
import type { StorageProvider } from '../../providers/storage/storage';
import type { DataAccess } from '../../lib/data-access';
import type { RenditionsRepository } from './renditions.repository';

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

/** The rendition jobs (renditions.module.ts builds them). */
export interface RenditionsRepositories {
  renditions: Pick<
    RenditionsRepository,
    'request' | 'find' | 'claim' | 'progress' | 'finish' | 'failed'
  >;
}

/** The data-saver versions of lesson videos, as other modules ask for and show them. */
export class RenditionsService {
  constructor(
    private readonly deps: {
      data: DataAccess<RenditionsRepositories>;
      storage: Pick<StorageProvider, 'publicUrl'>;
      clock?: Clock;
    },
  ) {}

  /**
   * Queues the making of a video's renditions (after an upload, or an operator's retry); inside
   * `tx` when the upload that asks for them is being recorded in it.
   */
  async request(sourceKey: string, tx?: Executor): Promise<void> {
    const { renditions } = tx ? this.deps.data.within(tx) : this.deps.data.repos;
    await renditions.request(sourceKey, (this.deps.clock ?? systemClock).now());
  }

  async status(sourceKey: string): Promise<VideoRenditions> {
    const row = await this.deps.data.repos.renditions.find(sourceKey);
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

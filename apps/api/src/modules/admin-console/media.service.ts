import {
  IMAGE_MAX_BYTES,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_DURATION_SECONDS,
  type Upload,
  type UploadKind,
} from '@exhale/contract/admin';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { mediaUploads, type MediaUploadRow } from '../../db/schema/admin';
import { AppError, badRequest } from '../../lib/app-error';
import { reencodeImage } from '../../lib/images';
import { mp4DurationSeconds } from '../../lib/mp4-duration';
import { newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import type { RenditionsService } from '../renditions/renditions.service';

export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  video: VIDEO_MAX_BYTES,
  image: IMAGE_MAX_BYTES,
};

/** Content images are at most this many pixels on their longer side. */
const IMAGE_MAX_SIDE = 1600;

const notAVideo = () =>
  new AppError(415, 'VIDEO_UNSUPPORTED', 'Upload an MP4 video whose length can be read.');

const tooLong = () =>
  badRequest(
    'VIDEO_TOO_LONG',
    `The video's header gives a length over ${VIDEO_MAX_DURATION_SECONDS / 3600} hours. Upload a shorter MP4.`,
  );

/** Re-encodes a content image to WebP (lib/images.ts: checked by content, metadata dropped). */
export function reencodeContentImage(upload: Buffer): Promise<Buffer> {
  return reencodeImage(upload, (image) =>
    image.resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }),
  );
}

/**
 * Files operators upload for lessons, live sessions and articles. Videos are checked by content
 * (an MP4 whose movie header gives its length) and stored as sent; the rendition worker then
 * makes their data-saver versions in the background (decision 057). Images are re-encoded. Every upload is listed in media_uploads, which is what lets
 * content point at it.
 */
export class MediaService {
  constructor(
    private readonly deps: {
      db: Database;
      storage: StorageProvider;
      audit: AuditLog;
      /** Queues a video's data-saver copies in the upload's transaction (renditions module). */
      renditions: Pick<RenditionsService, 'request'>;
    },
  ) {}

  async upload(actor: AdminActor, kind: UploadKind, file: Buffer): Promise<Upload> {
    let body: Buffer;
    let durationSeconds: number | null = null;
    let key: string;
    if (kind === 'video') {
      const seconds = mp4DurationSeconds(file);
      if (seconds === undefined) throw notAVideo();
      // A header may claim any length; only a plausible one is stored (and fits the column).
      if (!(seconds <= VIDEO_MAX_DURATION_SECONDS)) throw tooLong();
      durationSeconds = Math.max(1, Math.round(seconds));
      body = file;
      key = newStorageKey('admin/videos', 'mp4');
    } else {
      body = await reencodeContentImage(file);
      key = newStorageKey('admin/images', 'webp');
    }
    // The file and its row are one unit: a file whose row could not be written is deleted, so
    // no stored file is left that nothing lists.
    await this.deps.storage.put(key, body, kind === 'video' ? 'video/mp4' : 'image/webp');
    let row: MediaUploadRow;
    try {
      row = await this.deps.audit.write(
        actor,
        { action: 'upload', entity: 'media' },
        async (tx) => {
          const [inserted] = await tx
            .insert(mediaUploads)
            .values({ key, kind, durationSeconds, bytes: body.length, uploadedBy: actor.id })
            .returning();
          if (kind === 'video') {
            await this.deps.renditions.request(key, tx);
          }
          return { entityId: key, before: null, after: inserted, result: inserted! };
        },
      );
    } catch (error) {
      await this.deps.storage.delete(key).catch(() => undefined);
      throw error;
    }
    return {
      key: row.key,
      url: this.deps.storage.publicUrl(row.key),
      kind: row.kind,
      bytes: row.bytes,
      duration_seconds: row.durationSeconds,
    };
  }
}

/** The upload behind a key content wants to point at, of the expected kind; 400 otherwise. */
export async function requireUpload(
  db: Executor,
  key: string,
  kind: UploadKind,
  field: string,
): Promise<MediaUploadRow> {
  const [row] = await db.select().from(mediaUploads).where(eq(mediaUploads.key, key)).limit(1);
  if (!row || row.kind !== kind) {
    throw badRequest('UPLOAD_NOT_FOUND', `Upload the ${kind} again: the file was not found.`, [
      { path: field, message: `Upload the ${kind} again: the file was not found.` },
    ]);
  }
  return row;
}

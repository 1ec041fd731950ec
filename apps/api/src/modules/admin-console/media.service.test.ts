import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { StorageProvider } from '../../providers/storage/storage';
import type { AuditLog } from '../admin-audit/audit';
import { MediaService } from './media.service';

/** An MP4 the upload accepts: `ftyp`, then `moov` with a version-0 `mvhd` of `seconds`. */
function mp4(seconds: number): Buffer {
  const ftyp = Buffer.alloc(16);
  ftyp.writeUInt32BE(16, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  const mvhd = Buffer.alloc(8 + 20);
  mvhd.writeUInt32BE(mvhd.length, 0);
  mvhd.write('mvhd', 4, 'latin1');
  mvhd.writeUInt32BE(1, 8 + 12); // timescale
  mvhd.writeUInt32BE(seconds, 8 + 16); // duration
  const moov = Buffer.alloc(8);
  moov.writeUInt32BE(8 + mvhd.length, 0);
  moov.write('moov', 4, 'latin1');
  return Buffer.concat([ftyp, moov, mvhd]);
}

function fakeStorage() {
  const objects = new Set<string>();
  const storage = {
    name: 'local',
    put: async (key: string) => void objects.add(key),
    delete: async (key: string) => void objects.delete(key),
    publicUrl: (key: string) => `/media/${key}`,
    stream: async () => undefined,
  } satisfies StorageProvider;
  return { storage, objects };
}

const actor = { id: '00000000-0000-4000-8000-000000000001' };

describe('MediaService.upload: the stored file and its row are one unit', () => {
  it('deletes the stored file when the row cannot be written', async () => {
    const { storage, objects } = fakeStorage();
    const failing = {
      write: async () => {
        throw new Error('insert failed');
      },
    } as unknown as AuditLog;
    const media = new MediaService({
      db: {} as Database,
      storage,
      audit: failing,
      renditions: { request: async () => undefined },
    });
    await expect(media.upload(actor, 'video', mp4(60))).rejects.toThrow('insert failed');
    expect([...objects]).toEqual([]);
  });

  it('refuses a header that claims more than the longest video before storing anything', async () => {
    const { storage, objects } = fakeStorage();
    let writes = 0;
    const audit = {
      write: async () => {
        writes += 1;
      },
    } as unknown as AuditLog;
    const media = new MediaService({
      db: {} as Database,
      storage,
      audit,
      renditions: { request: async () => undefined },
    });
    await expect(media.upload(actor, 'video', mp4(0xffff_fffe))).rejects.toMatchObject({
      statusCode: 400,
      code: 'VIDEO_TOO_LONG',
    });
    expect([...objects]).toEqual([]);
    expect(writes).toBe(0);
  });
});

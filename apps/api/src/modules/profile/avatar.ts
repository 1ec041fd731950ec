import { reencodeImage } from '../../lib/images';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;

/** Turns an uploaded avatar into a 256×256 WebP (see `reencodeImage` for what is refused). */
export async function reencodeAvatar(upload: Buffer): Promise<Buffer> {
  return reencodeImage(upload, (image) =>
    image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' }),
  );
}

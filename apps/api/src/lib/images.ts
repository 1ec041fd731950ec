import { Messages } from '@exhale/contract/messages';
import sharp, { type Sharp } from 'sharp';
import { AppError } from './app-error';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
// A few megabytes can still claim enormous dimensions (a decompression bomb); refuse those unread.
const MAX_INPUT_PIXELS = 40_000_000;

function unsupported() {
  return new AppError(415, Messages.IMAGE_UNSUPPORTED.code, Messages.IMAGE_UNSUPPORTED.message);
}

/**
 * Turns an uploaded picture into a WebP shaped by `resize` (which sets the size only). The format
 * is read from the bytes, never from the file name or the declared type: JPEG, PNG and WebP are
 * accepted, anything else is 415. Re-encoding drops EXIF and every other metadata (camera, GPS)
 * and anything hidden after the image data.
 */
export async function reencodeImage(
  upload: Buffer,
  resize: (image: Sharp) => Sharp,
): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  try {
    format = (await sharp(upload, options).metadata()).format;
  } catch {
    throw unsupported(); // sharp throws at once for an empty buffer, later for unknown bytes
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupported();
  try {
    // Apply the EXIF orientation before the EXIF is dropped.
    return await resize(sharp(upload, options).rotate()).webp({ quality: 82 }).toBuffer();
  } catch {
    throw unsupported(); // truncated or corrupt despite a valid header
  }
}

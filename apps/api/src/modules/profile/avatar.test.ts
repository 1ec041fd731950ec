import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { reencodeAvatar } from './avatar';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } });

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : -1;
  }
}

describe('reencodeAvatar', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('turns a %s into a 256×256 WebP', async (format) => {
    const input = await solid(800, 500).toFormat(format).toBuffer();
    const output = await reencodeAvatar(input);
    expect(await sharp(output).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
  });

  it('applies the EXIF orientation, then drops the EXIF', async () => {
    // 400×200 stored, but EXIF orientation 6 means "rotate 90°": a portrait photo.
    const input = await solid(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const output = await reencodeAvatar(input);
    const meta = await sharp(output).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses other formats and non-images with 415', async () => {
    const gif = await solid(10, 10).gif().toBuffer();
    const tiff = await solid(10, 10).tiff().toBuffer();
    for (const input of [gif, tiff, Buffer.from('GIF89a not really'), Buffer.alloc(0)]) {
      expect(await statusOf(reencodeAvatar(input))).toBe(415);
    }
  });

  it('refuses a truncated image with 415', async () => {
    const png = await solid(300, 300).png().toBuffer();
    expect(await statusOf(reencodeAvatar(png.subarray(0, 100)))).toBe(415);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isIsoMediaFile, mp4DurationSeconds } from './mp4-duration';

const media = (name: string) => readFileSync(new URL(`../db/seed/media/${name}`, import.meta.url));

function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

function largeBox(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + payload.length), 8);
  return Buffer.concat([header, payload]);
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));

function mvhdV0(timescale: number, duration: number): Buffer {
  const payload = Buffer.alloc(100);
  payload.writeUInt32BE(timescale, 12);
  payload.writeUInt32BE(duration, 16);
  return box('mvhd', payload);
}

function mvhdV1(timescale: number, duration: bigint): Buffer {
  const payload = Buffer.alloc(112);
  payload.writeUInt8(1, 0);
  payload.writeUInt32BE(timescale, 20);
  payload.writeBigUInt64BE(duration, 24);
  return box('mvhd', payload);
}

describe('mp4DurationSeconds', () => {
  it('reads the seeded lesson videos as their known lengths', () => {
    expect(mp4DurationSeconds(media('free-1.mp4'))).toBeCloseTo(18, 1);
    expect(mp4DurationSeconds(media('free-3.mp4'))).toBeCloseTo(16, 1);
    expect(mp4DurationSeconds(media('score.mp4'))).toBeCloseTo(20, 1);
  });

  it('reads a version 0 header after other boxes inside moov', () => {
    const file = Buffer.concat([
      ftyp,
      box('free', Buffer.alloc(10)),
      box('moov', Buffer.concat([box('udta', Buffer.alloc(4)), mvhdV0(1000, 12_500)])),
    ]);
    expect(mp4DurationSeconds(file)).toBe(12.5);
  });

  it('reads a version 1 header and a moov after the media data (no faststart)', () => {
    const file = Buffer.concat([
      ftyp,
      box('mdat', Buffer.alloc(64)),
      largeBox('moov', mvhdV1(90_000, 90_000n * 3_600n)),
    ]);
    expect(mp4DurationSeconds(file)).toBe(3600);
  });

  it('refuses what is not an MP4 or has no usable header', () => {
    expect(mp4DurationSeconds(media('free-1.jpg'))).toBeUndefined();
    expect(mp4DurationSeconds(Buffer.from('not a video at all'))).toBeUndefined();
    expect(mp4DurationSeconds(Buffer.alloc(0))).toBeUndefined();
    // No moov, an unknown duration, a zero timescale.
    expect(mp4DurationSeconds(Buffer.concat([ftyp, box('mdat', Buffer.alloc(8))]))).toBeUndefined();
    expect(
      mp4DurationSeconds(Buffer.concat([ftyp, box('moov', mvhdV0(1000, 0xffff_ffff))])),
    ).toBeUndefined();
    expect(mp4DurationSeconds(Buffer.concat([ftyp, box('moov', mvhdV0(0, 10))]))).toBeUndefined();
  });

  it('never reads past the end of a truncated or lying file', () => {
    const whole = Buffer.concat([ftyp, box('moov', mvhdV0(1000, 5000))]);
    for (let cut = 0; cut < whole.length; cut += 7) {
      expect(() => mp4DurationSeconds(whole.subarray(0, cut))).not.toThrow();
    }
    const lying = Buffer.from(whole);
    lying.writeUInt32BE(0x7fff_ffff, ftyp.length); // moov claims 2 GB
    expect(mp4DurationSeconds(lying)).toBeUndefined();
  });
});

describe('isIsoMediaFile', () => {
  it('checks the content, not the name', () => {
    expect(isIsoMediaFile(media('day-1-a.mp4'))).toBe(true);
    expect(isIsoMediaFile(media('day-1-a.jpg'))).toBe(false);
  });
});

// Reads what the admin console needs of an uploaded MP4 without ffprobe (not available at
// runtime): that the bytes are an ISO base media file (an `ftyp` box first) and the movie's
// duration from the `mvhd` box inside `moov`. ISO/IEC 14496-12 §4.2 (box header) and §8.2.2
// (movie header): a box is a 32-bit big-endian size and a 4-character type; size 1 means a
// 64-bit size follows, size 0 means "to the end of the file".

interface Box {
  type: string;
  /** Offset of the box's payload (after its header). */
  start: number;
  /** Offset just past the box. */
  end: number;
}

function readBox(buf: Buffer, offset: number, limit: number): Box | undefined {
  if (offset + 8 > limit) return undefined;
  let size = buf.readUInt32BE(offset);
  const type = buf.toString('latin1', offset + 4, offset + 8);
  let header = 8;
  if (size === 1) {
    if (offset + 16 > limit) return undefined;
    const large = buf.readBigUInt64BE(offset + 8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
    size = Number(large);
    header = 16;
  } else if (size === 0) {
    size = limit - offset;
  }
  if (size < header || offset + size > limit) return undefined;
  return { type, start: offset + header, end: offset + size };
}

function findChild(buf: Buffer, type: string, from: number, to: number): Box | undefined {
  let offset = from;
  while (offset < to) {
    const box = readBox(buf, offset, to);
    if (!box) return undefined;
    if (box.type === type) return box;
    offset = box.end;
  }
  return undefined;
}

/** Whether the bytes start like an MP4/QuickTime file (an `ftyp` box). */
export function isIsoMediaFile(buf: Buffer): boolean {
  const first = readBox(buf, 0, buf.length);
  return first?.type === 'ftyp';
}

/**
 * The movie's duration in seconds from `moov/mvhd`, or undefined when the file is not an MP4,
 * has no readable movie header, or declares an unknown or zero duration.
 */
export function mp4DurationSeconds(buf: Buffer): number | undefined {
  if (!isIsoMediaFile(buf)) return undefined;
  const moov = findChild(buf, 'moov', 0, buf.length);
  if (!moov) return undefined;
  const mvhd = findChild(buf, 'mvhd', moov.start, moov.end);
  if (!mvhd || mvhd.end - mvhd.start < 20) return undefined;
  const version = buf.readUInt8(mvhd.start);
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (mvhd.end - mvhd.start < 32) return undefined;
    timescale = buf.readUInt32BE(mvhd.start + 20);
    const raw = buf.readBigUInt64BE(mvhd.start + 24);
    if (raw === 0xffff_ffff_ffff_ffffn) return undefined; // "unknown"
    duration = Number(raw);
  } else if (version === 0) {
    timescale = buf.readUInt32BE(mvhd.start + 12);
    duration = buf.readUInt32BE(mvhd.start + 16);
    if (duration === 0xffff_ffff) return undefined; // "unknown"
  } else {
    return undefined;
  }
  if (timescale === 0 || duration === 0) return undefined;
  return duration / timescale;
}

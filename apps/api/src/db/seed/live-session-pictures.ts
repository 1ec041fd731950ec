import { createHash } from 'node:crypto';
import { eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import sharp from 'sharp';
import type { StorageProvider } from '../../providers/storage/storage';
import type { Database } from '../client';
import { liveSessions } from '../schema/money';
import { lessons } from '../schema/programme';

/** Brand colour pairs, one per session in turn. */
const PALETTES: [string, string][] = [
  ['#134e4a', '#0d9488'],
  ['#0f766e', '#f59e0b'],
  ['#115e59', '#7c3aed'],
];

/**
 * A 16:9 picture for a live session, drawn with sharp from SVG (no downloads, no binary files):
 * the brand gradient, a 'live' dot with its rings and the logo's two breath waves.
 */
async function livePicture(storage: StorageProvider, id: string, [from, to]: [string, string]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="640" height="360" fill="url(#g)"/>
  <circle cx="500" cy="112" r="92" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="14"/>
  <circle cx="500" cy="112" r="56" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="14"/>
  <circle cx="500" cy="112" r="24" fill="#ef4444"/>
  <rect x="64" y="72" width="236" height="150" rx="22" fill="#ffffff" fill-opacity="0.92"/>
  <path d="M300 122l60-34v120l-60-34z" fill="#ffffff" fill-opacity="0.92"/>
  <circle cx="182" cy="132" r="34" fill="${from}"/>
  <path d="M130 206c0-30 24-46 52-46s52 16 52 46" fill="${from}"/>
  <path d="M64 282c70 0 100-44 170-44s110 32 180 32 100-20 162-20" stroke="#ffffff" stroke-opacity="0.7" stroke-width="16" fill="none" stroke-linecap="round"/>
  <path d="M64 326c80 0 112-40 190-40s112 28 186 28 90-16 136-16" stroke="#ffffff" stroke-width="16" fill="none" stroke-linecap="round"/>
</svg>`;
  const image = await sharp(Buffer.from(svg)).webp({ quality: 74 }).toBuffer();
  const hash = createHash('sha256').update(image).digest('hex').slice(0, 12);
  const key = `content/live-session-${id.slice(0, 8)}-${hash}.webp`;
  await storage.put(key, image, 'image/webp');
  return key;
}

/**
 * Live sessions without a picture of their own (none, or a lesson's video frame borrowed by an
 * earlier seed) get a branded one. Sessions an operator gave a picture keep it.
 */
export async function seedLiveSessionPictures(
  db: Database,
  storage: StorageProvider,
): Promise<void> {
  const lessonFrames = (
    await db
      .selectDistinct({ key: lessons.thumbnailImg })
      .from(lessons)
      .where(isNotNull(lessons.thumbnailImg))
  )
    .map((row) => row.key)
    .filter((key): key is string => key !== null);
  const sessions = await db
    .select({ id: liveSessions.id })
    .from(liveSessions)
    .where(
      lessonFrames.length > 0
        ? or(
            isNull(liveSessions.thumbnailImage),
            inArray(liveSessions.thumbnailImage, lessonFrames),
          )
        : isNull(liveSessions.thumbnailImage),
    )
    .orderBy(liveSessions.sessionDate);
  for (const [index, session] of sessions.entries()) {
    const key = await livePicture(storage, session.id, PALETTES[index % PALETTES.length]!);
    await db
      .update(liveSessions)
      .set({ thumbnailImage: key })
      .where(eq(liveSessions.id, session.id));
  }
}

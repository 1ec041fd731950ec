import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_MAX_BYTES } from '@exhale/contract/admin';
import { EXPLORE_IMAGE_MAX_BYTES } from '@exhale/contract/content';
import { Messages } from '@exhale/contract/messages';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../src/modules/profile/avatar';
import { LocalStorage } from '../src/providers/storage/local-storage';
import { createAdmin, createUser, seedMedia, type TestUser } from './admin-fixtures';
import { createTestApp } from './app';
import { databaseFingerprint } from './db-fingerprint';
import { multipart, type MultipartFile } from './multipart';
import { loadOperations } from './openapi-operations';

/**
 * Hostile files against every upload route. Pictures are checked by their bytes
 * (JPEG, PNG or WebP only, whatever the name or declared type says) and re-encoded; videos must
 * be MP4s whose length can be read. A refused upload answers the contract's message and leaves
 * no row and no file behind.
 */

interface UploadRoute {
  name: string;
  method: 'PUT' | 'POST';
  url: string;
  field: string;
  as: 'member' | 'admin';
  /** The refusal of a file that is not what the route takes. */
  unsupported: { status: number; message: string };
  /** The refusal of a file over the route's limit. */
  tooLarge: { status: number; message: string; limit: number };
  /** The refusal of an empty file. */
  empty: { status: number; message: string };
  video?: boolean;
}

const imageUnsupported = { status: 415, message: Messages.IMAGE_UNSUPPORTED.message };

const ROUTES: UploadRoute[] = [
  {
    name: 'profile picture',
    method: 'PUT',
    url: '/api/user/profile',
    field: 'profile',
    as: 'member',
    unsupported: imageUnsupported,
    tooLarge: { status: 413, message: Messages.IMAGE_TOO_LARGE.message, limit: AVATAR_MAX_BYTES },
    empty: imageUnsupported,
  },
  {
    name: 'Explore post',
    method: 'POST',
    url: '/api/explore',
    field: 'image',
    as: 'member',
    unsupported: imageUnsupported,
    tooLarge: {
      status: 413,
      message: Messages.IMAGE_TOO_LARGE.message,
      limit: EXPLORE_IMAGE_MAX_BYTES,
    },
    empty: { status: 400, message: Messages.EXPLORE_IMAGE_REQUIRED.message },
  },
  {
    name: 'content image (lesson thumbnails, blogs, news, live sessions)',
    method: 'POST',
    url: '/api/admin/uploads?kind=image',
    field: 'file',
    as: 'admin',
    unsupported: imageUnsupported,
    tooLarge: { status: 413, message: 'The file is larger than 8 MB.', limit: IMAGE_MAX_BYTES },
    empty: { status: 400, message: 'Choose a file to upload.' },
  },
  {
    name: 'lesson video',
    method: 'POST',
    url: '/api/admin/uploads?kind=video',
    field: 'file',
    as: 'admin',
    unsupported: { status: 415, message: 'Upload an MP4 video whose length can be read.' },
    // 200 MB: sending that much in a test costs more than it proves; the files limit is the same.
    tooLarge: { status: 413, message: 'The file is larger than 200 MB.', limit: Infinity },
    empty: { status: 400, message: 'Choose a file to upload.' },
    video: true,
  },
];

let app: FastifyInstance;
let storageRoot: string;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  if (!(app.storage instanceof LocalStorage)) throw new Error('these tests read the local store');
  storageRoot = app.storage.root;
  jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Author', Copyright: 'GPS 12.97N 77.59E' } })
    .toBuffer();
  png = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: 0, g: 128, b: 0 } },
  })
    .png()
    .toBuffer();
});

/** Every file under the store, relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(storageRoot, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(storageRoot, path.join(e.parentPath, e.name)))
    .sort();
}

async function callerFor(route: UploadRoute): Promise<TestUser> {
  // A fresh caller per upload: Explore counts uploads per user, and this is not that test.
  return route.as === 'admin' ? createAdmin(app) : createUser(app);
}

function send(
  route: UploadRoute,
  caller: TestUser,
  parts: Record<string, string | MultipartFile>,
): Promise<LightMyRequestResponse> {
  const body = multipart(parts);
  return app.inject({
    method: route.method,
    url: route.url,
    headers: { ...caller.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Sends `parts` and checks the refusal and that nothing at all was stored. */
async function expectRefused(
  route: UploadRoute,
  parts: Record<string, string | MultipartFile>,
  refusal: { status: number; message: string },
) {
  const caller = await callerFor(route);
  const rows = await databaseFingerprint(app);
  const files = await storedFiles();
  const res = await send(route, caller, parts);
  expect(res.statusCode, res.body).toBe(refusal.status);
  expect(res.json()).toMatchObject({ success: false, message: refusal.message });
  expect(await databaseFingerprint(app), 'no row changed').toEqual(rows);
  expect(await storedFiles(), 'no file stored').toEqual(files);
}

/** A multipart body whose parts may repeat a field name (`multipart()` keys them by name). */
function multipartEntries(entries: [string, MultipartFile][]) {
  const bodies = entries.map(([name, value]) => multipart({ [name]: value }));
  const boundary = bodies[0]!.headers['content-type'].split('boundary=')[1]!;
  const parts = bodies.map((body) => {
    const own = body.headers['content-type'].split('boundary=')[1]!;
    const text = body.payload.toString('latin1');
    // Each body is one part then its closing line; keep the part, under the first boundary.
    return Buffer.from(
      text.slice(0, text.lastIndexOf(`--${own}--`)).replaceAll(`--${own}`, `--${boundary}`),
      'latin1',
    );
  });
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const file = (filename: string, contentType: string, data: Buffer): MultipartFile => ({
  filename,
  contentType,
  data,
});

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" ' +
    'onload="window.__xss=1"><script>window.__xss=1</script><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from(
  '<!doctype html><html><body><script>window.__xss=1</script></body></html>',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF',
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
/** The start of a JPEG (SOI and a JFIF APP0 segment), then a page instead of the picture. */
const JPEG_HEADER_THEN_HTML = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
  HTML,
]);
/** A GIF with a ZIP (a Java archive) glued on: the classic GIFAR. */
const zipEntry = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
  Buffer.alloc(16),
  Buffer.from('META-INF/MANIFEST.MF'),
]);

async function gifar(): Promise<Buffer> {
  const gif = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .gif()
    .toBuffer();
  return Buffer.concat([gif, zipEntry]);
}

/** A PNG that claims to be 100,000 × 100,000 pixels (a decompression bomb's header). */
function pngBomb(): Buffer {
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(100_000, 16); // IHDR width
  bomb.writeUInt32BE(100_000, 20); // IHDR height
  return bomb;
}

describe('the upload routes under test', () => {
  it('are every route that takes multipart/form-data', async () => {
    const documented = (await loadOperations(app))
      .filter((op) => op.body['multipart/form-data'])
      .map((op) => `${op.method} ${op.path}`)
      .sort();
    const tested = [...new Set(ROUTES.map((r) => `${r.method} ${r.url.split('?')[0]}`))].sort();
    expect(tested).toEqual(documented);
  });
});

describe.each(ROUTES)('$name ($method $url)', (route) => {
  const named = (name: string, type: string, data: Buffer | (() => Buffer | Promise<Buffer>)) => ({
    name,
    type,
    data,
  });
  const hostileFiles = [
    named('a JPEG header followed by HTML and script', 'image/jpeg', JPEG_HEADER_THEN_HTML),
    named('a GIF with a Java archive appended (GIFAR)', 'image/gif', gifar),
    named('an SVG with a script, named .svg', 'image/svg+xml', SVG),
    named('an SVG with a script, named .png and sent as image/png', 'image/png', SVG),
    named('an HTML page named .jpg', 'image/jpeg', HTML),
    named('a PDF named .png', 'image/png', PDF),
    named('an ELF executable named .png', 'image/png', ELF),
    named('a PNG cut off half way', 'image/png', () => png.subarray(0, png.length >> 1)),
    named('a PNG header claiming 100,000 × 100,000 pixels', 'image/png', pngBomb),
    // Real pictures, but not a format the product takes (for the video route, not a video).
    named('a real GIF', 'image/gif', async () =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer(),
    ),
    named('a real TIFF', 'image/tiff', async () =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .tiff()
        .toBuffer(),
    ),
    ...(route.video ? [named('a real JPEG sent as video/mp4', 'video/mp4', () => jpeg)] : []),
  ];

  it.each(hostileFiles)('refuses $name, storing nothing', async ({ name, type, data }) => {
    const bytes = typeof data === 'function' ? await data() : data;
    const extension = /named \.(\w+)/.exec(name)?.[1] ?? (route.video ? 'mp4' : 'png');
    await expectRefused(
      route,
      { [route.field]: file(`upload.${extension}`, type, bytes) },
      route.unsupported,
    );
  });

  it('refuses an empty file, storing nothing', async () => {
    await expectRefused(
      route,
      { [route.field]: file('empty.png', 'image/png', Buffer.alloc(0)) },
      route.empty,
    );
  });

  it('refuses a file over its limit, storing nothing', async () => {
    if (route.tooLarge.limit === Infinity) return; // see ROUTES: the 200 MB video limit
    const big = Buffer.concat([jpeg, Buffer.alloc(route.tooLarge.limit, 0x20)]);
    await expectRefused(
      route,
      { [route.field]: file('big.jpg', 'image/jpeg', big) },
      route.tooLarge,
    );
  });

  it('refuses several files at once, in one field or two, storing nothing', async () => {
    const good = route.video ? seedMedia('free-1.mp4') : png;
    const first = file(
      route.video ? 'a.mp4' : 'a.png',
      route.video ? 'video/mp4' : 'image/png',
      good,
    );
    for (const parts of [
      [
        [route.field, first],
        [route.field, file('b.png', 'image/png', png)],
      ],
      [
        [route.field, first],
        ['other', file('b.svg', 'image/svg+xml', SVG)],
      ],
    ] as [string, MultipartFile][][]) {
      const body = multipartEntries(parts);
      const caller = await callerFor(route);
      const rows = await databaseFingerprint(app);
      const files = await storedFiles();
      const res = await app.inject({
        method: route.method,
        url: route.url,
        headers: { ...caller.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({
        success: false,
        message: Messages.UPLOAD_ONE_FILE.message,
      });
      expect(await databaseFingerprint(app)).toEqual(rows);
      expect(await storedFiles()).toEqual(files);
    }
  });
});

/** The stored file behind a URL the API returned, and how /media serves it. */
async function served(url: string) {
  const { pathname, search } = new URL(url, 'http://x');
  const res = await app.inject({ url: pathname + search });
  return { res, bytes: res.rawPayload };
}

describe('pictures that are accepted are re-encoded, whatever was sent', () => {
  const imageRoutes = ROUTES.filter((r) => !r.video);
  const urlOf = (route: UploadRoute, res: LightMyRequestResponse): string => {
    const data = res.json().data;
    return route.field === 'profile'
      ? data.profile
      : route.field === 'image'
        ? data.image
        : data.url;
  };

  it.each(imageRoutes)(
    '$name: a real JPEG with a script appended is stored as a clean WebP, served as an image',
    async (route) => {
      const polyglot = Buffer.concat([jpeg, HTML]);
      const res = await send(route, await callerFor(route), {
        [route.field]: file('../../../etc/cron.d/x.html', 'text/html', polyglot),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const url = urlOf(route, res);
      // The key is the server's own: nothing of the sent name or path survives.
      // A pending Explore picture comes as a signed link (decision 038).
      expect(url).toMatch(/^\/media\/[a-z/-]+\/[0-9a-f-]+\.webp(\?exp=\d+&sig=[\w-]+)?$/);
      const { res: media, bytes } = await served(url);
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/webp');
      expect(media.headers['x-content-type-options']).toBe('nosniff');
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(bytes.includes('<script')).toBe(false);
      // The EXIF (author, location) is gone too.
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(bytes.includes('Secret Author')).toBe(false);
    },
  );
});

describe('videos are stored as sent (no transcoder), so they are served only as video', () => {
  it('serves an MP4 with a page appended as video/mp4 that browsers may not sniff', async () => {
    const route = ROUTES.find((r) => r.video)!;
    const res = await send(route, await callerFor(route), {
      file: file('clip.html', 'text/html', Buffer.concat([seedMedia('free-1.mp4'), HTML])),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { res: media } = await served(res.json().data.url);
    expect(res.json().data.url).toMatch(/\.mp4$/);
    expect(media.headers['content-type']).toBe('video/mp4');
    expect(media.headers['x-content-type-options']).toBe('nosniff');
  });
});

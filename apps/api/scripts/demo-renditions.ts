// Makes the demo lessons' data-saver versions in src/db/seed/media/renditions/ with the rendition
// worker's own ffmpeg arguments (src/modules/renditions/ffmpeg.ts). Run by hand after changing a
// demo video: `npx tsx scripts/demo-renditions.ts` in apps/api. The outputs are committed, so
// neither `npm start` nor the tests run ffmpeg for the seed.
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  probeVideo,
  renditionArguments,
  renditionHeight,
  runFfmpeg,
} from '../src/modules/renditions/ffmpeg';

const media = fileURLToPath(new URL('../src/db/seed/media/', import.meta.url));
const out = path.join(media, 'renditions');
await mkdir(out, { recursive: true });

for (const file of (await readdir(media)).filter((f) => f.endsWith('.mp4')).sort()) {
  const name = file.replace(/\.mp4$/, '');
  const input = path.join(media, file);
  const probe = await probeVideo(input);
  const height = renditionHeight(probe.height);
  await runFfmpeg(
    renditionArguments(input, path.join(out, `${name}-${height}p.mp4`), height, probe.hasAudio),
  );
  // The demo videos are silent; their listen-only tracks are silence of the same length, so the
  // demo shows 'Listen only' (a real upload without sound gets no audio track).
  await runFfmpeg([
    ...['-f', 'lavfi', '-i', 'anullsrc=channel_layout=mono:sample_rate=22050'],
    ...['-t', String(probe.duration), '-c:a', 'aac', '-b:a', '32k'],
    ...['-movflags', '+faststart', '-f', 'mp4', path.join(out, `${name}-audio.m4a`)],
  ]);
  process.stdout.write(`${name}: ${height}p\n`);
}

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The ffmpeg binary of @ffmpeg-installer/ffmpeg, whose per-platform builds are npm packages (so
 * `npm ci` installs it from the registry, with no download from elsewhere). Loaded on first use:
 * on a platform without a build the server still starts, and rendition jobs fail with this
 * message instead.
 */
export function ffmpegPath(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch (error) {
    throw new Error(`ffmpeg is not available on this platform: ${String(error)}`, {
      cause: error,
    });
  }
}

/** What the renditions need to know about a video. */
export interface VideoProbe {
  /** Seconds; 0 when ffmpeg could not tell. */
  duration: number;
  height: number;
  hasAudio: boolean;
}

/** Reads ffmpeg's description of the input (it exits non-zero for want of an output: expected). */
export function parseProbe(stderr: string): VideoProbe | undefined {
  const video = /Stream #\d+:\d+.*?: Video: .*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!video) return undefined;
  const time = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const duration = time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : 0;
  return {
    duration,
    height: Number(video[2]),
    hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(stderr),
  };
}

/**
 * The height of the small rendition: 360 for anything taller, else one rung down (240), and a
 * video of 240 lines or fewer keeps its height (only its bit rate drops). Always even, as H.264
 * in 4:2:0 needs.
 */
export function renditionHeight(sourceHeight: number): number {
  if (sourceHeight > 360) return 360;
  if (sourceHeight > 240) return 240;
  return Math.max(2, sourceHeight - (sourceHeight % 2));
}

/** Arguments for the small rendition: H.264 capped at 300 kbit/s, mono AAC, index at the front. */
export function renditionArguments(input: string, output: string, height: number, audio: boolean) {
  return [
    ...['-i', input, '-map', '0:v:0'],
    ...['-vf', `scale=-2:${height}`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '32'],
    ...['-maxrate', '300k', '-bufsize', '600k', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...(audio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '32k', '-ac', '1'] : ['-an']),
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

/** Arguments for the audio-only track: mono AAC at 48 kbit/s in MP4 (plays in every browser). */
export function audioArguments(input: string, output: string) {
  return [
    ...['-i', input, '-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', '48k', '-ac', '1'],
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

/** Seconds of output written so far, from ffmpeg's `-progress` lines (`out_time_us`/`_ms`). */
export function progressSeconds(line: string): number | undefined {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  return match ? Number(match[1]) / 1_000_000 : undefined;
}

/**
 * Runs ffmpeg; resolves with its stderr, rejects with the end of it when it fails. `onSeconds`
 * hears how many seconds of the output are written, as ffmpeg reports them.
 */
export function runFfmpeg(
  args: string[],
  options: { onSeconds?: (seconds: number) => void; allowFailure?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const seconds = progressSeconds(line);
        if (seconds !== undefined) options.onSeconds?.(seconds);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Only the end matters for an error report; keep memory bounded on long runs.
      stderr = (stderr + chunk).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || options.allowFailure) resolve(stderr);
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().slice(-400)}`));
    });
  });
}

export async function probeVideo(input: string): Promise<VideoProbe> {
  const stderr = await runFfmpeg(['-i', input], { allowFailure: true });
  const probe = parseProbe(stderr);
  if (!probe) throw new Error('the file has no video stream ffmpeg can read');
  return probe;
}

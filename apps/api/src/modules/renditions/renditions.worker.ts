import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { RenditionRecord, VideoRenditionRow } from '../../db/schema/renditions';
import { systemClock, type Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import type { StorageProvider } from '../../providers/storage/storage';
import {
  audioArguments,
  probeVideo,
  renditionArguments,
  renditionHeight,
  runFfmpeg,
} from './ffmpeg';
import type { RenditionsRepositories } from './renditions.service';

export interface RenditionWorkerOptions {
  /** How often an idle worker looks for a job. */
  pollIntervalMs: number;
  /** Attempts before a job is marked failed (an operator may then retry it). */
  maxAttempts: number;
  /** Delay before the second attempt; doubled for each further one. */
  retryDelayMs: number;
  /** How long a job stays claimed without a progress report before another worker may take it. */
  leaseMs: number;
}

export const DEFAULT_RENDITION_OPTIONS: RenditionWorkerOptions = {
  pollIntervalMs: 3_000,
  maxAttempts: 3,
  retryDelayMs: 60_000,
  leaseMs: 10 * 60_000,
};

/** Where a video's small versions are stored: beside it, named after it. */
export function renditionKeys(sourceKey: string, height: number) {
  const base = sourceKey.replace(/\.[a-z0-9]+$/, '');
  return { video: `${base}-${height}p.mp4`, audio: `${base}-audio.m4a` };
}

/**
 * Makes the data-saver versions of lesson videos (decision 057): a 360p-or-lower H.264 rendition
 * and, when the video has sound, an audio-only AAC track. The video is copied from storage to a
 * temporary file, ffmpeg runs on it, and the results go back to storage, so local disks and S3
 * buckets work alike. One job at a time per worker: a transcode takes both cores for a while.
 */
export class RenditionWorker {
  readonly options: RenditionWorkerOptions;

  constructor(
    private readonly deps: {
      data: DataAccess<RenditionsRepositories>;
      storage: StorageProvider;
      log: FastifyBaseLogger;
      clock?: Clock;
    },
    options: Partial<RenditionWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_RENDITION_OPTIONS, ...options };
  }

  private get repository() {
    return this.deps.data.repos.renditions;
  }

  private now(): Date {
    return (this.deps.clock ?? systemClock).now();
  }

  private leaseUntil(): Date {
    return new Date(this.now().getTime() + this.options.leaseMs);
  }

  /** Claims and makes one due job; resolves with whether there was one. */
  async runOnce(): Promise<boolean> {
    const job = await this.repository.claim(this.now(), this.leaseUntil());
    if (!job) return false;
    try {
      const result = await this.make(job);
      await this.repository.finish(job.sourceKey, result, this.now());
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const again = job.attempts < this.options.maxAttempts;
      this.deps.log[again ? 'warn' : 'error'](
        { sourceKey: job.sourceKey, attempts: job.attempts, reason },
        again ? 'video renditions failed; will retry' : 'video renditions failed for good',
      );
      const retryAt = again
        ? new Date(this.now().getTime() + this.options.retryDelayMs * 2 ** (job.attempts - 1))
        : null;
      await this.repository.failed(job.sourceKey, reason, retryAt, this.now());
    }
    return true;
  }

  private async make(job: VideoRenditionRow) {
    const { storage } = this.deps;
    const folder = await mkdtemp(path.join(tmpdir(), 'exhale-renditions-'));
    try {
      const source = await storage.stream(job.sourceKey);
      if (!source) throw new Error('the video is no longer in storage');
      const input = path.join(folder, 'source.mp4');
      await pipeline(source.body, createWriteStream(input));

      const probe = await probeVideo(input);
      const height = renditionHeight(probe.height);
      const keys = renditionKeys(job.sourceKey, height);
      // The video is most of the work; the audio track the rest.
      const videoShare = probe.hasAudio ? 85 : 100;
      let reported = 0;
      let reportedAt = 0;
      const report = (percent: number) => {
        const value = Math.max(0, Math.min(99, Math.floor(percent)));
        const now = Date.now();
        if (value <= reported || now - reportedAt < 1000) return;
        reported = value;
        reportedAt = now;
        void this.repository
          .progress(job.sourceKey, value, this.leaseUntil())
          .catch((error: unknown) => this.deps.log.warn({ err: error }, 'rendition progress'));
      };
      const share = (from: number, size: number) => (seconds: number) =>
        probe.duration > 0 && report(from + (size * seconds) / probe.duration);

      const small = path.join(folder, 'small.mp4');
      await runFfmpeg(renditionArguments(input, small, height, probe.hasAudio), {
        onSeconds: share(0, videoShare),
      });
      const renditions: RenditionRecord[] = [];
      const smallBody = await readFile(small);
      // A rendition no smaller than the original saves no data: the original serves instead.
      if (smallBody.length < source.size) {
        await storage.put(keys.video, smallBody, 'video/mp4');
        renditions.push({ height, key: keys.video, bytes: smallBody.length });
      }

      let audioKey: string | null = null;
      if (probe.hasAudio) {
        const audio = path.join(folder, 'audio.m4a');
        await runFfmpeg(audioArguments(input, audio), {
          onSeconds: share(videoShare, 100 - videoShare),
        });
        await storage.put(keys.audio, await readFile(audio), 'audio/mp4');
        audioKey = keys.audio;
      }
      return { renditions, audioKey };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

export interface RunningRenditionWorker {
  stop(): Promise<void>;
}

import { describe, expect, it } from 'vitest';
import { parseProbe, progressSeconds, renditionHeight } from './ffmpeg';
import { renditionKeys } from './renditions.worker';

describe('renditionHeight', () => {
  it('is 360 for anything taller, one rung down for 360p, and never upscales', () => {
    expect(renditionHeight(2160)).toBe(360);
    expect(renditionHeight(720)).toBe(360);
    expect(renditionHeight(361)).toBe(360);
    expect(renditionHeight(360)).toBe(240);
    expect(renditionHeight(241)).toBe(240);
    expect(renditionHeight(240)).toBe(240);
    expect(renditionHeight(181)).toBe(180);
  });
});

describe('parseProbe', () => {
  const header = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'source.mp4':
  Duration: 00:01:05.48, start: 0.000000, bitrate: 1140 kb/s
    Stream #0:0(und): Video: h264 (Main) (avc1 / 0x31637661), yuv420p, 1280x720 [SAR 1:1 DAR 16:9], 1000 kb/s, 25 fps
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 96 kb/s (default)
At least one output file must be specified`;

  it('reads the length, the height and whether there is sound', () => {
    expect(parseProbe(header)).toEqual({ duration: 65.48, height: 720, hasAudio: true });
    const silent = header.replace(/.*Audio:.*\n/, '');
    expect(parseProbe(silent)).toMatchObject({ height: 720, hasAudio: false });
  });

  it('finds nothing in a file without a video stream', () => {
    expect(parseProbe(header.replace(/.*Video:.*\n/, ''))).toBeUndefined();
  });
});

describe('progressSeconds', () => {
  it("reads ffmpeg's -progress output time (microseconds under either name)", () => {
    expect(progressSeconds('out_time_ms=12500000')).toBe(12.5);
    expect(progressSeconds('out_time_us=2000000\n')).toBe(2);
    expect(progressSeconds('progress=continue')).toBeUndefined();
  });
});

describe('renditionKeys', () => {
  it('names the small versions after the video, beside it', () => {
    expect(renditionKeys('admin/videos/abc.mp4', 360)).toEqual({
      video: 'admin/videos/abc-360p.mp4',
      audio: 'admin/videos/abc-audio.m4a',
    });
  });
});

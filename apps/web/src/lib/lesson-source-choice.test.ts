import { describe, expect, it } from 'vitest';
import { chooseLessonSource, isSlowConnection } from './lesson-source-choice';

const lesson = {
  source: '/media/lessons/day-1.mp4',
  renditions: [
    { height: 360, src: '/media/lessons/day-1-360p.mp4' },
    { height: 240, src: '/media/lessons/day-1-240p.mp4' },
  ],
  audio_src: '/media/lessons/day-1-audio.m4a',
};
const choose = (
  options: Partial<Parameters<typeof chooseLessonSource>[1]>,
  sources: Parameters<typeof chooseLessonSource>[0] = lesson,
) =>
  chooseLessonSource(sources, {
    dataSaver: false,
    slowConnection: false,
    listenOnly: false,
    ...options,
  });

describe('isSlowConnection', () => {
  it("counts 2G, slow 2G and 3G, and the browser's own data saver, as slow", () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) {
      expect(isSlowConnection({ effectiveType })).toBe(true);
    }
    expect(isSlowConnection({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(isSlowConnection({ effectiveType: '4g' })).toBe(false);
  });

  it('does not guess when the browser does not say (no Network Information API)', () => {
    expect(isSlowConnection(undefined)).toBe(false);
    expect(isSlowConnection({})).toBe(false);
  });
});

describe('chooseLessonSource', () => {
  it('plays the full video on a fast connection with Data saver off', () => {
    expect(choose({})).toEqual({ kind: 'video', src: lesson.source, small: false });
  });

  it("plays the smallest rendition when the member's Data saver is on", () => {
    expect(choose({ dataSaver: true })).toEqual({
      kind: 'video',
      src: '/media/lessons/day-1-240p.mp4',
      small: true,
      height: 240,
      reason: 'dataSaver',
    });
  });

  it('plays the smallest rendition on a slow connection', () => {
    expect(choose({ slowConnection: true })).toEqual({
      kind: 'video',
      src: '/media/lessons/day-1-240p.mp4',
      small: true,
      height: 240,
      reason: 'slowConnection',
    });
  });

  it('falls back to the full video while a lesson has no rendition yet', () => {
    expect(choose({ dataSaver: true }, { ...lesson, renditions: [] })).toEqual({
      kind: 'video',
      src: lesson.source,
      small: false,
    });
  });

  it("plays the audio track in 'Listen only', whatever the connection", () => {
    expect(choose({ listenOnly: true })).toEqual({ kind: 'audio', src: lesson.audio_src });
    expect(choose({ listenOnly: true, dataSaver: true })).toMatchObject({ kind: 'audio' });
  });

  it("keeps the video in 'Listen only' when the lesson has no audio track", () => {
    expect(choose({ listenOnly: true }, { ...lesson, audio_src: null })).toMatchObject({
      kind: 'video',
      src: lesson.source,
    });
  });
});

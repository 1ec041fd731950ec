import { readFileSync, readdirSync, statSync } from 'node:fs';
import { EXERCISE_ROUTE_PATTERN } from '@exhale/contract/programme';
import { describe, expect, it } from 'vitest';
import { seedMediaFolder } from './programme';
import { EXERCISES, LESSONS, SIM_STATEMENTS } from './programme-content';

/** Top-level MP4 boxes in file order, and the movie duration from `moov/mvhd`. */
function readMp4(file: string): { boxes: string[]; seconds: number } {
  const data = readFileSync(file);
  const boxes: string[] = [];
  let seconds = Number.NaN;
  for (let offset = 0; offset + 8 <= data.length;) {
    const size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    boxes.push(type);
    if (type === 'moov') {
      const mvhd = data.indexOf('mvhd', offset, 'latin1');
      const version = data.readUInt8(mvhd + 4);
      const base = mvhd + 4 + 4 + (version === 1 ? 16 : 8);
      const timescale = data.readUInt32BE(base);
      const duration =
        version === 1 ? Number(data.readBigUInt64BE(base + 4)) : data.readUInt32BE(base + 4);
      seconds = duration / timescale;
    }
    if (size < 8) break;
    offset += size;
  }
  return { boxes, seconds };
}

describe('SIM statements', () => {
  it.each([0, 1, 2] as const)(
    'event %i has 50 distinct statements (250 points at most)',
    (event) => {
      const list = SIM_STATEMENTS[event];
      expect(list).toHaveLength(50);
      expect(new Set(list).size).toBe(50);
      for (const statement of list) expect(statement).toMatch(/^[A-Z].{10,}[.?]$/);
    },
  );

  it('varies between events', () => {
    const all = [...SIM_STATEMENTS[0], ...SIM_STATEMENTS[1], ...SIM_STATEMENTS[2]];
    expect(new Set(all).size).toBe(150);
  });
});

describe('exercises', () => {
  it('use URL-safe routes and every question type', () => {
    const types = new Set<string>();
    for (const [route, list] of Object.entries(EXERCISES)) {
      expect(route).toMatch(EXERCISE_ROUTE_PATTERN);
      expect(list.length).toBeGreaterThan(0);
      for (const question of list) types.add(question.type);
    }
    expect([...types].sort()).toEqual(['checkbox', 'radio', 'textarea']);
  });
});

describe('lessons', () => {
  const slugs = LESSONS.map((lesson) => lesson.slug);

  it('are a 3-lesson free track, the score explanation and 7 premium days of 2 lessons', () => {
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(LESSONS.filter((l) => l.type === 'free')).toHaveLength(3);
    expect(LESSONS.filter((l) => l.type === 'score_explanation')).toHaveLength(1);
    const paid = LESSONS.filter((l) => l.type === 'paid');
    expect(paid).toHaveLength(14);
    expect(new Set(paid.map((l) => l.day))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    const positions = LESSONS.map((l) => `${l.type === 'paid'}:${l.day}:${l.videoOrder}`);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('open only exercises that exist, inside the video', () => {
    for (const lesson of LESSONS) {
      if (lesson.route) expect(EXERCISES).toHaveProperty([lesson.route]);
      for (const exercise of lesson.exercises ?? []) {
        expect(EXERCISES).toHaveProperty([exercise.route]);
        expect(exercise.time).toBeGreaterThan(0);
        expect(exercise.time).toBeLessThan(lesson.totalDuration);
      }
    }
  });

  it.each(LESSONS.map((lesson) => [lesson.slug, lesson.totalDuration] as const))(
    '%s has a small faststart MP4 of its stated length and a thumbnail',
    (slug, seconds) => {
      const video = `${seedMediaFolder}${slug}.mp4`;
      const { boxes, seconds: length } = readMp4(video);
      expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
      expect(Math.round(length)).toBe(seconds);
      expect(seconds).toBeGreaterThanOrEqual(15);
      expect(seconds).toBeLessThanOrEqual(25);
      expect(statSync(video).size).toBeLessThanOrEqual(300 * 1024);
      const thumbnail = readFileSync(`${seedMediaFolder}${slug}.jpg`);
      expect(thumbnail.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    },
  );

  it('keep the committed media under 5 MB, with nothing unused', () => {
    const files = readdirSync(seedMediaFolder).filter((f) => /\.(mp4|jpg)$/.test(f));
    expect(files.sort()).toEqual(slugs.flatMap((s) => [`${s}.jpg`, `${s}.mp4`]).sort());
    const total = files.reduce((sum, f) => sum + statSync(`${seedMediaFolder}${f}`).size, 0);
    expect(total).toBeLessThan(5 * 1024 * 1024);
  });
});

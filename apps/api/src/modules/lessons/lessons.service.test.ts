import { describe, expect, it } from 'vitest';
import { mediaUrl } from './lessons.service';

describe('mediaUrl', () => {
  const storage = { publicUrl: (key: string) => `/media/${key}` };

  it.each([
    ['lessons/free-1-abc.mp4', '/media/lessons/free-1-abc.mp4'],
    ['https://cdn.example/v.mp4', 'https://cdn.example/v.mp4'],
    ['http://cdn.example/v.mp4', 'http://cdn.example/v.mp4'],
    ['//cdn.example/v.mp4', '//cdn.example/v.mp4'],
    ['/media/lessons/already-a-path.mp4', '/media/lessons/already-a-path.mp4'],
  ])('resolves %s to %s', (value, url) => {
    expect(mediaUrl(storage, value)).toBe(url);
  });
});

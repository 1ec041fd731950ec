import { describe, expect, it } from 'vitest';
import { notUsedKind } from './progress-format';

describe('notUsedKind', () => {
  it("names the plan's one tobacco type", () => {
    expect(notUsedKind(['bidi'])).toBe('bidi');
    expect(notUsedKind(['gutka', 'gutka'])).toBe('gutka');
  });

  it('says cigarettes and bidis together (both counted in sticks), and any other mix as mixed', () => {
    expect(notUsedKind(['cigarette', 'bidi'])).toBe('smoked');
    expect(notUsedKind(['bidi', 'khaini'])).toBe('mixed');
  });

  it('has no unit before the plan is known', () => {
    expect(notUsedKind(undefined)).toBeNull();
    expect(notUsedKind([])).toBeNull();
  });
});

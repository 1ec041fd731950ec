import { describe, expect, it } from 'vitest';
import { keyedEntryState } from './history-entry';

const newKey = () => 'k3y0fown';

describe('keyedEntryState', () => {
  it('gives a page the browser loaded (no history state) a key of its own', () => {
    expect(keyedEntryState(null, newKey)).toEqual({ usr: null, key: 'k3y0fown' });
  });

  it("replaces the router's shared 'default' key and keeps the rest of the state", () => {
    expect(keyedEntryState({ usr: null, key: 'default', idx: 0 }, newKey)).toEqual({
      usr: null,
      key: 'k3y0fown',
      idx: 0,
    });
    expect(keyedEntryState({ idx: 3 }, newKey)).toEqual({ usr: null, key: 'k3y0fown', idx: 3 });
  });

  it('keeps the key of an entry that has one, so back, forward and reload find its position', () => {
    expect(keyedEntryState({ usr: null, key: 'abc12345', idx: 2 }, newKey)).toBeNull();
  });
});

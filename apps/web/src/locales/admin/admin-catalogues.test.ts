import { describe, expect, it } from 'vitest';
import en from './en.json';
import hi from './hi.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('admin console catalogues', () => {
  const english = leaves(en as Tree);
  const hindi = leaves(hi as Tree);

  it('have the same keys in English and Hindi', () => {
    expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('have no empty strings and the same placeholders', () => {
    for (const [key, text] of english) {
      const translated = hindi.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it('say "Admins only" to members who open the console', () => {
    expect(en.adminsOnly.title).toBe('Admins only');
  });
});

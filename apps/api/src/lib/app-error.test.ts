import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { badRequest, conflict, forbidden, rateLimited, unauthorized } from './app-error';

describe('AppError helpers', () => {
  it('take the code first and the message second, as AppError does', () => {
    expect(badRequest('BAD_REQUEST', 'Choose a file.')).toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: 'Choose a file.',
    });
    expect(conflict('LAST_ADMIN', 'Make someone else an admin first.')).toMatchObject({
      statusCode: 409,
      code: 'LAST_ADMIN',
    });
    expect(forbidden()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect(unauthorized()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('answer every exhausted counter with the catalogue text and a Retry-After', () => {
    expect(rateLimited(0.2)).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again later.',
      headers: { 'retry-after': '1' },
    });
  });

  // Code and message are both strings, so the compiler cannot catch them swapped: every call in
  // the API must pass a code first (a SCREAMING_CASE literal, a catalogue entry's `.code`, or a
  // *_CODE constant).
  it('are called with a code first everywhere in the API', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const call = /\b(?:unauthorized|forbidden|badRequest|conflict|tooManyRequests)\(\s*([^,)]*)/g;
    const codeFirst = /^('[A-Z][A-Z0-9_]*'|[\w.]+\.code|[A-Z][A-Z0-9_]*_CODE)$/;
    const wrong: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(src, file), 'utf8');
      for (const [, first] of text.matchAll(call)) {
        const argument = first!.trim();
        if (argument !== '' && !/^code\b/.test(argument) && !codeFirst.test(argument)) {
          wrong.push(`${file}: ${argument}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

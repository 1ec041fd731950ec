import type { LanguageCode } from '@exhale/contract/languages';
import { bn } from './crisis-words/bn';
import type { CrisisWords } from './crisis-words/crisis-words';
import { en } from './crisis-words/en';
import { hi } from './crisis-words/hi';
import { mr } from './crisis-words/mr';
import { ta } from './crisis-words/ta';
import { te } from './crisis-words/te';

/** What a message says that needs help before a coach can answer; 'none' for everything else. */
export type CrisisKind = 'self_harm' | 'medical' | 'none';

export const CRISIS_WORDS: Record<LanguageCode, CrisisWords> = { en, hi, mr, ta, te, bn };

/**
 * The spelling differences that carry no meaning for a match, folded on both sides:
 * - NFKC joins decomposed letters and turns compatibility forms (full-width Latin, ligatures)
 *   into plain ones;
 * - nukta (Devanagari ़, Bengali ়) is dropped, so ख़ुद and खुद are one word: people type both;
 * - Devanagari chandrabindu ँ becomes anusvara ं (साँस = सांस); Bengali candrabindu ঁ is dropped
 *   (বাঁচতে = বাচতে), as many keyboards leave it out;
 * - every format character (zero-width space, joiners, direction marks) goes: they change how
 *   a conjunct looks, never what it says;
 * - apostrophes go (can't = cant), and case is lowered;
 * - any run of what is not a letter or a combining mark (spaces,
 *   punctuation, digits, emoji) becomes one space.
 */
export function normaliseForMatch(text: string): string {
  const folded = text
    .normalize('NFKC')
    .replace(/[\u093C\u09BC]/gu, '')
    .replace(/\u0901/gu, '\u0902')
    .replace(/\u0981/gu, '')
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()
    .replace(/['\u2019]/gu, '')
    .replace(/[^\p{L}\p{M}]+/gu, ' ')
    .trim();
  return ` ${folded} `;
}

const LATIN = /^[\p{Script=Latin}\s*]+$/u;

interface CompiledPhrase {
  /** Latin phrases: whole words (`prefix`: the last word may go on). */
  words?: { text: string; prefix: boolean };
  /** Indian-script phrases: the phrase with spaces removed, found anywhere in the spaceless text. */
  compact?: string;
}

function compile(phrase: string): CompiledPhrase {
  const prefix = phrase.endsWith('*');
  const body = normaliseForMatch(prefix ? phrase.slice(0, -1) : phrase).trim();
  if (LATIN.test(phrase)) return { words: { text: body, prefix } };
  return { compact: body.replace(/ /g, '') };
}

function matches(phrase: CompiledPhrase, spaced: string, compact: string): boolean {
  if (phrase.compact !== undefined) return compact.includes(phrase.compact);
  const { text, prefix } = phrase.words!;
  return spaced.includes(prefix ? ` ${text}` : ` ${text} `);
}

// Every list is searched whatever the member's language: people mix scripts and languages, and
// a missed crisis costs far more than an extra helpline number.
const COMPILED = Object.values(CRISIS_WORDS).map((words) => ({
  selfHarm: words.selfHarm.map(compile),
  medical: words.medical.map(compile),
}));

/** The crisis a message speaks of, self-harm first (it carries the fuller reply). */
export function crisisOf(text: string): CrisisKind {
  const spaced = normaliseForMatch(text);
  const compact = spaced.replace(/ /g, '');
  const any = (pick: (list: (typeof COMPILED)[number]) => CompiledPhrase[]) =>
    COMPILED.some((list) => pick(list).some((phrase) => matches(phrase, spaced, compact)));
  if (any((list) => list.selfHarm)) return 'self_harm';
  if (any((list) => list.medical)) return 'medical';
  return 'none';
}

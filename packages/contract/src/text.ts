// Invisible characters in what people write (decision 081). A right-to-left override (U+202E)
// makes 'gpj.exe' read as 'exe.jpg', and zero-width characters hide text or make two strings
// that look the same differ; neither has a use in a review, a note or a reason. They are
// Unicode's format characters (category Cf): direction marks, embeddings, overrides and isolates
// (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), zero-width space (U+200B), word joiner
// (U+2060), BOM (U+FEFF), soft hyphen and the rest. Zero-width non-joiner and joiner (U+200C,
// U+200D) are kept where writing needs them: between two letters (Devanagari, Bengali, Tamil,
// Telugu and Malayalam conjuncts and half forms: क्‍ष, র‍্য), and a joiner inside an emoji
// sequence (👩‍⚕️).

const FORMAT = /\p{Cf}/u;
const JOINER = /^[\u200C\u200D]$/;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
/** What may stand on either side of the joiner in an emoji ZWJ sequence. */
const EMOJI_PART = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u;

/** Whether `chars[i]` is a zero-width (non-)joiner between two letters (or combining marks). */
export function isJoinerBetweenLetters(chars: readonly string[], i: number): boolean {
  return (
    JOINER.test(chars[i] ?? '') &&
    LETTER_OR_MARK.test(chars[i - 1] ?? '') &&
    LETTER_OR_MARK.test(chars[i + 1] ?? '')
  );
}

function isJoinerInEmoji(chars: readonly string[], i: number): boolean {
  return (
    chars[i] === '\u200D' &&
    EMOJI_PART.test(chars[i - 1] ?? '') &&
    EMOJI_PART.test(chars[i + 1] ?? '')
  );
}

/**
 * `value` without invisible format characters, keeping the joiners scripts and emoji need. Line
 * breaks, tabs and every visible character stay as written. For every text a member writes:
 * schemas apply it with `.overwrite(stripInvisibleCharacters)` before trimming and length checks.
 */
export function stripInvisibleCharacters(value: string): string {
  if (!FORMAT.test(value)) return value;
  const chars = Array.from(value);
  return chars
    .filter(
      (char, i) =>
        !FORMAT.test(char) || isJoinerBetweenLetters(chars, i) || isJoinerInEmoji(chars, i),
    )
    .join('');
}

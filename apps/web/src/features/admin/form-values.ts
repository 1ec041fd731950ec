// What the console's forms keep as typed, turned into request values. Nothing here judges the
// value: a wrong one goes on as it is for the contract's schema to refuse with its message.

/** '' → null, anything else → a number (NaN stays: the schema refuses it). */
export const numberOrNull = (text: string): number | null =>
  text.trim() === '' ? null : Number(text);

/** '' → undefined (the field is left out), anything else → a number. */
export const numberOrOmitted = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text);

/** '' (or only spaces) → null, anything else as typed. */
export const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text);

/** One item a line, blank lines left out. */
export const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

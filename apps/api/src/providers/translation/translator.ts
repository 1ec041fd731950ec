/** A machine translation service. Throws when it cannot translate; callers fall back. */
export interface Translator {
  readonly name: string;
  translate(text: string, target: string): Promise<string>;
}

import type { ParseKeys } from 'i18next';
import { Messages } from '@exhale/contract/messages';
import { i18n } from './i18n';

// The API and the contract's schemas speak the catalogue's English. Looking a text up by its
// exact wording (never by error code, which some endpoints share across several texts) finds the
// one catalogue entry it came from, so a Hindi reader sees it in Hindi.
const codesByText = new Map<string, string[]>();
for (const { code, message } of Object.values(Messages)) {
  codesByText.set(message, [...(codesByText.get(message) ?? []), code]);
}

/**
 * The reader's-language version of a catalogue text (a server message or a contract schema's
 * validation message), or the text unchanged when the catalogue has no translation for it.
 */
export function translateMessage(text: string): string {
  for (const code of codesByText.get(text) ?? []) {
    const key = `messages.${code}`;
    if (i18n.exists(key)) return i18n.t(key as ParseKeys);
  }
  return text;
}

/**
 * What to show for a successful call: the server's message in the reader's language, or the
 * fallback when the server sent none.
 */
export function serverText(message: string | null | undefined, fallbackKey: ParseKeys): string {
  return message && message.trim() !== '' ? translateMessage(message) : i18n.t(fallbackKey);
}

import type { Translator } from './translator';

/**
 * A LibreTranslate-compatible endpoint (`POST {url}/translate` with `q`, `source`, `target` and
 * `format`), self-hosted or a service speaking the same API.
 */
export class LibreTranslateTranslator implements Translator {
  readonly name = 'libretranslate';

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async translate(text: string, target: string): Promise<string> {
    const response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ q: text, source: 'auto', target, format: 'text' }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await response.json().catch(() => null)) as { translatedText?: unknown } | null;
    if (!response.ok) throw new Error(`translation service answered ${response.status}`);
    if (typeof body?.translatedText !== 'string') {
      throw new Error('translation service answered without translatedText');
    }
    return body.translatedText;
  }
}

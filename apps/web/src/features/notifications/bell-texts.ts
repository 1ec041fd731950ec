import type { LanguageCode } from '@exhale/contract/languages';

/** What the bell needs of a notice to decide whether to translate it. */
export interface NoticeTexts {
  title: string;
  message: string;
  /** The language the API wrote it in (decision 065); null or absent when unknown. */
  language?: LanguageCode | null;
}

/**
 * Whether a notice goes through POST /translate for a reader of `readerLanguage`: only when it is
 * not already written in that language. Notices the API writes from its catalogues carry their
 * language; an operator's message, a reply and notices from before the language was recorded do
 * not, and are translated as before.
 */
export function needsTranslation(notice: NoticeTexts, readerLanguage: string): boolean {
  return notice.language == null || notice.language !== readerLanguage;
}

/** The titles and messages of the notices to translate for this reader. */
export function textsToTranslate(
  notices: readonly NoticeTexts[],
  readerLanguage: string,
): string[] {
  return notices
    .filter((notice) => needsTranslation(notice, readerLanguage))
    .flatMap((notice) => [notice.title, notice.message]);
}

/** A notice's title and message as the reader sees them. */
export function shownTexts(
  notice: NoticeTexts,
  readerLanguage: string,
  translate: (text: string) => string,
): { title: string; message: string } {
  if (!needsTranslation(notice, readerLanguage)) {
    return { title: notice.title, message: notice.message };
  }
  return { title: translate(notice.title), message: translate(notice.message) };
}

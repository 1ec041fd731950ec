import type { LanguageCode } from '@exhale/contract/languages';
import { textsFor } from '../../lib/texts/texts';
import { renderMail } from '../../providers/messaging/mail-layout';

interface NoticeText {
  title: string;
  message: string;
}

/**
 * The email copy of a bell notice, in the recipient's language (decision 065). The notice's own
 * title and message are passed in as the caller wrote them.
 */
export function notificationCopyMail(
  name: string,
  notice: NoticeText,
  language: LanguageCode = 'en',
) {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('notice.subject', { title: notice.title }),
      greeting: t('mail.greeting', { name }),
      paragraphs: [notice.message],
      note: t('notice.settingsNote'),
    },
    language,
  );
}

/** The WhatsApp copy: short, title first. */
export function notificationCopyWhatsapp(
  notice: NoticeText,
  language: LanguageCode = 'en',
): string {
  return textsFor(language)('notice.whatsapp', { title: notice.title, message: notice.message });
}

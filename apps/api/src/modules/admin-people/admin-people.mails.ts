import type { LanguageCode } from '@exhale/contract/languages';
import { textsFor } from '../../lib/texts/texts';
import { renderMail } from '../../providers/messaging/mail-layout';

/** An operator's answer to a question a user sent after a lesson. */
export function feedbackReplyMail(
  input: {
    name: string;
    lessonTitle: string;
    question: string;
    reply: string;
  },
  language: LanguageCode = 'en',
) {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('feedback.subject', { lesson: input.lessonTitle }),
      greeting: t('mail.greeting', { name: input.name }),
      paragraphs: [
        t('feedback.asked', { lesson: input.lessonTitle }),
        `"${input.question}"`,
        t('feedback.reply'),
        ...input.reply.split(/\r?\n/).filter((line) => line.trim() !== ''),
      ],
      note: t('feedback.note'),
    },
    language,
  );
}

/** A message an operator sends a user from the console (the operator's words, as written). */
export function operatorMessageMail(
  input: { name: string; title: string; message: string },
  language: LanguageCode = 'en',
) {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('operator.subject', { title: input.title }),
      greeting: t('mail.greeting', { name: input.name }),
      paragraphs: input.message.split(/\r?\n/).filter((line) => line.trim() !== ''),
    },
    language,
  );
}

import { brand } from '@exhale/contract/brand';
import { renderMail } from '../../providers/messaging/mail-layout';

/** An operator's answer to a question a user sent after a lesson. */
export function feedbackReplyMail(input: {
  name: string;
  lessonTitle: string;
  question: string;
  reply: string;
}) {
  return renderMail({
    subject: `${brand.name}: a reply to your question about "${input.lessonTitle}"`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `You asked after the lesson "${input.lessonTitle}":`,
      `"${input.question}"`,
      'Our reply:',
      ...input.reply.split(/\r?\n/).filter((line) => line.trim() !== ''),
    ],
    note: 'You can also read this reply in the notifications on your dashboard.',
  });
}

/** A message an operator sends a user from the console. */
export function operatorMessageMail(input: { name: string; title: string; message: string }) {
  return renderMail({
    subject: `${brand.name}: ${input.title}`,
    greeting: `Hello ${input.name},`,
    paragraphs: input.message.split(/\r?\n/).filter((line) => line.trim() !== ''),
  });
}

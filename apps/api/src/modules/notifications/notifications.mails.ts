import { brand } from '@exhale/contract/brand';
import { renderMail } from '../../providers/messaging/mail-layout';

interface NoticeText {
  title: string;
  message: string;
}

const SETTINGS_NOTE = `You get this because your ${brand.name} notification settings allow it. You can turn it off under Notifications in the app.`;

/** The email copy of a bell notice. */
export function notificationCopyMail(name: string, notice: NoticeText) {
  return renderMail({
    subject: `${notice.title} - ${brand.name}`,
    greeting: `Hello ${name},`,
    paragraphs: [notice.message],
    note: SETTINGS_NOTE,
  });
}

/** The WhatsApp copy: short, title first. */
export function notificationCopyWhatsapp(notice: NoticeText): string {
  return `${brand.name}: ${notice.title}. ${notice.message}`;
}

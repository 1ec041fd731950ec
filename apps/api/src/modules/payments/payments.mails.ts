import { istParts } from '@exhale/contract/ist';
import { intlLocale, type LanguageCode } from '@exhale/contract/languages';
import { formatRupees } from '@exhale/contract/money';
import { refundLastDayLabel } from '@exhale/contract/refund-window';
import { textsFor } from '../../lib/texts/texts';
import { renderMail } from '../../providers/messaging/mail-layout';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** '2 Mar 2026' in IST. */
export function istDateLabel(date: Date): string {
  const p = istParts(date);
  return `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** 'Mon, 2 Mar 2026, 7:00 PM IST': mails are read in India, so times are written in IST. */
export function istDateTimeLabel(date: Date): string {
  const p = istParts(date);
  const hour12 = p.hours % 12 === 0 ? 12 : p.hours % 12;
  const minutes = String(p.minutes).padStart(2, '0');
  return `${WEEKDAYS[p.weekday]}, ${istDateLabel(date)}, ${hour12}:${minutes} ${p.hours < 12 ? 'AM' : 'PM'} IST`;
}

/** A date and time in IST, written the recipient's way (English keeps its own format above). */
export function whenLabel(date: Date, language: LanguageCode): string {
  if (language === 'en') return istDateTimeLabel(date);
  const written = new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(date);
  return `${written} IST`;
}

/** The last day a refund can be asked for, in the recipient's language. */
function lastDayLabel(closesAt: Date, language: LanguageCode): string {
  if (language === 'en') return refundLastDayLabel(closesAt);
  return new Intl.DateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(closesAt.getTime() - 1));
}

export function planReceiptMail(
  input: {
    name: string;
    planName: string;
    totalPaise: number;
    invoiceNumber: string;
    refundableUntil: Date;
  },
  language: LanguageCode = 'en',
) {
  const t = textsFor(language);
  const plan = input.planName;
  const invoice = input.invoiceNumber;
  return renderMail(
    {
      subject: t('receipt.subject', { plan, invoice }),
      greeting: t('mail.greeting', { name: input.name }),
      paragraphs: [
        t('receipt.thanks', { plan, amount: formatRupees(input.totalPaise) }),
        t('receipt.starts'),
        t('receipt.invoice', { invoice }),
      ],
      note: t('receipt.note', { date: lastDayLabel(input.refundableUntil, language) }),
    },
    language,
  );
}

export function liveSessionEnrolmentMail(
  input: {
    name: string;
    title: string;
    host: string;
    sessionDate: Date;
    joiningDetails: string;
    totalPaise: number;
    invoiceNumber: string | null;
  },
  language: LanguageCode = 'en',
) {
  const t = textsFor(language);
  const details = input.joiningDetails.trim()
    ? input.joiningDetails.trim().split(/\r?\n/)
    : [t('liveSession.linkLater')];
  return renderMail(
    {
      subject: t('liveSession.subject', { title: input.title }),
      greeting: t('mail.greeting', { name: input.name }),
      paragraphs: [
        t('liveSession.registered', {
          title: input.title,
          host: input.host,
          when: whenLabel(input.sessionDate, language),
        }),
        t('liveSession.howToJoin'),
        ...details,
        t('liveSession.calendar'),
        ...(input.invoiceNumber
          ? [
              t('liveSession.paid', {
                amount: formatRupees(input.totalPaise),
                invoice: input.invoiceNumber,
              }),
            ]
          : []),
      ],
      note: t('liveSession.note'),
    },
    language,
  );
}

export function refundApprovedMail(
  input: {
    name: string;
    planName: string;
    amountPaise: number;
    /** The GST credit note attached to the mail, when money was paid. */
    creditNoteNumber?: string;
  },
  language: LanguageCode = 'en',
) {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('refundApproved.subject'),
      greeting: t('mail.greeting', { name: input.name }),
      paragraphs: [
        t('refundApproved.body', {
          amount: formatRupees(input.amountPaise),
          plan: input.planName,
        }),
        t('refundApproved.freePlan'),
        ...(input.creditNoteNumber
          ? [t('refundApproved.creditNote', { number: input.creditNoteNumber })]
          : []),
      ],
    },
    language,
  );
}

export function refundRejectedMail(
  input: { name: string; planName: string; reason: string },
  language: LanguageCode = 'en',
) {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('refundRejected.subject'),
      greeting: t('mail.greeting', { name: input.name }),
      paragraphs: [
        t('refundRejected.body', { plan: input.planName }),
        t('refundRejected.reason', { reason: input.reason }),
        t('refundRejected.stillPremium'),
      ],
    },
    language,
  );
}

/**
 * A capture that granted nothing (a second payment for what the member already had) is being
 * refunded automatically (decision 037). No invoice was issued for it.
 */
export function duplicatePaymentMail(
  input: { name: string; what: string; amountPaise: number },
  language: LanguageCode = 'en',
) {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('duplicate.subject'),
      greeting: t('mail.greeting', { name: input.name }),
      paragraphs: [
        t('duplicate.body', { amount: formatRupees(input.amountPaise), what: input.what }),
        t('duplicate.refunding'),
        t('duplicate.nothingToDo'),
      ],
    },
    language,
  );
}

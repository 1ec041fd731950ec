import { brand } from '@exhale/contract/brand';
import { istParts } from '@exhale/contract/ist';
import { formatRupees } from '@exhale/contract/money';
import { refundLastDayLabel } from '@exhale/contract/refund-window';
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

export function planReceiptMail(input: {
  name: string;
  planName: string;
  totalPaise: number;
  invoiceNumber: string;
  refundableUntil: Date;
}) {
  return renderMail({
    subject: `${brand.name} receipt: ${input.planName} (invoice ${input.invoiceNumber})`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `Thank you for buying the ${input.planName}. We received your payment of ${formatRupees(input.totalPaise)} (GST included).`,
      'Your premium programme starts today: the lessons of day 1 are unlocked on your dashboard.',
      `Your GST tax invoice ${input.invoiceNumber} is attached to this mail.`,
    ],
    note: `Changed your mind? You can ask for a refund from the Plans page until ${refundLastDayLabel(input.refundableUntil)}.`,
  });
}

export function liveSessionEnrolmentMail(input: {
  name: string;
  title: string;
  host: string;
  sessionDate: Date;
  joiningDetails: string;
  totalPaise: number;
  invoiceNumber: string | null;
}) {
  const details = input.joiningDetails.trim()
    ? input.joiningDetails.trim().split(/\r?\n/)
    : ['The joining link will be mailed to you before the session starts.'];
  return renderMail({
    subject: `You are registered: ${input.title}`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `You are registered for "${input.title}" with ${input.host} on ${istDateTimeLabel(input.sessionDate)}.`,
      'How to join:',
      ...details,
      'The attached calendar file adds the session to your calendar.',
      ...(input.invoiceNumber
        ? [
            `We received your payment of ${formatRupees(input.totalPaise)} (GST included); invoice ${input.invoiceNumber} is attached.`,
          ]
        : []),
    ],
    note: 'Please keep the joining details to yourself: they are for registered participants only.',
  });
}

export function refundApprovedMail(input: {
  name: string;
  planName: string;
  amountPaise: number;
  /** The GST credit note attached to the mail, when money was paid. */
  creditNoteNumber?: string;
}) {
  return renderMail({
    subject: `Your ${brand.name} refund is approved`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `Your refund of ${formatRupees(input.amountPaise)} for the ${input.planName} is approved. The money goes back to the account you paid from, usually within 5 to 7 business days.`,
      'Your account is now on the free plan. Your progress is kept.',
      ...(input.creditNoteNumber
        ? [`Your GST credit note ${input.creditNoteNumber} is attached to this mail.`]
        : []),
    ],
  });
}

export function refundRejectedMail(input: { name: string; planName: string; reason: string }) {
  return renderMail({
    subject: `About your ${brand.name} refund request`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `We could not approve the refund of your ${input.planName}.`,
      `Reason: ${input.reason}`,
      'Your premium plan stays active.',
    ],
  });
}

/**
 * A capture that granted nothing (a second payment for what the member already had) is being
 * refunded automatically (decision 037). No invoice was issued for it.
 */
export function duplicatePaymentMail(input: { name: string; what: string; amountPaise: number }) {
  return renderMail({
    subject: `${brand.name}: we are refunding a duplicate payment`,
    greeting: `Hello ${input.name},`,
    paragraphs: [
      `We received a second payment of ${formatRupees(input.amountPaise)} for ${input.what}, which you already had.`,
      'Nobody should pay twice, so we are refunding it automatically. The money goes back to the account you paid from, usually within 5 to 7 business days.',
      'What you bought with your first payment stays as it is. There is nothing you need to do.',
    ],
  });
}

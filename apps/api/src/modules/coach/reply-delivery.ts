import type { CoachChannel } from '@exhale/contract/coach';
import { WHATSAPP_WINDOW_MS } from '../../providers/messaging/meta-whatsapp-sender';

/**
 * How a coach's reply reaches the member besides the app's thread (decision 089):
 * - `whatsapp` `text`: the reply itself, inside the 24 hours after their last WhatsApp message;
 * - `whatsapp` / `sms` `template`: 'Your coach replied' with a link (WhatsApp outside the window
 *   and Indian SMS deliver only registered templates);
 * - `push`: a notification to the member's browsers;
 * - `app`: nowhere else; the thread and the bell show it.
 */
export type ReplyDelivery =
  | { channel: 'whatsapp'; form: 'text' | 'template' }
  | { channel: 'sms'; form: 'template' }
  | { channel: 'push' }
  | { channel: 'app' };

export interface ReplyRecipient {
  /** Where the member last wrote from; null before their first message. */
  lastChannel: CoachChannel | null;
  /** Their verified WhatsApp number, if any. */
  whatsappNumber: string | null;
  /** When that number last wrote to us on WhatsApp. */
  lastWhatsappAt: Date | null;
  /** Their mobile number, only when verified (decision 078). */
  verifiedMobile: string | null;
  /** How many of their browsers accepted notifications. */
  pushSubscriptions: number;
}

/**
 * The channel the member last wrote from, when we can still reach them there; push for members
 * who write from the app and turned notifications on; otherwise the app alone.
 */
export function chooseReplyDelivery(recipient: ReplyRecipient, now: Date): ReplyDelivery {
  if (recipient.lastChannel === 'whatsapp' && recipient.whatsappNumber) {
    const inWindow =
      recipient.lastWhatsappAt !== null &&
      now.getTime() - recipient.lastWhatsappAt.getTime() < WHATSAPP_WINDOW_MS;
    return { channel: 'whatsapp', form: inWindow ? 'text' : 'template' };
  }
  if (recipient.lastChannel === 'sms' && recipient.verifiedMobile) {
    return { channel: 'sms', form: 'template' };
  }
  if (recipient.pushSubscriptions > 0) return { channel: 'push' };
  return { channel: 'app' };
}

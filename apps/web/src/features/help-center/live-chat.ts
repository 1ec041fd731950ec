import { brand } from '@exhale/contract/brand';

/**
 * Live chat is a WhatsApp conversation with the support line (decision 023). The number is the
 * support phone from brand.ts, in the digits-only international form wa.me expects.
 */
export const SUPPORT_WHATSAPP_NUMBER = brand.support.phoneHref.replace(/\D/g, '');

/** https://wa.me/<number>?text=<greeting>: opens WhatsApp (app or web) with the greeting typed. */
export function liveChatUrl(greeting: string): string {
  return `https://wa.me/${SUPPORT_WHATSAPP_NUMBER}?text=${encodeURIComponent(greeting)}`;
}

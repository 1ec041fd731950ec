import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import { GST_PERCENT } from '@exhale/contract/money';
import { REFUND_WINDOW_BUSINESS_DAYS } from '@exhale/contract/refund-window';

/** When the terms and the privacy policy last changed. Update it with every change to either. */
export const LEGAL_UPDATED_ON = new Date(Date.UTC(2026, 10, 22));

/** Minimum age for an account of one's own (spec §1, §5). */
export const MINIMUM_AGE = 18;

/**
 * The business facts the legal texts quote, so a new address, e-mail or refund window is changed
 * in one place (brand.ts and the contract) instead of in 36 translated sections.
 */
export function useLegalFacts() {
  const { i18n } = useTranslation();
  const { support, office } = brand;
  return {
    name: brand.name,
    company: brand.legalName,
    email: support.email,
    phone: support.phone,
    city: office.city,
    state: office.state,
    address: `${office.line1}, ${office.locality}, ${office.city} ${office.postalCode}, ${office.state}, ${office.country}`,
    opens: support.hours.opens,
    closes: support.hours.closes,
    timeZone: support.hours.timeZone,
    refundDays: REFUND_WINDOW_BUSINESS_DAYS,
    gst: GST_PERCENT,
    minAge: MINIMUM_AGE,
    date: new Intl.DateTimeFormat(`${i18n.language}-IN`, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(LEGAL_UPDATED_ON),
  };
}

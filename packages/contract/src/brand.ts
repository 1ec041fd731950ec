/**
 * Facts about the business that appear on screens, in e-mails and in the API's checkout options.
 * Kept in one object so a rebrand or a new office is a one-file change. User-facing sentences are
 * built from these facts by each app's translations; only the facts live here.
 */
export const brand = {
  name: 'Exhale',
  tagline: 'Quit smoking for good, one breath at a time.',
  /** Title used on the public quiz registration screen. */
  quizName: 'Exhale Quiz',
  legalName: 'Exhale Wellness Private Limited',
  /** Brand colour for the browser chrome and the payment checkout widget. */
  themeColor: '#0f766e',
  support: {
    email: 'support@exhale.example',
    phone: '+91 80 4567 8900',
    /** Digits only, for tel: links. */
    phoneHref: 'tel:+918045678900',
    hours: {
      days: 'Monday to Friday',
      opens: '10:00',
      closes: '18:00',
      timeZone: 'IST',
      weekends: 'closed',
      chat: '24/7',
    },
  },
  office: {
    line1: '4th Floor, 27 Residency Road',
    locality: 'Shanthala Nagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560025',
    country: 'India',
  },
  social: {
    linkedin: 'https://www.linkedin.com/company/exhale-quit-smoking',
    youtube: 'https://www.youtube.com/@exhale-quit-smoking',
    facebook: 'https://www.facebook.com/exhale.quitsmoking',
    instagram: 'https://www.instagram.com/exhale.quitsmoking',
  },
  appStore: {
    googlePlay: 'https://play.google.com/store/apps/details?id=example.exhale.app',
  },
} as const;

export type Brand = typeof brand;

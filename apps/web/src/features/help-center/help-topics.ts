export const HELP_CENTER_PATH = '/help-center';

/**
 * The five help-center articles and their paths (spec §2 route table). The pricing path really
 * contains '&': the router matches it as written, and '%26' decodes to the same page.
 */
export const helpTopics = {
  getStart: { path: '/help-center/get-start' },
  faq: { path: '/help-center/frequently-asked-questions' },
  pricing: { path: '/help-center/pricing-&-payment' },
  support: { path: '/help-center/technical-support' },
  contact: { path: '/help-center/contact-us' },
} as const;

export type HelpTopic = keyof typeof helpTopics;

/** Grid order on /help-center. */
export const helpTopicOrder: readonly HelpTopic[] = [
  'getStart',
  'faq',
  'pricing',
  'support',
  'contact',
];

// What editors' HTML (live-session descriptions, blogs, news) may contain. The API sanitises on
// write and the web sanitises again on render (ARCHITECTURE §5); both read this one allow-list, so
// the page never drops what the server kept, nor shows what it refused.

/** The only elements kept; anything else is unwrapped to its text. */
export const RICH_TEXT_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'em',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'u',
  'ul',
] as const;

/** The only attribute kept, on links only. */
export const RICH_TEXT_ATTRIBUTES = ['href'] as const;

/**
 * A link may go to http(s), mailto, a path on this site or an anchor; never javascript:, data:,
 * vbscript: or a protocol-relative `//host`. Test it on the value with control characters and
 * whitespace removed: browsers ignore them inside a scheme ("java\tscript:").
 */
export const RICH_TEXT_HREF = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

/** Links leave the app in a new tab and pass no referrer or window handle to the site. */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';

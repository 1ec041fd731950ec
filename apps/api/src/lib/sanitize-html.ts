import { RICH_TEXT_HREF, RICH_TEXT_LINK_REL, RICH_TEXT_TAGS } from '@exhale/contract/rich-text';
import sanitize from 'sanitize-html';

// Editors' HTML (live-session descriptions, blogs and news) is sanitised on write with the
// contract's allow-list (ARCHITECTURE §5), by the `sanitize-html` package: only allow-listed
// tags are written, with no attribute but a link's checked `href` (and the `rel` and `target`
// every link gets), and every text and attribute value is escaped again.

/** Elements whose content is code or foreign markup, dropped with the text inside them. */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'title',
  'head',
];

function safeHref(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, '');
  return RICH_TEXT_HREF.test(compact) ? value.trim() : undefined;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  // The contract's RICH_TEXT_HREF decides (in transformTags); these only agree with it.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  transformTags: {
    a: (tagName, attribs): sanitize.Tag => {
      const href = attribs.href === undefined ? undefined : safeHref(attribs.href);
      const kept: sanitize.Attributes = href
        ? { href, rel: RICH_TEXT_LINK_REL, target: '_blank' }
        : {};
      return { tagName, attribs: kept };
    },
  },
};

export function sanitizeHtml(input: string): string {
  // The package writes void elements as `<br />`; the HTML they become is the same as `<br>`.
  return sanitize(input, OPTIONS).replace(/<(br|hr) \/>/g, '<$1>');
}

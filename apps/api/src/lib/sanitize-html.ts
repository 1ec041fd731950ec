import { RICH_TEXT_HREF, RICH_TEXT_LINK_REL, RICH_TEXT_TAGS } from '@exhale/contract/rich-text';
import { Parser } from 'htmlparser2';
import { escapeHtml } from './html';

// Editors' HTML (live-session descriptions, blogs and news) is sanitised on write with the
// contract's allow-list (ARCHITECTURE §5). The output is rebuilt from parser events rather than
// filtered in place: only allow-listed tags and attributes are ever written, every text and
// attribute value is escaped again, so nothing the parser tolerates can slip through as markup.

const ALLOWED_TAGS: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);

const VOID_TAGS = new Set(['br', 'hr']);

/** Elements whose content is code or foreign markup, dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'svg',
  'math',
  'title',
  'head',
]);

function safeHref(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, '');
  return RICH_TEXT_HREF.test(compact) ? value.trim() : undefined;
}

export function sanitizeHtml(input: string): string {
  let out = '';
  const open: string[] = [];
  let dropping = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropping > 0 || DROP_WITH_CONTENT.has(name)) {
          if (!VOID_TAGS.has(name)) dropping += 1;
          return;
        }
        if (!ALLOWED_TAGS.has(name)) return;
        if (name === 'a') {
          const href = attributes.href === undefined ? undefined : safeHref(attributes.href);
          out += href
            ? `<a href="${escapeHtml(href)}" rel="${RICH_TEXT_LINK_REL}" target="_blank">`
            : '<a>';
        } else {
          out += `<${name}>`;
        }
        if (!VOID_TAGS.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropping === 0) out += escapeHtml(text);
      },
      onclosetag(name) {
        if (dropping > 0) {
          if (!VOID_TAGS.has(name)) dropping -= 1;
          return;
        }
        if (!ALLOWED_TAGS.has(name) || VOID_TAGS.has(name)) return;
        const at = open.lastIndexOf(name);
        if (at === -1) return;
        // Close anything left open inside it, so the output is always well nested.
        while (open.length > at) out += `</${open.pop()}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(input);
  parser.end();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

import { Parser } from 'htmlparser2';

const BLOCK_TAGS = new Set([
  'p',
  'br',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'pre',
  'hr',
  'ul',
  'ol',
]);
const SKIPPED_TAGS = new Set(['script', 'style', 'template']);

/** The readable text of an HTML fragment: tags dropped, entities decoded, blocks on new lines. */
export function htmlToText(html: string): string {
  let out = '';
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED_TAGS.has(name)) skipping += 1;
        else if (BLOCK_TAGS.has(name)) out += '\n';
      },
      ontext(text) {
        if (skipping === 0) out += text;
      },
      onclosetag(name) {
        if (SKIPPED_TAGS.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCK_TAGS.has(name)) out += '\n';
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return out
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * The first `maxLength` characters of the text on one line, cut at a word boundary with '…' when
 * there is more: a preview for cards, which clamp it further on screen.
 */
export function textExcerpt(html: string, maxLength = 280): string {
  const text = htmlToText(html).replace(/\n/g, ' ');
  const characters = Array.from(text);
  if (characters.length <= maxLength) return text;
  const cut = characters.slice(0, maxLength).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

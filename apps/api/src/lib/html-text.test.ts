import { describe, expect, it } from 'vitest';
import { htmlToText, textExcerpt } from './html-text';

describe('htmlToText', () => {
  it('drops tags, decodes entities and puts blocks on their own lines', () => {
    expect(
      htmlToText(
        '<p>Chai &amp; <strong>no</strong> cigarette</p><ul><li>one</li><li>two</li></ul>',
      ),
    ).toBe('Chai & no cigarette\none\ntwo');
  });

  it('never returns script or style content', () => {
    expect(htmlToText('<p>ok</p><script>alert(1)</script><style>p{}</style>')).toBe('ok');
  });
});

describe('textExcerpt', () => {
  it('keeps short text whole, on one line', () => {
    expect(textExcerpt('<p>Day one.</p><p>Day two.</p>')).toBe('Day one. Day two.');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const excerpt = textExcerpt(`<p>${'smoke free '.repeat(50)}</p>`, 40);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(41);
    expect(excerpt).not.toMatch(/\s…$/);
  });
});

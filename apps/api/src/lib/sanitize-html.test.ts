import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it.each([
    [
      'keeps simple formatting',
      '<p>Join <strong>us</strong> <em>live</em></p>',
      '<p>Join <strong>us</strong> <em>live</em></p>',
    ],
    ['drops scripts with their content', '<p>a</p><script>alert(1)</script>b', '<p>a</p>b'],
    ['drops event handlers and styles', '<p onclick="x()" style="color:red">hi</p>', '<p>hi</p>'],
    [
      'drops javascript: links but keeps the text',
      '<a href="javascript:alert(1)">x</a>',
      '<a>x</a>',
    ],
    ['drops obfuscated javascript: links', '<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    [
      'keeps https links and makes them safe to open',
      '<a href="https://example.com/?a=1&b=2">x</a>',
      '<a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    ],
    [
      'drops images and iframes',
      '<img src=x onerror=alert(1)><iframe src="//evil"></iframe>ok',
      'ok',
    ],
    [
      'escapes text that looks like markup',
      '1 &lt; 2 &amp; <b>3 > 2</b>',
      '1 &lt; 2 &amp; <b>3 &gt; 2</b>',
    ],
    ['closes what the editor left open', '<ul><li>one<li>two', '<ul><li>one</li><li>two</li></ul>'],
    ['drops unknown tags but keeps their text', '<custom-el>text</custom-el>', 'text'],
    ['drops svg payloads entirely', '<svg><script>alert(1)</script></svg>after', 'after'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

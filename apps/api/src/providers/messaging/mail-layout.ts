import { brand } from '@exhale/contract/brand';
import type { LanguageCode } from '@exhale/contract/languages';
import { escapeHtml } from '../../lib/html';
import { text as catalogueText } from '../../lib/texts/texts';

export interface MailContent {
  subject: string;
  /** First line of the mail. */
  greeting: string;
  paragraphs: string[];
  /** A one-time code shown large, so it is easy to read and copy. */
  code?: string;
  /** A button, with the link also written out for clients that strip buttons. */
  action?: { label: string; url: string };
  /** Small print under the body, e.g. "you can ignore this mail". */
  note?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Every mail looks the same: the brand name, a short body, at most one code or one button, and
 * the support address. Plain HTML with inline styles (mail clients ignore style sheets) beside an
 * equivalent text part.
 */
export function renderMail(content: MailContent, language: LanguageCode = 'en'): RenderedMail {
  const signature = catalogueText(language, 'mail.signature');
  const help = catalogueText(language, 'mail.help');

  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.note ? [content.note, ''] : []),
    signature,
    help,
  ].join('\n');

  const p = (body: string) => `<p style="margin:0 0 16px">${body}</p>`;
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<div style="font-size:22px;font-weight:bold;color:${brand.themeColor};margin-bottom:24px">${escapeHtml(brand.name)}</div>
${p(escapeHtml(content.greeting))}
${content.paragraphs.map((para) => p(escapeHtml(para))).join('\n')}
${content.code ? `<div style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:8px 0 24px">${escapeHtml(content.code)}</div>` : ''}
${
  content.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:${brand.themeColor};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
${p(`${escapeHtml(catalogueText(language, 'mail.openLink'))} <a href="${escapeHtml(content.action.url)}" style="color:${brand.themeColor};word-break:break-all">${escapeHtml(content.action.url)}</a>`)}`
    : ''
}
${content.note ? `<p style="margin:0 0 16px;font-size:14px;color:#52606d">${escapeHtml(content.note)}</p>` : ''}
${p(escapeHtml(signature))}
<p style="margin:24px 0 0;font-size:13px;color:#7b8794">${escapeHtml(help)}</p>
</div>
</body>
</html>
`;
  return { subject: content.subject, text, html };
}

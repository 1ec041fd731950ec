import { brand } from '@exhale/contract/brand';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxMessageRow } from '../../db/schema/outbox';
import { escapeHtml } from '../../lib/html';
import { outboxRepositories } from './outbox.module';

const LATEST = 50;

const outboxQuery = z.object({ to: z.string().trim().min(1).max(320).optional() });

const outboxListSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(['email', 'sms', 'whatsapp', 'push']),
      recipient: z.string(),
      subject: z.string().nullable(),
      text: z.string(),
      status: z.enum(['pending', 'sent', 'failed']),
      created_at: z.string(),
    }),
  ),
});

/**
 * 'Reply as this member': posts what the member would text back to /dev/outbox/reply, which signs
 * it as a gateway does and hands it to the real inbound route (modules/messaging).
 */
function replyBox(m: OutboxMessageRow): string {
  const id = `reply-${m.id}`;
  return `<form class="reply" method="post" action="/dev/outbox/reply">
<input type="hidden" name="from" value="${escapeHtml(m.recipient)}">
<input type="hidden" name="channel" value="${escapeHtml(m.channel)}">
<label for="${id}">Reply as this member</label>
<input id="${id}" name="text" required maxlength="2000" placeholder="CRAVE, SLIP, STOP, START, मदद…">
<button type="submit">Send reply</button>
</form>`;
}

function page(rows: OutboxMessageRow[], to: string | undefined): string {
  const items = rows
    .map(
      (m) => `<article>
<header><time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>
<span class="tag">${escapeHtml(m.channel)}</span><span class="tag">${escapeHtml(m.status)}</span>
<strong>${escapeHtml(m.recipient)}</strong></header>
${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}
${m.text ? `<pre>${escapeHtml(m.text)}</pre>` : '<p class="gone">Content removed once delivered (decision 039).</p>'}
${m.lastError ? `<p class="error">Last error: ${escapeHtml(m.lastError)}</p>` : ''}
${m.channel === 'email' || m.channel === 'push' ? '' : replyBox(m)}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(brand.name)} outbox</title>
<style>
body{font-family:system-ui,Arial,sans-serif;margin:0;padding:24px;background:#f4f6f5;color:#1f2933}
main{max-width:860px;margin:0 auto}
h1{font-size:22px;color:${brand.themeColor}}
article{background:#fff;border-radius:8px;padding:16px 20px;margin:0 0 12px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
header{display:flex;gap:10px;align-items:center;flex-wrap:wrap;font-size:14px;color:#52606d}
header strong{color:#1f2933}
.tag{background:#e6f4f1;color:${brand.themeColor};border-radius:4px;padding:1px 8px;font-size:12px}
h2{font-size:16px;margin:10px 0 0}
pre{white-space:pre-wrap;word-break:break-word;font:15px/1.5 ui-monospace,Menlo,Consolas,monospace;margin:10px 0 0}
.error{color:#b42318;font-size:14px}
.gone{color:#52606d;font-style:italic;margin:10px 0 0}
.reply{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin:12px 0 0;font-size:14px}
.reply input[name=text]{flex:1;min-width:180px;padding:6px 8px;border:1px solid #9aa5b1;border-radius:4px}
.reply button{background:${brand.themeColor};color:#fff;border:0;border-radius:4px;padding:7px 12px}
</style>
</head>
<body><main>
<h1>${escapeHtml(brand.name)} outbox</h1>
<p>The latest ${LATEST} mails, SMS, WhatsApp and push messages${to ? ` to <strong>${escapeHtml(to)}</strong>` : ''}, newest first. Only outside production. JSON: <a href="/dev/outbox.json">/dev/outbox.json</a>.</p>
${items || '<p>No messages yet.</p>'}
</main></body>
</html>
`;
}

/**
 * The local stand-in for a mailbox and a phone: what the app "sent" is readable here, with codes
 * and links, in development and test only (the e2e journeys read their codes here). A message a
 * real provider delivered shows without its content, which is removed on delivery. Left out of
 * the OpenAPI document.
 */
export async function devOutboxRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const repository = outboxRepositories(app.db).outbox;

  typed.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: outboxQuery } },
    async (request, reply) => {
      const rows = await repository.latest(LATEST, request.query.to);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(rows, request.query.to));
    },
  );

  typed.get(
    '/dev/outbox.json',
    { schema: { hide: true, querystring: outboxQuery, response: { 200: outboxListSchema } } },
    async (request, reply) => {
      const rows = await repository.latest(LATEST, request.query.to);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          text: m.text,
          status: m.status,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );
}

/** In production the paths exist only to say they do not (not the web app's shell). */
export async function devOutboxDisabledRoutes(app: FastifyInstance) {
  app.get('/dev/*', { schema: { hide: true } }, async (request, reply) =>
    reply.status(404).send({
      success: false,
      message: `No route for GET ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    }),
  );
}

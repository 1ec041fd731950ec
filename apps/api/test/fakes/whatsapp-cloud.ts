import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, startJsonHttpFake } from './json-http-fake';

/**
 * A local stand-in for the WhatsApp Business Cloud API's send endpoint,
 * `POST /v21.0/{phone-number-id}/messages`, strict about what the real one checks: the bearer
 * token, `messaging_product: "whatsapp"`, a `to` with its country code, and a `text` or
 * `template` body that matches its `type`. It answers like Meta (`messages[0].id` a wamid, or an
 * `error` with Meta's code) and can be told to refuse the next sends with a given error.
 */
export interface FakeWhatsAppCloud {
  /** The Graph base URL the app is configured with (`…/v21.0`). */
  url: string;
  phoneNumberId: string;
  accessToken: string;
  requests: {
    path: string;
    authorization: string | undefined;
    contentType: string | undefined;
    body: Record<string, unknown>;
    /** The wamid answered, when the send was accepted. */
    id?: string;
  }[];
  /** Refuses the next send of this `type` with Meta's error code (HTTP 400). */
  failNext(type: 'text' | 'template', code: number, message: string): void;
  close(): Promise<void>;
}

function oauthError(res: ServerResponse, status: number, code: number, message: string) {
  sendJson(res, status, {
    error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('hex') },
  });
}

export async function startFakeWhatsAppCloud(): Promise<FakeWhatsAppCloud> {
  const phoneNumberId = '106540352242922';
  const accessToken = `EAAG${randomBytes(12).toString('hex')}`;
  const requests: FakeWhatsAppCloud['requests'] = [];
  const failures: { type: string; code: number; message: string }[] = [];

  const server = await startJsonHttpFake(
    (req, body, res) => {
      const entry = {
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      } as FakeWhatsAppCloud['requests'][number];
      requests.push(entry);
      if (req.method !== 'POST' || req.url !== `/v21.0/${phoneNumberId}/messages`) {
        oauthError(res, 404, 100, 'Unsupported post request');
        return;
      }
      if (req.headers.authorization !== `Bearer ${accessToken}`) {
        oauthError(res, 401, 190, 'Invalid OAuth access token');
        return;
      }
      if (body.messaging_product !== 'whatsapp') {
        oauthError(res, 400, 100, 'The parameter messaging_product is required.');
        return;
      }
      if (typeof body.to !== 'string' || !/^91\d{10}$/.test(body.to)) {
        oauthError(res, 400, 131009, 'Parameter value is not valid');
        return;
      }
      const text = body.text as { body?: unknown } | undefined;
      const template = body.template as
        { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
      const valid =
        (body.type === 'text' && typeof text?.body === 'string' && text.body.length > 0) ||
        (body.type === 'template' &&
          typeof template?.name === 'string' &&
          typeof template.language?.code === 'string' &&
          Array.isArray(template.components));
      if (!valid) {
        oauthError(res, 400, 131008, 'Required parameter is missing');
        return;
      }
      const failure = failures.findIndex((f) => f.type === body.type);
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        oauthError(res, 400, f!.code, f!.message);
        return;
      }
      entry.id = `wamid.${randomBytes(16).toString('base64url')}`;
      sendJson(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: entry.id }],
      });
    },
    (res) => oauthError(res, 400, 100, 'Invalid JSON'),
  );
  return {
    url: `${server.origin}/v21.0`,
    phoneNumberId,
    accessToken,
    requests,
    failNext(type, code, message) {
      failures.push({ type, code, message });
    },
    close: server.close,
  };
}

import { randomBytes } from 'node:crypto';
import { sendJson, startJsonHttpFake } from './json-http-fake';

/**
 * A local stand-in for MSG91's Flow API, `POST /api/v5/flow/`, strict about what the real one
 * checks: the `authkey` header, a known `template_id`, and recipients whose `mobiles` carry the
 * country code. It answers like MSG91 (`{type: "success", message: <request id>}`, or
 * `{type: "error", message}`) and can be told to refuse the next send.
 */
export interface FakeMsg91 {
  url: string;
  authKey: string;
  requests: {
    path: string;
    authkey: string | undefined;
    contentType: string | undefined;
    body: Record<string, unknown>;
    requestId?: string;
  }[];
  /** Template ids the account has (each bound to a DLT template). */
  templates: Set<string>;
  failNext(message: string): void;
  close(): Promise<void>;
}

export async function startFakeMsg91(templates: string[]): Promise<FakeMsg91> {
  const authKey = `${randomBytes(10).toString('hex')}T1`;
  const requests: FakeMsg91['requests'] = [];
  const failures: string[] = [];
  const known = new Set(templates);

  const server = await startJsonHttpFake(
    (req, body, res) => {
      const entry: FakeMsg91['requests'][number] = {
        path: req.url ?? '',
        authkey: req.headers.authkey as string | undefined,
        contentType: req.headers['content-type'],
        body,
      };
      requests.push(entry);
      if (req.method !== 'POST' || req.url !== '/api/v5/flow/') {
        sendJson(res, 404, { type: 'error', message: 'Not found' });
        return;
      }
      if (req.headers.authkey !== authKey) {
        sendJson(res, 401, { type: 'error', message: 'Authentication failure', code: '401' });
        return;
      }
      const recipients = body.recipients as { mobiles?: unknown }[] | undefined;
      if (typeof body.template_id !== 'string' || !known.has(body.template_id)) {
        // MSG91 answers some refusals with 200 and an error type.
        sendJson(res, 200, { type: 'error', message: 'Invalid template id' });
        return;
      }
      if (
        !Array.isArray(recipients) ||
        recipients.length === 0 ||
        !recipients.every((r) => typeof r.mobiles === 'string' && /^91\d{10}$/.test(r.mobiles))
      ) {
        sendJson(res, 200, { type: 'error', message: 'Mobile number not found' });
        return;
      }
      const failure = failures.shift();
      if (failure) {
        sendJson(res, 200, { type: 'error', message: failure });
        return;
      }
      entry.requestId = randomBytes(12).toString('hex');
      sendJson(res, 200, { type: 'success', message: entry.requestId });
    },
    (res) => sendJson(res, 400, { type: 'error', message: 'Invalid JSON' }),
  );
  return {
    url: server.origin,
    authKey,
    requests,
    templates: known,
    failNext(message) {
      failures.push(message);
    },
    close: server.close,
  };
}

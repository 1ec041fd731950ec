import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { generate } from 'selfsigned';

/** What a push service received: the request as sent and the payload as the browser reads it. */
export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of a subscription: the keys it gives the server and the ones it keeps. */
export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
  /** The JSON the server encrypted for this browser. */
  read(request: PushRequest): unknown;
}

/**
 * A local push service over HTTPS with a self-signed certificate for 127.0.0.1 and localhost:
 * it records each request and answers 201, or the status a test sets for one path.
 */
export async function startFakePushService(options: { record?: boolean } = {}) {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  let received = 0;
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received += 1;
      if (options.record !== false) {
        requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      }
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    origin,
    /** The certificate to trust (an https.Agent's `ca`, or NODE_EXTRA_CA_CERTS). */
    ca: pems.cert,
    requests,
    received: () => received,
    /** Answers `status` to every push for this browser from now on. */
    answer(browser: FakeBrowser, status: number) {
      statuses.set(new URL(browser.endpoint).pathname, status);
    },
    browser(host = origin): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${host}/push/${(next += 1)}-${randomBytes(6).toString('hex')}`;
      return {
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
        ecdh,
        authSecret,
        read: (request) =>
          JSON.parse(
            decrypt(request.body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString(
              'utf8',
            ),
          ) as unknown,
      };
    },
    /** The requests that reached one browser's endpoint. */
    to(browser: FakeBrowser): PushRequest[] {
      const path = new URL(browser.endpoint).pathname;
      return requests.filter((request) => request.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;

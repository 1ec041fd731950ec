import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, freshMember, openApp, test } from '../fixtures';

// Issue 44, 'Notifications on this phone' end to end in Chromium. Headless Chromium cannot reach
// a real push service, so the test stands in for it: the browser's subscription names a local
// HTTPS push service (its certificate trusted by the server through NODE_EXTRA_CA_CERTS, see
// playwright.config.ts), the server encrypts and posts the push there as it would to FCM, the
// test decrypts it with the browser's keys (RFC 8291) and hands the payload to the service
// worker through the DevTools protocol, which then shows the notification.

test.use({ serviceWorkers: 'allow' });

/** The one request the local push service received. */
interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function startPushService(): Promise<{ server: Server; origin: string; next: Promise<Received> }> {
  const dir = process.env.E2E_PUSH_TLS_DIR;
  if (!dir) throw new Error('E2E_PUSH_TLS_DIR is set by playwright.config.ts');
  let deliver: (received: Received) => void = () => {};
  const next = new Promise<Received>((resolve) => (deliver = resolve));
  const server = createServer(
    {
      key: fs.readFileSync(path.join(dir, 'key.pem')),
      cert: fs.readFileSync(path.join(dir, 'cert.pem')),
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.statusCode = 201;
        res.end();
        deliver({ headers: req.headers, body: Buffer.concat(chunks) });
      });
    },
  );
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
        next,
      }),
    ),
  );
}

/** What the browser does with an aes128gcm push (RFC 8188, keys from RFC 8291). */
function decryptPush(
  body: Buffer,
  browser: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const secret = browser.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, browser.auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

test('a member turns on notifications and the server’s push shows and opens its page', async ({
  page,
  context,
  baseURL,
}) => {
  // Signing up, the service worker's install and a push round trip: more than the default 30 s
  // on a busy two-core machine.
  test.setTimeout(90_000);
  const pushService = await startPushService();
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${pushService.origin}/push/e2e-${randomBytes(6).toString('hex')}`;
    await context.grantPermissions(['notifications'], { origin: baseURL! });
    // The browser's push service is the local one: the subscription Chromium would get from FCM
    // is replaced by one that names it, with keys the test keeps.
    await page.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const toBytes = (b64: string) =>
          Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
        let subscribed = sessionStorage.getItem('e2e-push') === '1';
        const subscription = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null as ArrayBuffer | null },
          getKey: (name: string) => toBytes(name === 'auth' ? auth : p256dh).buffer,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: () => {
            subscribed = false;
            sessionStorage.removeItem('e2e-push');
            return Promise.resolve(true);
          },
        };
        PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
          subscribed = true;
          sessionStorage.setItem('e2e-push', '1');
          const key = options?.applicationServerKey;
          subscription.options.applicationServerKey = key
            ? new Uint8Array(key as Uint8Array).slice().buffer
            : null;
          return Promise.resolve(subscription as unknown as PushSubscription);
        };
        PushManager.prototype.getSubscription = function () {
          return Promise.resolve(subscribed ? (subscription as unknown as PushSubscription) : null);
        };
      },
      {
        endpoint,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    );

    await freshMember(page);
    await openApp(page, '/notifications');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(page.getByText('Notifications are on for this phone.').first()).toBeVisible();
    await page.getByRole('button', { name: 'Send a test notification' }).click();

    // The server's push, as the push service received it: VAPID-signed and encrypted.
    const received = await pushService.next;
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(String(received.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    const payload = decryptPush(received.body, { ecdh, auth });
    expect(JSON.parse(payload)).toMatchObject({
      title: 'Notifications are on',
      url: '/notifications',
    });

    // The push service hands the payload to the browser; the service worker shows it.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL!));
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId: await registrationId,
      data: payload,
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              url: (n.data as { url?: string } | null)?.url,
            })),
          ),
        // The service worker wakes for the push: slow on a busy 2-core machine.
        { timeout: 15_000 },
      )
      .toEqual([
        {
          title: 'Notifications are on',
          body: 'This is how Exhale reaches this phone: your daily message, reminders and replies.',
          url: '/notifications',
        },
      ]);

    // A tap on it: no window shows the page, so the worker opens it. Chromium lets a worker open
    // a window only from a real tap on a system notification, which headless Chromium cannot
    // make, so the worker's own click handler runs on a dispatched click and the window it asks
    // for is recorded, then opened as the browser would.
    await openApp(page, '/dashboard');
    const [worker] = context.serviceWorkers();
    const opened = await worker!.evaluate(async () => {
      // The worker's globals (this file is typed for pages).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        clients: object;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      let asked = '';
      Object.defineProperty(scope.clients, 'openWindow', {
        value: (url: string) => {
          asked = url;
          return Promise.resolve(null);
        },
      });
      const click = new scope.NotificationEvent('notificationclick', {
        notification: notification!,
      });
      let work: Promise<unknown> = Promise.resolve();
      Object.defineProperty(click, 'waitUntil', { value: (p: Promise<unknown>) => (work = p) });
      scope.dispatchEvent(click);
      await work;
      const left = await scope.registration.getNotifications();
      return { asked, left: left.length };
    });
    expect(opened).toEqual({ asked: new URL('/notifications', baseURL).href, left: 0 });
    await page.goto(opened.asked);
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('button', { name: 'Send a test notification' })).toBeVisible();
  } finally {
    pushService.server.close();
  }
});

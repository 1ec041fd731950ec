import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/client';
import { OutboxRepository } from '../src/modules/outbox/outbox.repository';
import { createOutboxWorker, startOutboxWorker } from '../src/modules/outbox/outbox.module';
import { createMessageSenders } from '../src/providers/messaging/create-senders';
import type {
  MessageSender,
  MessageSenders,
  OutgoingMessage,
} from '../src/providers/messaging/messaging';
import { registerAccount } from './accounts';
import { ManualClock, createTestApp, testConfig } from './app';
import { testDatabase } from './database';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

async function clearOutbox() {
  const { pool } = await testDatabase();
  await pool.query('DELETE FROM outbox_messages');
}

async function rows() {
  const { pool } = await testDatabase();
  const result = await pool.query(
    'SELECT id, status, attempts, next_attempt_at, last_error, sent_at FROM outbox_messages ORDER BY created_at',
  );
  return result.rows as {
    id: string;
    status: string;
    attempts: number;
    next_attempt_at: Date;
    last_error: string | null;
    sent_at: Date | null;
  }[];
}

function sendersOf(sender: MessageSender): MessageSenders {
  return { email: sender, sms: sender, whatsapp: sender };
}

/** A sender that fails its first `failures` deliveries, then records the rest. */
function flakySender(failures: number) {
  const delivered: OutgoingMessage[] = [];
  let calls = 0;
  const sender: MessageSender = {
    name: 'flaky',
    async send(message) {
      calls += 1;
      if (calls <= failures) throw new Error(`provider down (${calls})`);
      delivered.push(message);
    },
  };
  return { sender, delivered };
}

function enqueue(to: string, text = 'hello') {
  return app.outbox.enqueue({ channel: 'email', to, subject: 'Hello', text });
}

describe('outbox worker', () => {
  beforeEach(clearOutbox);

  it('retries a failed delivery with exponential backoff, then marks it sent', async () => {
    await enqueue('retry@example.com');
    const clock = new ManualClock(Date.now() + 1_000);
    const { sender, delivered } = flakySender(2);
    const worker = createOutboxWorker(
      { db: app.db, senders: sendersOf(sender), log: app.log, clock },
      { baseDelayMs: 30_000, maxAttempts: 5 },
    );

    expect(await worker.drainOnce()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'provider down (1)' });
    expect(row!.next_attempt_at.getTime()).toBe(clock.now().getTime() + 30_000);

    expect(await worker.drainOnce()).toBe(0); // not due yet
    clock.advance(30_000);
    expect(await worker.drainOnce()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.next_attempt_at.getTime()).toBe(clock.now().getTime() + 60_000); // doubled

    clock.advance(59_000);
    expect(await worker.drainOnce()).toBe(0);
    clock.advance(1_000);
    expect(await worker.drainOnce()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(row!.sent_at).not.toBeNull();
    expect(delivered.map((m) => m.to)).toEqual(['retry@example.com']);
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    await enqueue('doomed@example.com');
    const clock = new ManualClock(Date.now() + 1_000);
    const { sender } = flakySender(Infinity);
    const worker = createOutboxWorker(
      { db: app.db, senders: sendersOf(sender), log: app.log, clock },
      { maxAttempts: 3, baseDelayMs: 1_000 },
    );
    for (let i = 0; i < 3; i += 1) {
      expect(await worker.drainOnce()).toBe(1);
      clock.advance(60_000);
    }
    expect(await worker.drainOnce()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'provider down (3)' });
  });

  it('never delivers one message twice with two workers on separate connections', async () => {
    const total = 60;
    for (let i = 0; i < total; i += 1) await enqueue(`bulk-${i}@example.com`, `message ${i}`);
    const { url } = await testDatabase();
    const poolA = createDatabase(url, { max: 3 });
    const poolB = createDatabase(url, { max: 3 });
    try {
      const deliveries: string[] = [];
      const perWorker = { a: 0, b: 0 };
      const slowSender = (name: 'a' | 'b'): MessageSender => ({
        name,
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          deliveries.push(message.to);
          perWorker[name] += 1;
        },
      });
      const a = createOutboxWorker(
        { db: poolA.db, senders: sendersOf(slowSender('a')), log: app.log },
        { batchSize: 5 },
      );
      const b = createOutboxWorker(
        { db: poolB.db, senders: sendersOf(slowSender('b')), log: app.log },
        { batchSize: 5 },
      );
      for (;;) {
        const claimed = await Promise.all([a.drainOnce(), b.drainOnce(), a.drainOnce()]);
        // A claim never exceeds its batch, even while the other worker is claiming.
        expect(Math.max(...claimed)).toBeLessThanOrEqual(5);
        if (claimed.every((n) => n === 0)) break;
      }
      expect(deliveries).toHaveLength(total);
      expect(new Set(deliveries).size).toBe(total);
      expect(perWorker.a).toBeGreaterThan(0);
      expect(perWorker.b).toBeGreaterThan(0);
      expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await poolA.close();
      await poolB.close();
    }
  });

  it('makes a new message due at once by the clock the worker reads', async () => {
    // The app's clock, not the database's, stamps when a message is due: a worker reading the
    // same instant (here a clock an hour behind the database) must find it.
    const clock = new ManualClock(Date.now() - 3_600_000);
    const behind = await createTestApp({}, { clock });
    await behind.outbox.enqueue({ channel: 'email', to: 'now@example.com', text: 'now' });
    const { sender, delivered } = flakySender(0);
    const worker = createOutboxWorker({
      db: behind.db,
      senders: sendersOf(sender),
      log: behind.log,
      clock,
    });
    expect(await worker.drainOnce()).toBe(1);
    expect(delivered.map((m) => m.to)).toEqual(['now@example.com']);
  });

  it('runs in the background and delivers at once when woken', async () => {
    const { sender, delivered } = flakySender(0);
    const background = await createTestApp();
    background.messageSenders.email = sender;
    // A poll far in the future: only deliverSoon() can explain a quick delivery.
    const running = startOutboxWorker(background, { pollIntervalMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // let its first (empty) poll pass
      await background.outbox.enqueueAndDeliverSoon({
        channel: 'email',
        to: 'soon@example.com',
        subject: 'Soon',
        text: 'soon',
      });
      const deadline = Date.now() + 5_000;
      while (delivered.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(delivered.map((m) => m.to)).toEqual(['soon@example.com']);
    } finally {
      await running.stop();
    }
  });
});

describe('SMTP provider', () => {
  it('delivers mail with its text and HTML parts to an SMTP server', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    try {
      const mailApp = await createTestApp({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Exhale <no-reply@exhale.example>',
      });
      const account = await registerAccount(mailApp);
      const worker = createOutboxWorker({
        db: mailApp.db,
        senders: mailApp.messageSenders,
        log: mailApp.log,
      });
      // Sign-up mails the address-confirmation link; this test is about the sign-in code after it.
      expect(await worker.drainOnce()).toBe(1);
      received.length = 0;
      await mailApp.inject({
        method: 'POST',
        url: '/api/auth/user/login',
        payload: { email: account.email },
      });
      expect(await worker.drainOnce()).toBe(1);
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('no-reply@exhale.example');
      expect(received[0]!.to).toEqual([account.email]);
      expect(received[0]!.raw).toMatch(/Subject: \d{6} is your Exhale sign-in code/);
      expect(received[0]!.raw).toContain('Content-Type: text/plain');
      expect(received[0]!.raw).toContain('Content-Type: text/html');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('HTTP SMS gateway provider', () => {
  it('posts the text with the bearer token and retries when the gateway fails', async () => {
    const requests: { authorization?: string; body: Record<string, string> }[] = [];
    let status = 503;
    const gateway = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    try {
      const smsApp = await createTestApp({
        SMS_PROVIDER: 'http',
        SMS_GATEWAY_URL: url,
        SMS_GATEWAY_TOKEN: 'gateway-secret',
      });
      const account = await registerAccount(smsApp);
      const clock = new ManualClock(Date.now() + 1_000);
      const worker = createOutboxWorker(
        { db: smsApp.db, senders: smsApp.messageSenders, log: smsApp.log, clock },
        { baseDelayMs: 1_000 },
      );
      // Sign-up's address-confirmation mail goes first (by the local mailbox, not the gateway).
      expect(await worker.drainOnce()).toBe(1);
      await smsApp.inject({
        method: 'POST',
        url: '/api/auth/user/login',
        payload: { mobile: account.mobile },
      });
      clock.advance(1_000);
      expect(await worker.drainOnce()).toBe(1);
      const [failed] = await new OutboxRepository(smsApp.db).latest(1);
      expect(failed).toMatchObject({ status: 'pending', lastError: 'sms gateway answered 503' });

      status = 200;
      clock.advance(1_000);
      expect(await worker.drainOnce()).toBe(1);
      expect(requests).toHaveLength(2);
      expect(requests[1]!.authorization).toBe('Bearer gateway-secret');
      expect(requests[1]!.body).toMatchObject({ channel: 'sms', to: account.mobile });
      expect(requests[1]!.body.text).toMatch(/^\d{6} is your Exhale sign-in code/);
      const [sent] = await new OutboxRepository(smsApp.db).latest(1);
      expect(sent!.status).toBe('sent');
    } finally {
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });
});

/** Every column of the outbox row that holds content, as stored. */
async function contentOf(id: string) {
  const { pool } = await testDatabase();
  const result = await pool.query(
    'SELECT channel, recipient, user_id, subject, text, html, attachments, status, sent_at FROM outbox_messages WHERE id = $1',
    [id],
  );
  return result.rows[0] as Record<string, unknown>;
}

/** A sign-in code mail with everything a real one carries: code in subject, text, HTML. */
function codeMail(to: string) {
  return app.outbox.enqueue({
    channel: 'email',
    to,
    subject: '481516 is your Exhale sign-in code',
    text: 'Your code is 481516. Reset: https://exhale.example/reset?token=SECRET-LINK',
    html: '<p>481516</p>',
    attachments: [{ filename: 'a.txt', contentType: 'text/plain', contentBase64: 'MTIz' }],
  });
}

describe('message content once it is no longer needed (decision 039)', () => {
  beforeEach(clearOutbox);

  it('removes the body of a delivered message and keeps what an audit needs', async () => {
    const id = await codeMail('delivered@example.com');
    const { sender, delivered } = flakySender(0);
    const worker = createOutboxWorker({ db: app.db, senders: sendersOf(sender), log: app.log });
    // Until delivered, the body is there to deliver (and readable in the local mailbox).
    expect((await contentOf(id)).text).toContain('481516');
    expect(await worker.drainOnce()).toBe(1);
    expect(delivered[0]!.text).toContain('481516'); // the provider got it all
    const row = await contentOf(id);
    expect(row).toMatchObject({
      channel: 'email',
      recipient: 'delivered@example.com',
      subject: '•••• is your Exhale sign-in code',
      text: '',
      html: null,
      attachments: null,
      status: 'sent',
    });
    expect(row.sent_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain('SECRET-LINK');
  });

  it('removes the body of a message given up for good', async () => {
    const id = await codeMail('never@example.com');
    const clock = new ManualClock(Date.now() + 1_000);
    const { sender } = flakySender(Infinity);
    const worker = createOutboxWorker(
      { db: app.db, senders: sendersOf(sender), log: app.log, clock },
      { maxAttempts: 1 },
    );
    expect(await worker.drainOnce()).toBe(1);
    expect(await contentOf(id)).toMatchObject({ status: 'failed', text: '', html: null });
  });

  it('keeps the body while the local mailbox is the delivery (development and test)', async () => {
    const id = await codeMail('local@example.com');
    const worker = createOutboxWorker({ db: app.db, senders: app.messageSenders, log: app.log });
    expect(await worker.drainOnce()).toBe(1);
    expect(await contentOf(id)).toMatchObject({ status: 'sent', html: '<p>481516</p>' });
    const [listed] = (await app.inject({ url: '/dev/outbox.json?to=local@example.com' })).json()
      .data;
    expect(listed.text).toContain('481516');
  });

  it('removes it with the local provider in production, and logs ids, never content', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const productionSenders = createMessageSenders(
      { ...testConfig(), NODE_ENV: 'production' },
      log,
    );
    const id = await codeMail('production@example.com');
    const worker = createOutboxWorker({ db: app.db, senders: productionSenders, log });
    expect(await worker.drainOnce()).toBe(1);
    expect(await contentOf(id)).toMatchObject({ status: 'sent', text: '', html: null });
    const logged = lines.join('');
    expect(logged).toContain(id);
    for (const secret of ['481516', 'production@example.com', 'SECRET-LINK']) {
      expect(logged).not.toContain(secret);
    }
  });
});

describe('/dev/outbox', () => {
  beforeEach(clearOutbox);

  it('lists the latest messages as escaped, readable HTML', async () => {
    await app.outbox.enqueue({
      channel: 'email',
      to: 'reader@example.com',
      subject: '<b>Your code</b>',
      text: 'Code 123456 <script>alert(1)</script>',
    });
    const res = await app.inject({ url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('reader@example.com');
    expect(res.body).toContain('Code 123456 &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('&lt;b&gt;Your code&lt;/b&gt;');
    expect(res.body).not.toContain('<script>alert');
  });

  it('serves JSON newest first, filtered by recipient', async () => {
    await enqueue('first@example.com', 'one');
    await enqueue('second@example.com', 'two');
    await enqueue('First@Example.com', 'three');
    const all = await app.inject({ url: '/dev/outbox.json' });
    expect(all.json().data.map((m: { text: string }) => m.text)).toEqual(['three', 'two', 'one']);
    const filtered = await app.inject({ url: '/dev/outbox.json?to=first@example.com' });
    const data = filtered.json().data;
    expect(data.map((m: { text: string }) => m.text)).toEqual(['three', 'one']);
    expect(Object.keys(data[0]).sort()).toEqual(
      ['channel', 'created_at', 'id', 'recipient', 'status', 'subject', 'text'].sort(),
    );
  });

  it('stays out of the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev'))).toEqual([]);
  });

  it('does not exist in production', async () => {
    // Only NODE_ENV matters here; production's other required settings are not this test's.
    const database = await testDatabase();
    const production = await buildApp({
      config: { ...testConfig(), NODE_ENV: 'production' },
      db: database.db,
      pool: database.pool,
    });
    afterAll(() => production.close());
    for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/outbox.json?to=x@example.com']) {
      const res = await production.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

afterAll(clearOutbox);

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Delivery {
  to: string[];
  subject: string;
}

export interface SmtpSink {
  /** `SMTP_URL` for the API processes. */
  url: string;
  /** Every mail received, in order, from any process. */
  deliveries: Delivery[];
  close(): Promise<void>;
}

/**
 * A local SMTP server that accepts and records every mail, so a run can count what the outbox
 * workers really sent (the default outbox provider keeps no record of delivery attempts).
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const deliveries: Delivery[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        deliveries.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

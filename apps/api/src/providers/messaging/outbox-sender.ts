import type { FastifyBaseLogger } from 'fastify';
import type { MessageSender, OutgoingMessage } from './messaging';

/**
 * The local default: the database row is the delivery. Outside production anyone running the app
 * reads the message at /dev/outbox, so its body stays in the row; in production nobody can read it
 * there, so the worker removes it like any delivered body (decision 039). The log line names the
 * message by id and channel only: never its recipient, subject or text, which carry codes, links
 * and personal data.
 */
export class OutboxSender implements MessageSender {
  readonly name = 'outbox';

  constructor(
    private readonly log: FastifyBaseLogger,
    readonly keepsBodyInOutbox = true,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    this.log.info(
      { messageId: message.id, channel: message.channel },
      'message kept in the outbox (no provider configured)',
    );
  }
}

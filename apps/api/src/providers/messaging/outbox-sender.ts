import type { FastifyBaseLogger } from 'fastify';
import type { MessageSender, OutgoingMessage } from './messaging';

/**
 * The local default: the database row is the delivery. Anyone running the app reads the message
 * at /dev/outbox; the log line says it went nowhere else.
 */
export class OutboxSender implements MessageSender {
  readonly name = 'outbox';

  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: OutgoingMessage): Promise<void> {
    this.log.info(
      { channel: message.channel, to: message.to, subject: message.subject },
      'message kept in the outbox (no provider configured)',
    );
  }
}

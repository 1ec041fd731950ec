import type { OutboxAttachment } from '../../db/schema/outbox';

export type MessageChannel = 'email' | 'sms' | 'whatsapp';

/** One message as a provider delivers it. */
export interface OutgoingMessage {
  /** The outbox row, for log lines that must name the message without its content. */
  id: string;
  channel: MessageChannel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[] | null;
}

/** Delivers one message or throws; the outbox worker retries what throws. */
export interface MessageSender {
  readonly name: string;
  /**
   * True when the outbox row itself is the delivery (the local mailbox at /dev/outbox, outside
   * production): the worker then leaves the body in place. Any other delivery removes it.
   */
  readonly keepsBodyInOutbox?: boolean;
  send(message: OutgoingMessage): Promise<void>;
}

export type MessageSenders = Record<MessageChannel, MessageSender>;

import type { OutboxAttachment } from '../../db/schema/outbox';

export type MessageChannel = 'email' | 'sms' | 'whatsapp';

/** One message as a provider delivers it. */
export interface OutgoingMessage {
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
  send(message: OutgoingMessage): Promise<void>;
}

export type MessageSenders = Record<MessageChannel, MessageSender>;

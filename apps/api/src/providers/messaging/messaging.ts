import type { OutboxAttachment } from '../../db/schema/outbox';
import type { MessageKind, MessageParams } from './message-kinds';

export {
  MESSAGE_KINDS,
  isMessageKind,
  type MessageKind,
  type MessageParams,
} from './message-kinds';

export type MessageChannel = 'email' | 'sms' | 'whatsapp' | 'push';

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
  /** What the message is (null for mail) and its template's values (message-kinds.ts). */
  kind: MessageKind | null;
  params: MessageParams | null;
  /** The member's language, when known (a template's language). */
  language: string | null;
}

/** What a provider answered to a send: its id for the message, which delivery reports name. */
export interface SendResult {
  providerMessageId?: string;
}

/**
 * A message a provider cannot take at all (an SMS kind with no DLT template): it is recorded as
 * not sent, with the reason, and never retried.
 */
export class NotSentError extends Error {
  readonly permanent = true;
  readonly notSent = true;
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotSentError';
  }
}

/** Delivers one message or throws; the outbox worker retries what throws. */
export interface MessageSender {
  readonly name: string;
  /**
   * True when the outbox row itself is the delivery (the local mailbox at /dev/outbox, outside
   * production): the worker then leaves the body in place. Any other delivery removes it.
   */
  readonly keepsBodyInOutbox?: boolean;
  send(message: OutgoingMessage): Promise<SendResult | void>;
}

/** Push has its own sender, which reads the subscriptions (plugins/messaging.ts adds it). */
export type MessageSenders = Record<Exclude<MessageChannel, 'push'>, MessageSender> & {
  push?: MessageSender;
};

import type { MessageChannel, MessageSender, OutgoingMessage } from './messaging';

/**
 * One adapter for HTTP SMS and WhatsApp gateways: POST `{ channel, to, text, message_id }` as JSON with a
 * bearer token. Gateways differ in field names, so a thin relay in front of a vendor is expected;
 * any non-2xx answer is a failed delivery the outbox retries.
 */
export class HttpGatewaySender implements MessageSender {
  readonly name = 'http';

  constructor(
    private readonly channel: MessageChannel,
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      // message_id is the outbox row's id: the gateway's status callbacks name it
      // (POST /api/messaging/status/http), so a failed WhatsApp message can go again by SMS.
      body: JSON.stringify({
        channel: this.channel,
        to: message.to,
        text: message.text,
        message_id: message.id,
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`${this.channel} gateway answered ${response.status}`);
  }
}

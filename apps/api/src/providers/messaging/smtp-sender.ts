import nodemailer, { type Transporter } from 'nodemailer';
import type { MessageSender, OutgoingMessage } from './messaging';

/** Mail through any SMTP server (`SMTP_URL`, e.g. smtp://user:pass@smtp.example.com:587). */
export class SmtpSender implements MessageSender {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject ?? '',
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      })),
    });
  }

  close(): void {
    this.transport.close();
  }
}

import { brand } from '@exhale/contract/brand';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { renderIcs } from '../../lib/ics';
import { issueInvoice } from '../invoices/invoices.module';
import { invoiceAttachment, type SellerConfig } from '../invoices/invoices.service';
import { text } from '../../lib/texts/texts';
import { notify } from '../notifications/notifications.module';
import type { Outbox } from '../outbox/outbox.service';
import { istDateTimeLabel, liveSessionEnrolmentMail, whenLabel } from '../payments/payments.mails';
import { NothingToGrant, type Fulfiler } from '../payments/payments.service';
import type { LiveSessionsRepository } from './live-sessions.repository';

/** Plain text of the sanitised description, for the calendar entry. */
function textOf(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(p|li|h[2-4])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * What a paid live-session order grants, inside the activation transaction: the place, a tax
 * invoice when money changed hands, a bell notice and the enrolment mail with the joining
 * details and a calendar file (the only place joining details are ever sent).
 */
export function liveSessionFulfiler(deps: {
  seller: SellerConfig;
  outbox: Pick<Outbox, 'enqueue'>;
  log: FastifyBaseLogger;
  /** The live sessions on the activation transaction (live-sessions.module.ts). */
  sessions: (tx: Executor) => Pick<LiveSessionsRepository, 'findById' | 'register'>;
}): Fulfiler {
  return async ({ tx, order, payment, user, now }) => {
    const repository = deps.sessions(tx);
    const session = await repository.findById(order.liveSessionId!);
    if (!session) throw new Error(`order ${order.id} names a live session that does not exist`);
    const invoice =
      order.totalPaise > 0
        ? await issueInvoice(tx, deps.seller, {
            paymentId: payment.id,
            buyerName: payment.buyerName,
            description: `Live session: ${session.title} (${istDateTimeLabel(session.sessionDate)})`,
            taxablePaise: order.subTotalPaise,
            gstPaise: order.gstPaise,
            issuedAt: now,
          })
        : null;
    if (!user) return;
    const registration = await repository.register({
      userId: user.id,
      liveSessionId: session.id,
      paymentOrderId: order.id,
      status: 'paid',
    });
    if (!registration) {
      // A second paid checkout for a place already held: this one is refunded.
      throw new NothingToGrant('paid for a live session already registered for');
    }
    await notify(tx, user.id, {
      kind: 'payment',
      language: user.language,
      title: text(user.language, 'notice.liveSession.title'),
      message: text(user.language, 'notice.liveSession.message', {
        title: session.title,
        when: whenLabel(session.sessionDate, user.language),
      }),
    });
    const ics = renderIcs({
      uid: `${registration.id}@exhale.example`,
      start: session.sessionDate,
      end: new Date(session.sessionDate.getTime() + session.durationMinutes * 60_000),
      stamp: now,
      summary: `${brand.name} live session: ${session.title}`,
      description: [session.joiningDetails.trim(), textOf(session.description)]
        .filter(Boolean)
        .join('\n\n'),
      organizer: { name: brand.name, email: brand.support.email },
    });
    const mail = liveSessionEnrolmentMail(
      {
        name: user.name,
        title: session.title,
        host: session.host,
        sessionDate: session.sessionDate,
        joiningDetails: session.joiningDetails,
        totalPaise: order.totalPaise,
        invoiceNumber: invoice?.number ?? null,
      },
      user.language,
    );
    await deps.outbox.enqueue(
      {
        channel: 'email',
        to: user.email,
        userId: user.id,
        ...mail,
        attachments: [
          {
            filename: 'live-session.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
          },
          ...(invoice
            ? [await invoiceAttachment(invoice, payment.providerPaymentId, user.language)]
            : []),
        ],
      },
      tx,
    );
  };
}

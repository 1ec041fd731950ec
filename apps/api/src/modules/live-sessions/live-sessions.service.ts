import { Messages } from '@exhale/contract/messages';
import { liveSessionAmounts, paiseToRupees } from '@exhale/contract/money';
import type { LiveSession, LiveSessionRegisterRequest } from '@exhale/contract/payments';
import type { Executor } from '../../db/client';
import type { LiveSessionRow } from '../../db/schema/money';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import { sanitizeHtml } from '../../lib/sanitize-html';
import type { PaymentsService } from '../payments/payments.service';
import { amountFields, clientPaise } from '../user-plans/user-plans.service';
import { requireFirstTestTaken } from '../users/take-test-first';
import type { UsersRepository } from '../users/users.repository';
import type { LiveSessionsRepository } from './live-sessions.repository';

const fail = (status: number, entry: { code: string; message: string }) =>
  new AppError(status, entry.code, entry.message);

/** What the members' live-session pages read (live-sessions.module.ts builds them). */
export interface LiveSessionsRepositories {
  sessions: Pick<LiveSessionsRepository, 'listForUser' | 'findActive' | 'isRegistered'>;
  users: Pick<UsersRepository, 'findById'>;
}

export class LiveSessionsService {
  constructor(
    private readonly deps: {
      data: DataAccess<LiveSessionsRepositories>;
      clock: Clock;
      payments: PaymentsService;
      mediaUrl: (value: string) => string;
    },
  ) {}

  async list(userId: string): Promise<LiveSession[]> {
    const [rows, user] = await Promise.all([
      this.deps.data.repos.sessions.listForUser(userId, this.deps.clock.now()),
      this.deps.data.repos.users.findById(userId),
    ]);
    const premium = user?.type === 'premium';
    return rows.map((row) => ({
      _id: row.id,
      title: row.title,
      description: row.description,
      amount: paiseToRupees(row.amountPaise),
      amount_paise: row.amountPaise,
      host: row.host,
      tags: row.tags,
      thumbnail_image: row.thumbnailImage ? this.deps.mediaUrl(row.thumbnailImage) : null,
      session_date: row.sessionDate.toISOString(),
      registered: row.registered,
      included_in_plan: premium && row.includedInPremium,
    }));
  }

  /**
   * POST /user-live-session. An enrolled user gets 'Already Enrolled, Check Mail For Details' and
   * no payment (`payment: null`): the spec's client carries on with the returned data, and with
   * nothing to pay there is no widget to open, so nobody pays twice for one place.
   */
  async register(userId: string, body: LiveSessionRegisterRequest) {
    const { data, clock, payments } = this.deps;
    const user = await data.repos.users.findById(userId);
    if (!user) throw notFound();
    // A live session is a step of the programme, which starts with the first test (decision 022).
    requireFirstTestTaken(user);
    const repository = data.repos.sessions;
    const session = isUuid(body.live_session)
      ? await repository.findActive(body.live_session)
      : undefined;
    if (!session) throw fail(404, Messages.LIVE_SESSION_NOT_FOUND);
    // The programme's closing session is part of a premium member's plan (decision 041): their
    // place costs nothing, so there is no checkout and no invoice; everyone else pays its price.
    const included = user.type === 'premium' && session.includedInPremium;
    const amounts = liveSessionAmounts(included ? 0 : session.amountPaise);
    const summary = { session_id: session.id, ...amountFields(amounts) };
    if (await repository.isRegistered(userId, session.id)) {
      return {
        message: Messages.ALREADY_ENROLLED.message,
        data: { payment: null, registered: true, ...summary },
      };
    }
    if (session.sessionDate.getTime() <= clock.now().getTime()) {
      throw fail(400, Messages.LIVE_SESSION_CLOSED);
    }
    // Nothing is charged for an included place, so a client showing the list price is not asked
    // to retry: it only ever saw more than it pays.
    if (!included && clientPaise(body.total) !== amounts.totalPaise) {
      throw fail(409, Messages.PRICE_CHANGED);
    }
    const { order, options } = await payments.openCheckout({
      user,
      purpose: 'live_session',
      liveSessionId: session.id,
      amounts: { pricePaise: amounts.subTotalPaise, discountPaise: 0, ...amounts },
      description: `Live session: ${session.title}`,
    });
    if (!options) {
      await payments.completeWithoutPayment(order);
      return {
        message: Messages.LIVE_SESSION_REGISTERED.message,
        data: { payment: null, registered: true, ...summary },
      };
    }
    return { message: undefined, data: { payment: options, registered: false, ...summary } };
  }

  async verify(
    userId: string,
    input: {
      orderId: string;
      paymentId: string;
      sessionId?: string;
      signature: string | undefined;
    },
  ) {
    await this.deps.payments.verifyCheckout({
      userId,
      purpose: 'live_session',
      providerOrderId: input.orderId,
      providerPaymentId: input.paymentId,
      signature: input.signature,
      targetId: input.sessionId,
      failure: Messages.PAYMENT_VERIFICATION_FAILED,
    });
    return Messages.LIVE_SESSION_REGISTERED.message;
  }
}

/** What the console's create writes (live-sessions.module.ts builds it). */
export interface LiveSessionWrites {
  sessions: Pick<LiveSessionsRepository, 'insert'>;
}

/** The live sessions as the admin console adds them. */
export class LiveSessionsCatalogue {
  constructor(private readonly deps: { data: DataAccess<LiveSessionWrites> }) {}

  /**
   * Adds a live session inside the console's (audited) transaction `tx`. The description is
   * editor HTML and is sanitised here, on write, so every reader can render it as stored.
   */
  create(tx: Executor, input: NewLiveSession): Promise<LiveSessionRow> {
    return this.deps.data.within(tx).sessions.insert({
      ...input,
      description: sanitizeHtml(input.description),
      tags: input.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean)
        .join(','),
    });
  }
}

export interface NewLiveSession {
  title: string;
  description: string;
  amountPaise: number;
  host: string;
  tags: string;
  thumbnailImage?: string | null;
  sessionDate: Date;
  durationMinutes?: number;
  joiningDetails: string;
  includedInPremium?: boolean;
}

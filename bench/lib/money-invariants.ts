import type pg from 'pg';

/** A plan order the fault harness opened, and what its client knows about it. */
export interface TrackedOrder {
  /** Razorpay-style order id (`order_…`). */
  providerOrderId: string;
  userId: string;
  /** The client got a 2xx for the call that pays it (verify or webhook). */
  acknowledged: boolean;
  /** The webhook delivery's event id, when it was paid by webhook. */
  eventId?: string;
}

export interface InvariantReport {
  problems: string[];
  paid: number;
  unpaid: number;
}

interface OrderFacts {
  provider_order_id: string;
  status: string;
  user_type: string;
  premium_since: boolean;
  current_day: number;
  payments: number;
  good_payments: number;
  invoices: number;
  good_invoices: number;
  user_plans: number;
  order_plans: number;
  bell: number;
  receipts: number;
}

const ORDER_FACTS = `
  SELECT o.provider_order_id, o.status, u.type AS user_type,
    u.premium_since IS NOT NULL AS premium_since, u.current_day,
    (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND NOT p.duplicate) AS payments,
    (SELECT count(*)::int FROM payments p
      WHERE p.order_id = o.id AND NOT p.duplicate AND p.status = 'captured'
        AND p.amount_paise = o.total_paise) AS good_payments,
    (SELECT count(*)::int FROM invoices i JOIN payments p ON p.id = i.payment_id
      WHERE p.order_id = o.id) AS invoices,
    (SELECT count(*)::int FROM invoices i JOIN payments p ON p.id = i.payment_id
      WHERE p.order_id = o.id AND i.total_paise = o.total_paise AND i.number <> '')
      AS good_invoices,
    (SELECT count(*)::int FROM user_plans up WHERE up.user_id = o.user_id) AS user_plans,
    (SELECT count(*)::int FROM user_plans up JOIN payments p ON p.id = up.payment_id
      WHERE p.order_id = o.id AND up.status = 'active' AND up.plan_id = o.plan_id
        AND up.user_id = o.user_id) AS order_plans,
    (SELECT count(*)::int FROM notifications n
      WHERE n.user_id = o.user_id AND n.title = 'Plan Purchased') AS bell,
    (SELECT count(*)::int FROM outbox_messages m
      WHERE m.user_id = o.user_id AND m.channel = 'email' AND m.subject LIKE '%receipt%')
      AS receipts
  FROM payment_orders o JOIN users u ON u.id = o.user_id
  WHERE o.provider_order_id = ANY($1::text[])`;

/** What a paid order must have, all of it, once; what an unpaid one must have none of. */
function orderProblems(order: TrackedOrder, f: OrderFacts, expectPaid: boolean): string[] {
  const id = order.providerOrderId;
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${id} (${f.status}): ${what}`);
  };
  if (f.status === 'paid') {
    expect(f.payments === 1 && f.good_payments === 1, `${f.payments} payments (want 1 captured)`);
    expect(f.invoices === 1 && f.good_invoices === 1, `${f.invoices} invoices (want 1 numbered)`);
    expect(f.user_plans === 1 && f.order_plans === 1, `${f.user_plans} user plans (want 1)`);
    expect(f.user_type === 'premium' && f.premium_since, `user is ${f.user_type}, not premium`);
    expect(f.current_day === 1, `user on day ${f.current_day}, not day 1`);
    expect(f.bell === 1, `${f.bell} 'Plan Purchased' notifications (want 1)`);
    expect(f.receipts === 1, `${f.receipts} receipt mails (want 1)`);
  } else if (f.status === 'created') {
    expect(f.payments === 0, `unpaid order has ${f.payments} payments`);
    expect(f.invoices === 0, `unpaid order has ${f.invoices} invoices`);
    expect(f.user_plans === 0, `unpaid order's user has ${f.user_plans} plans`);
    expect(f.user_type === 'free', `unpaid order's user is ${f.user_type}`);
    expect(f.bell === 0, `unpaid order's user has ${f.bell} purchase notifications`);
    expect(f.receipts === 0, `unpaid order's user has ${f.receipts} receipt mails`);
    expect(!order.acknowledged, 'the client was told it succeeded, yet nothing was committed');
    expect(!expectPaid, 'still unpaid after the client retried to success');
  } else {
    problems.push(`${id}: unexpected status ${f.status}`);
  }
  return problems;
}

/**
 * The exactly-once rules of a purchase, checked in the database: every tracked order is fully
 * paid (one captured payment, one numbered invoice, one active plan, premium from day 1, one bell
 * notice, one receipt mail) or not paid at all; a client that got a 2xx finds its order paid; a
 * capture that granted nothing (a duplicate, decision 037) has no invoice and its automatic
 * refund, and a member has one open plan checkout at most;
 * invoice serials are unique and gap-free in every financial year and match their counter; a
 * recorded webhook event's effect is there. `expectPaid`: every tracked order must be paid by now.
 */
export async function checkMoneyInvariants(
  db: pg.ClientBase | pg.Pool,
  tracked: TrackedOrder[],
  options: { expectPaid: boolean },
): Promise<InvariantReport> {
  const problems: string[] = [];
  const { rows } = await db.query<OrderFacts>(ORDER_FACTS, [
    tracked.map((order) => order.providerOrderId),
  ]);
  const facts = new Map(rows.map((row) => [row.provider_order_id, row]));
  let paid = 0;
  for (const order of tracked) {
    const f = facts.get(order.providerOrderId);
    if (!f) {
      problems.push(`${order.providerOrderId}: order not found`);
      continue;
    }
    if (f.status === 'paid') paid += 1;
    problems.push(...orderProblems(order, f, options.expectPaid));
  }

  // Serials: 1..n with no gap or repeat, numbers unique and carrying their serial, and the
  // counter row (taken inside the purchase transaction) at the last serial issued.
  const serials = await db.query<{
    financial_year: string;
    n: number;
    seqs: number;
    lo: number;
    hi: number;
    numbers: number;
    numbered: boolean;
    last_seq: number | null;
  }>(`
    SELECT i.financial_year, count(*)::int AS n, count(DISTINCT i.seq)::int AS seqs,
      min(i.seq) AS lo, max(i.seq) AS hi, count(DISTINCT i.number)::int AS numbers,
      bool_and(i.number LIKE '%/' || lpad(i.seq::text, 6, '0')) AS numbered,
      (SELECT c.last_seq FROM invoice_counters c WHERE c.financial_year = i.financial_year)
        AS last_seq
    FROM invoices i GROUP BY i.financial_year`);
  for (const year of serials.rows) {
    const label = `invoices ${year.financial_year}`;
    if (year.lo !== 1 || year.hi !== year.n || year.seqs !== year.n) {
      problems.push(
        `${label}: ${year.n} invoices with serials ${year.lo}..${year.hi} (gap or repeat)`,
      );
    }
    if (year.numbers !== year.n) problems.push(`${label}: duplicate invoice numbers`);
    if (!year.numbered) problems.push(`${label}: a number does not carry its serial`);
    if (year.last_seq !== year.hi) {
      problems.push(`${label}: counter at ${year.last_seq}, last serial issued ${year.hi}`);
    }
  }
  const orphans = await db.query<{ what: string; n: number }>(`
    SELECT 'paid orders without a payment' AS what, count(*)::int AS n FROM payment_orders o
      WHERE o.status = 'paid' AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)
    UNION ALL
    SELECT 'payments of an unpaid order', count(*)::int FROM payments p
      JOIN payment_orders o ON o.id = p.order_id WHERE o.status NOT IN ('paid', 'refunded')
    UNION ALL
    SELECT 'plan payments without an invoice', count(*)::int FROM payments p
      JOIN payment_orders o ON o.id = p.order_id
      WHERE o.purpose = 'plan' AND NOT p.duplicate
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.payment_id = p.id)
    UNION ALL
    SELECT 'duplicate captures with an invoice', count(*)::int FROM payments p
      WHERE p.duplicate AND EXISTS (SELECT 1 FROM invoices i WHERE i.payment_id = p.id)
    UNION ALL
    SELECT 'duplicate captures without their automatic refund', count(*)::int FROM payments p
      WHERE p.duplicate AND p.amount_paise > 0 AND NOT EXISTS
        (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.kind = 'duplicate')
    UNION ALL
    SELECT 'open checkouts beside another of the same member and plan', count(*)::int
      FROM payment_orders o WHERE o.purpose = 'plan' AND o.status IN ('created', 'failed')
        AND EXISTS (SELECT 1 FROM payment_orders n WHERE n.user_id = o.user_id AND n.id <> o.id
          AND n.purpose = 'plan' AND n.status IN ('created', 'failed'))
    UNION ALL
    SELECT 'invoice counters ahead of their invoices', count(*)::int FROM invoice_counters c
      WHERE c.last_seq > 0 AND NOT EXISTS
        (SELECT 1 FROM invoices i WHERE i.financial_year = c.financial_year)`);
  for (const row of orphans.rows) if (row.n > 0) problems.push(`${row.n} ${row.what}`);

  const withEvents = tracked.filter((order) => order.eventId);
  if (withEvents.length > 0) {
    const recorded = await db.query<{ id: string }>(
      'SELECT id FROM webhook_events WHERE id = ANY($1::text[])',
      [withEvents.map((order) => order.eventId)],
    );
    const ids = new Set(recorded.rows.map((row) => row.id));
    for (const order of withEvents) {
      const isPaid = facts.get(order.providerOrderId)?.status === 'paid';
      if (ids.has(order.eventId!) && !isPaid) {
        problems.push(`${order.eventId}: event recorded as handled, yet its order is unpaid`);
      }
      if (order.acknowledged && !ids.has(order.eventId!)) {
        problems.push(`${order.eventId}: acknowledged with 200, yet not recorded`);
      }
      if (options.expectPaid && !ids.has(order.eventId!)) {
        problems.push(`${order.eventId}: redelivered to success, yet not recorded`);
      }
    }
  }
  return { problems, paid, unpaid: tracked.length - paid };
}

import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  invoiceCounters,
  invoices,
  paymentOrders,
  payments,
  type InvoiceRow,
} from '../../db/schema/money';

export type NewInvoice = typeof invoices.$inferInsert;

export class InvoicesRepository {
  constructor(private readonly db: Executor) {}

  /**
   * The next serial of a financial year. The upsert creates the year's counter or increments it,
   * and either way holds the counter row's lock (the same lock as SELECT … FOR UPDATE) until the
   * transaction ends: concurrent purchases queue here, each sees the previous one's committed
   * value, and a rollback returns its serial. That is what keeps the numbering gap-free.
   */
  async nextSeq(financialYear: string): Promise<number> {
    const [row] = await this.db
      .insert(invoiceCounters)
      .values({ financialYear, lastSeq: 1 })
      .onConflictDoUpdate({
        target: invoiceCounters.financialYear,
        set: { lastSeq: sql`${invoiceCounters.lastSeq} + 1` },
      })
      .returning({ lastSeq: invoiceCounters.lastSeq });
    return row!.lastSeq;
  }

  async insert(values: NewInvoice): Promise<InvoiceRow> {
    const [row] = await this.db.insert(invoices).values(values).returning();
    return row!;
  }

  async findByPaymentId(paymentId: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, paymentId))
      .limit(1);
    return row;
  }

  /** An invoice by its id or its payment's id, with the user who paid (null once erased). */
  async findWithOwner(
    id: string,
  ): Promise<
    { invoice: InvoiceRow; userId: string | null; providerPaymentId: string } | undefined
  > {
    const [row] = await this.db
      .select({
        invoice: invoices,
        userId: paymentOrders.userId,
        providerPaymentId: payments.providerPaymentId,
      })
      .from(invoices)
      .innerJoin(payments, eq(payments.id, invoices.paymentId))
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .where(or(eq(invoices.id, id), eq(invoices.paymentId, id)))
      .limit(1);
    return row;
  }
}

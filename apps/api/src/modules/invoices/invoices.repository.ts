import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { LanguageCode } from '@exhale/contract/languages';
import type { Executor } from '../../db/client';
import {
  invoiceCounters,
  invoices,
  paymentOrders,
  payments,
  type InvoiceRow,
} from '../../db/schema/money';
import { users } from '../../db/schema/users';
import { nextSerial } from './serials';

export type NewInvoice = typeof invoices.$inferInsert;

/**
 * CGST Rules, rule 46(f): an invoice to an unregistered buyer must name them only when the
 * taxable value is ₹50,000 or more. Below that the name is not a required particular, so an
 * erased account's invoices lose it (docs/decisions/021).
 */
export const UNREGISTERED_BUYER_NAME_REQUIRED_FROM_PAISE = 5_000_000;

export class InvoicesRepository {
  constructor(private readonly db: Executor) {}

  /** The next invoice serial of a financial year (gap-free; see `nextSerial`). */
  nextSeq(financialYear: string): Promise<number> {
    return nextSerial(this.db, invoiceCounters, financialYear);
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

  /**
   * Account erasure: the user's invoices keep their number, date, seller, description and every
   * amount, but show `label` instead of the buyer's name where the law does not need the name.
   * Run before the user row goes (and after `PaymentsRepository.anonymiseBuyer` locked the orders).
   */
  async anonymiseBuyer(userId: string, label: string): Promise<void> {
    await this.db
      .update(invoices)
      .set({ buyerName: label })
      .where(
        and(
          lt(invoices.taxablePaise, UNREGISTERED_BUYER_NAME_REQUIRED_FROM_PAISE),
          inArray(
            invoices.paymentId,
            this.db
              .select({ id: payments.id })
              .from(payments)
              .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
              .where(eq(paymentOrders.userId, userId)),
          ),
        ),
      );
  }

  /**
   * An invoice by its id or its payment's id, with the user who paid (null once erased) and that
   * account's language (the PDF's labels say it too, decision 065; null once erased).
   */
  async findWithOwner(id: string): Promise<
    | {
        invoice: InvoiceRow;
        userId: string | null;
        language: LanguageCode | null;
        providerPaymentId: string;
      }
    | undefined
  > {
    const [row] = await this.db
      .select({
        invoice: invoices,
        userId: paymentOrders.userId,
        language: users.language,
        providerPaymentId: payments.providerPaymentId,
      })
      .from(invoices)
      .innerJoin(payments, eq(payments.id, invoices.paymentId))
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .leftJoin(users, eq(users.id, paymentOrders.userId))
      .where(or(eq(invoices.id, id), eq(invoices.paymentId, id)))
      .limit(1);
    return row;
  }
}

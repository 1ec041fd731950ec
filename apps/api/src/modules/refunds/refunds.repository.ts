import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refunds, type RefundRow } from '../../db/schema/money';

export class RefundsRepository {
  constructor(private readonly db: Executor) {}

  /** A plan's refund row is unique: a second request for it inserts nothing (undefined). */
  async insert(values: typeof refunds.$inferInsert): Promise<RefundRow | undefined> {
    const [row] = await this.db
      .insert(refunds)
      .values(values)
      .onConflictDoNothing({ target: refunds.userPlanId })
      .returning();
    return row;
  }

  /** The automatic refund of a duplicate payment: one per payment (undefined when it exists). */
  async insertDuplicate(values: typeof refunds.$inferInsert): Promise<RefundRow | undefined> {
    const [row] = await this.db
      .insert(refunds)
      .values({ ...values, kind: 'duplicate', userPlanId: null })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async lock(id: string): Promise<RefundRow | undefined> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.id, id)).for('update');
    return row;
  }

  async findByProviderRefundId(providerRefundId: string): Promise<RefundRow | undefined> {
    const [row] = await this.db
      .select()
      .from(refunds)
      .where(eq(refunds.providerRefundId, providerRefundId))
      .for('update');
    return row;
  }

  /** An approved refund of a payment still waiting for the provider's id or confirmation. */
  async findApprovedForPayment(paymentId: string): Promise<RefundRow | undefined> {
    const [row] = await this.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'approved')))
      .for('update');
    return row;
  }

  async update(id: string, values: Partial<typeof refunds.$inferInsert>) {
    await this.db.update(refunds).set(values).where(eq(refunds.id, id));
  }

  /** Moves a refund on only from the status the caller saw; false when someone else moved it. */
  async transition(
    id: string,
    from: RefundRow['status'],
    values: Partial<typeof refunds.$inferInsert>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(refunds)
      .set(values)
      .where(and(eq(refunds.id, id), eq(refunds.status, from)))
      .returning({ id: refunds.id });
    return rows.length > 0;
  }
}

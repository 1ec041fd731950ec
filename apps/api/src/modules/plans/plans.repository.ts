import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { plans, type PlanRow } from '../../db/schema/money';

export class PlansRepository {
  constructor(private readonly db: Executor) {}

  /** Active plans, cheapest first: the free plan's card comes before the buyable one. */
  listActive(): Promise<PlanRow[]> {
    return this.db
      .select()
      .from(plans)
      .where(eq(plans.active, true))
      .orderBy(
        asc(sql`coalesce(${plans.specialPricePaise}, ${plans.pricePaise})`),
        asc(plans.createdAt),
      );
  }

  async findActive(id: string): Promise<PlanRow | undefined> {
    const [row] = await this.db
      .select()
      .from(plans)
      .where(and(eq(plans.id, id), eq(plans.active, true)))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<PlanRow | undefined> {
    const [row] = await this.db.select().from(plans).where(eq(plans.id, id)).limit(1);
    return row;
  }
}

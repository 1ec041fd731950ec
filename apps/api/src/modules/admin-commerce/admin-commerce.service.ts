import {
  dateToIstLocal,
  istLocalToDate,
  type AdminCoupon,
  type AdminLiveSession,
  type AdminPayment,
  type AdminPlan,
  type AdminRefund,
  type adminCouponCreateSchema,
  type adminCouponUpdateSchema,
  type adminLiveSessionCreateSchema,
  type adminLiveSessionUpdateSchema,
  type adminPlanCreateSchema,
  type adminPlanUpdateSchema,
} from '@exhale/contract/admin';
import { paiseToRupees, rupeesToPaise } from '@exhale/contract/money';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { CouponRow, LiveSessionRow, PlanRow } from '../../db/schema/money';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import { uniqueViolation } from '../../lib/pg-errors';
import { sanitizeHtml } from '../../lib/sanitize-html';
import type { StorageProvider } from '../../providers/storage/storage';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import { requireUpload } from '../admin-console/media.service';
import type { InvoicesRepository } from '../invoices/invoices.repository';
import type { CreditNotesRepository } from '../invoices/credit-notes.repository';
import { renderCreditNotePdf, renderInvoicePdf } from '../invoices/invoice-pdf';
import { pdfFilename } from '../invoices/invoices.service';
import { mediaUrl } from '../lessons/lessons.service';
import type { LiveSessionsCatalogue } from '../live-sessions/live-sessions.service';
import type { RefundsService } from '../refunds/refunds.service';
import {
  type AdminCommerceRepository,
  type PaymentListRow,
  type RefundListRow,
} from './admin-commerce.repository';

type PlanCreate = z.output<typeof adminPlanCreateSchema>;
type PlanUpdate = z.output<typeof adminPlanUpdateSchema>;
type CouponCreate = z.output<typeof adminCouponCreateSchema>;
type CouponUpdate = z.output<typeof adminCouponUpdateSchema>;
type LiveSessionCreate = z.output<typeof adminLiveSessionCreateSchema>;
type LiveSessionUpdate = z.output<typeof adminLiveSessionUpdateSchema>;

const paiseOrNull = (rupees: number | null | undefined) =>
  rupees === null || rupees === undefined ? null : rupeesToPaise(rupees);
const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

/** Tags as users see them: trimmed, no empty ones, comma-separated. */
function normaliseTags(tags: string): string {
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .join(',');
}

function person(id: string | null, name: string | null, email: string | null) {
  return id && email !== null ? { _id: id, name: name ?? '', email } : null;
}

/** The repositories AdminCommerceService uses, on the pool or a transaction (its module file builds them). */
export interface AdminCommerceRepositories {
  adminCommerce: AdminCommerceRepository;
  invoices: InvoicesRepository;
  creditNotes: CreditNotesRepository;
}

export class AdminCommerceService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<AdminCommerceRepositories>;
      audit: AuditLog;
      /** The live-sessions module's own create (it sanitises the description on write). */
      liveSessions: Pick<LiveSessionsCatalogue, 'create'>;
      storage: Pick<StorageProvider, 'publicUrl'>;
      refunds: Pick<RefundsService, 'approve' | 'reject'>;
    },
  ) {}

  private get repository() {
    return this.deps.data.repos.adminCommerce;
  }

  // Plans ---------------------------------------------------------------------------------------

  toPlan(row: PlanRow): AdminPlan {
    return {
      _id: row.id,
      code: row.code,
      name: row.name,
      description: row.description,
      price: paiseToRupees(row.pricePaise),
      price_paise: row.pricePaise,
      special_price: rupeesOrNull(row.specialPricePaise),
      special_price_paise: row.specialPricePaise,
      features: row.features,
      duration: row.duration,
      duration_type: row.durationType,
      active: row.active,
      created_at: row.createdAt.toISOString(),
    };
  }

  async listPlans(): Promise<AdminPlan[]> {
    return (await this.repository.listPlans()).map((row) => this.toPlan(row));
  }

  private async planWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) === 'plans_code_key') {
        throw conflict('PLAN_CODE_TAKEN', 'Another plan has this code.');
      }
      throw error;
    }
  }

  async createPlan(actor: AdminActor, body: PlanCreate): Promise<AdminPlan> {
    const row = await this.planWrite(() =>
      this.deps.audit.write(actor, { action: 'create', entity: 'plan' }, async (tx) => {
        const inserted = await this.deps.data.within(tx).adminCommerce.insertPlan({
          code: body.code,
          name: body.name,
          description: body.description,
          pricePaise: rupeesToPaise(body.price),
          specialPricePaise: paiseOrNull(body.special_price),
          features: body.features,
          duration: body.duration,
          durationType: body.duration_type,
          active: body.active,
        });
        return { entityId: inserted.id, before: null, after: inserted, result: inserted };
      }),
    );
    return this.toPlan(row);
  }

  async updatePlan(actor: AdminActor, id: string, body: PlanUpdate): Promise<AdminPlan> {
    if (!isUuid(id)) throw notFound('Plan not found.');
    const row = await this.planWrite(() =>
      this.deps.audit.write(actor, { action: 'update', entity: 'plan' }, async (tx) => {
        const repository = this.deps.data.within(tx).adminCommerce;
        const current = await repository.findPlan(id);
        if (!current) throw notFound('Plan not found.');
        const pricePaise =
          body.price === undefined ? current.pricePaise : rupeesToPaise(body.price);
        const specialPricePaise =
          body.special_price === undefined
            ? current.specialPricePaise
            : paiseOrNull(body.special_price);
        if (specialPricePaise !== null && specialPricePaise > pricePaise) {
          throw badRequest('VALIDATION_ERROR', 'The special price cannot be above the price.', [
            { path: 'special_price', message: 'The special price cannot be above the price.' },
          ]);
        }
        const updated = await repository.updatePlan(id, {
          code: body.code,
          name: body.name,
          description: body.description,
          pricePaise,
          specialPricePaise,
          features: body.features,
          duration: body.duration,
          durationType: body.duration_type,
          active: body.active,
        });
        return { entityId: id, before: current, after: updated, result: updated };
      }),
    );
    return this.toPlan(row);
  }

  // Coupons -------------------------------------------------------------------------------------

  toCoupon({ coupon, used }: { coupon: CouponRow; used: number }): AdminCoupon {
    return {
      _id: coupon.id,
      code: coupon.code,
      type: coupon.type,
      value: coupon.value,
      expires_at: coupon.expiresAt ? coupon.expiresAt.toISOString() : null,
      max_uses: coupon.maxUses,
      max_uses_per_user: coupon.maxUsesPerUser,
      active: coupon.active,
      used: Number(used),
      created_at: coupon.createdAt.toISOString(),
    };
  }

  async listCoupons(): Promise<AdminCoupon[]> {
    return (await this.repository.listCoupons()).map((row) => this.toCoupon(row));
  }

  private async couponWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) === 'coupons_code_key') {
        throw conflict('COUPON_CODE_TAKEN', 'Another coupon has this code.');
      }
      throw error;
    }
  }

  async createCoupon(actor: AdminActor, body: CouponCreate): Promise<AdminCoupon> {
    const row = await this.couponWrite(() =>
      this.deps.audit.write(actor, { action: 'create', entity: 'coupon' }, async (tx) => {
        const repository = this.deps.data.within(tx).adminCommerce;
        const inserted = await repository.insertCoupon({
          code: body.code,
          type: body.type,
          value: body.value,
          expiresAt: body.expires_at ? new Date(body.expires_at) : null,
          maxUses: body.max_uses,
          maxUsesPerUser: body.max_uses_per_user,
          active: body.active,
        });
        return { entityId: inserted.id, before: null, after: inserted, result: inserted };
      }),
    );
    return this.toCoupon({ coupon: row, used: 0 });
  }

  async updateCoupon(actor: AdminActor, id: string, body: CouponUpdate): Promise<AdminCoupon> {
    if (!isUuid(id)) throw notFound('Coupon not found.');
    const row = await this.couponWrite(() =>
      this.deps.audit.write(actor, { action: 'update', entity: 'coupon' }, async (tx) => {
        const repository = this.deps.data.within(tx).adminCommerce;
        const current = await repository.findCoupon(id);
        if (!current) throw notFound('Coupon not found.');
        const type = body.type ?? current.coupon.type;
        const value = body.value ?? current.coupon.value;
        if (type === 'percent' && value > 100) {
          throw badRequest('VALIDATION_ERROR', 'A percentage is at most 100.', [
            { path: 'value', message: 'A percentage is at most 100.' },
          ]);
        }
        await repository.updateCoupon(id, {
          code: body.code,
          type,
          value,
          expiresAt:
            body.expires_at === undefined
              ? undefined
              : body.expires_at
                ? new Date(body.expires_at)
                : null,
          maxUses: body.max_uses,
          maxUsesPerUser: body.max_uses_per_user,
          active: body.active,
        });
        const updated = (await repository.findCoupon(id))!;
        return { entityId: id, before: current.coupon, after: updated.coupon, result: updated };
      }),
    );
    return this.toCoupon(row);
  }

  // Live sessions -------------------------------------------------------------------------------

  toLiveSession({
    session,
    registrations,
  }: {
    session: LiveSessionRow;
    registrations: number;
  }): AdminLiveSession {
    return {
      _id: session.id,
      title: session.title,
      description: session.description,
      amount: paiseToRupees(session.amountPaise),
      amount_paise: session.amountPaise,
      host: session.host,
      tags: session.tags,
      thumbnail_image: session.thumbnailImage,
      thumbnail_url: session.thumbnailImage
        ? mediaUrl(this.deps.storage, session.thumbnailImage)
        : null,
      session_date: session.sessionDate.toISOString(),
      session_date_ist: dateToIstLocal(session.sessionDate),
      duration_minutes: session.durationMinutes,
      joining_details: session.joiningDetails,
      included_in_premium: session.includedInPremium,
      active: session.active,
      registrations: Number(registrations),
      created_at: session.createdAt.toISOString(),
    };
  }

  async listLiveSessions(): Promise<AdminLiveSession[]> {
    return (await this.repository.listLiveSessions()).map((row) => this.toLiveSession(row));
  }

  async createLiveSession(actor: AdminActor, body: LiveSessionCreate): Promise<AdminLiveSession> {
    const row = await this.deps.audit.write(
      actor,
      { action: 'create', entity: 'live_session' },
      async (tx) => {
        if (body.thumbnail_image) {
          await requireUpload(tx, body.thumbnail_image, 'image', 'thumbnail_image');
        }
        // The live-sessions module's own create: it sanitises the description on write.
        const inserted = await this.deps.liveSessions.create(tx, {
          title: body.title,
          description: body.description,
          amountPaise: rupeesToPaise(body.amount),
          host: body.host,
          tags: body.tags,
          thumbnailImage: body.thumbnail_image,
          sessionDate: istLocalToDate(body.session_date_ist)!,
          durationMinutes: body.duration_minutes,
          joiningDetails: body.joining_details,
          includedInPremium: body.included_in_premium,
        });
        if (!body.active) {
          await this.deps.data
            .within(tx)
            .adminCommerce.updateLiveSession(inserted.id, { active: false });
        }
        const created = (await this.deps.data
          .within(tx)
          .adminCommerce.findLiveSession(inserted.id))!;
        return { entityId: inserted.id, before: null, after: created.session, result: created };
      },
    );
    return this.toLiveSession(row);
  }

  async updateLiveSession(
    actor: AdminActor,
    id: string,
    body: LiveSessionUpdate,
  ): Promise<AdminLiveSession> {
    if (!isUuid(id)) throw notFound('Live session not found.');
    const row = await this.deps.audit.write(
      actor,
      { action: body.active === false ? 'delete' : 'update', entity: 'live_session' },
      async (tx) => {
        const repository = this.deps.data.within(tx).adminCommerce;
        const current = await repository.findLiveSession(id);
        if (!current) throw notFound('Live session not found.');
        if (body.thumbnail_image && body.thumbnail_image !== current.session.thumbnailImage) {
          await requireUpload(tx, body.thumbnail_image, 'image', 'thumbnail_image');
        }
        await repository.updateLiveSession(id, {
          title: body.title,
          // Sanitised on every write, as on create.
          description: body.description === undefined ? undefined : sanitizeHtml(body.description),
          amountPaise: body.amount === undefined ? undefined : rupeesToPaise(body.amount),
          host: body.host,
          tags: body.tags === undefined ? undefined : normaliseTags(body.tags),
          thumbnailImage: body.thumbnail_image,
          sessionDate:
            body.session_date_ist === undefined
              ? undefined
              : istLocalToDate(body.session_date_ist)!,
          durationMinutes: body.duration_minutes,
          joiningDetails: body.joining_details,
          includedInPremium: body.included_in_premium,
          active: body.active,
        });
        const updated = (await repository.findLiveSession(id))!;
        return { entityId: id, before: current.session, after: updated.session, result: updated };
      },
    );
    return this.toLiveSession(row);
  }

  async enrolments(id: string) {
    if (!isUuid(id) || !(await this.repository.findLiveSession(id))) {
      throw notFound('Live session not found.');
    }
    const rows = await this.repository.enrolments(id);
    return rows.map((row) => ({
      _id: row.id,
      user: { _id: row.userId, name: row.name, email: row.email, mobile: row.mobile },
      status: row.status,
      created_at: row.createdAt.toISOString(),
    }));
  }

  // Payments ------------------------------------------------------------------------------------

  toPayment(row: PaymentListRow): AdminPayment {
    return {
      _id: row.id,
      user: person(row.userId, row.userName, row.userEmail),
      buyer_name: row.buyerName,
      purpose: row.purpose,
      item: row.planName ?? row.sessionTitle ?? '',
      amount: paiseToRupees(row.amountPaise),
      amount_paise: row.amountPaise,
      status: row.status,
      provider_payment_id: row.providerPaymentId,
      captured_at: row.capturedAt.toISOString(),
      invoice:
        row.invoiceId && row.invoiceNumber
          ? { _id: row.invoiceId, number: row.invoiceNumber }
          : null,
    };
  }

  async paymentsPage(query: { q?: string; page: number; page_size: number }) {
    const { rows, total } = await this.repository.paymentsPage({
      q: query.q || undefined,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return {
      data: rows.map((row) => this.toPayment(row)),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** Any payment's invoice PDF (by invoice or payment id), for support and accounts. */
  async invoicePdf(id: string): Promise<{ filename: string; pdf: Buffer }> {
    if (!isUuid(id)) throw notFound('Invoice not found.');
    const found = await this.deps.data.repos.invoices.findWithOwner(id);
    if (!found) throw notFound('Invoice not found.');
    // The same document the buyer has: labels also in their language.
    const pdf = await renderInvoicePdf(found.invoice, {
      paymentReference: found.providerPaymentId,
      language: found.language ?? undefined,
    });
    return { filename: pdfFilename('invoice', found.invoice.number), pdf };
  }

  /** A refund's GST credit note PDF (by refund or credit-note id), for support and accounts. */
  async creditNotePdf(id: string): Promise<{ filename: string; pdf: Buffer }> {
    if (!isUuid(id)) throw notFound('Credit note not found.');
    const found = await this.deps.data.repos.creditNotes.findWithInvoice(id);
    if (!found) throw notFound('Credit note not found.');
    const pdf = await renderCreditNotePdf(found.creditNote, found.invoice, {
      language: found.language ?? undefined,
    });
    return { filename: pdfFilename('credit-note', found.creditNote.number), pdf };
  }

  // Refunds -------------------------------------------------------------------------------------

  toRefund(row: RefundListRow): AdminRefund {
    const { refund } = row;
    return {
      _id: refund.id,
      status: refund.status,
      amount: paiseToRupees(refund.amountPaise),
      amount_paise: refund.amountPaise,
      user: person(row.userId, row.userName, row.userEmail),
      plan_name: row.planName ?? row.sessionTitle ?? '',
      plan_status: row.planStatus,
      purchased_at: row.purchasedAt ? row.purchasedAt.toISOString() : null,
      requested_at: refund.requestedAt.toISOString(),
      decided_at: refund.decidedAt ? refund.decidedAt.toISOString() : null,
      decided_by: person(row.deciderId, row.deciderName, row.deciderEmail),
      rejected_reason: refund.rejectedReason,
      reason: refund.reason,
      credit_note:
        row.creditNoteId && row.creditNoteNumber
          ? { _id: row.creditNoteId, number: row.creditNoteNumber }
          : null,
      kind: refund.kind,
      payment_reference: row.paymentReference,
      // Every refund is made with its member's id; only erasing the account clears it (021).
      account_erased: refund.userId === null,
    };
  }

  async refundsPage(query: { status?: string; page: number; page_size: number }) {
    const { rows, total } = await this.repository.refundsPage({
      status: query.status,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    return {
      data: rows.map((row) => this.toRefund(row)),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /**
   * The refunds service does the work (provider refund outside any transaction, then the plan
   * taken away); the decision is recorded once it has succeeded.
   */
  async approveRefund(actor: AdminActor, id: string): Promise<AdminRefund> {
    const before = isUuid(id) ? await this.repository.findRefund(id) : undefined;
    await this.deps.refunds.approve(id, actor.id);
    return this.recordRefundDecision(actor, 'approve', id, before);
  }

  async rejectRefund(actor: AdminActor, id: string, reason: string): Promise<AdminRefund> {
    const before = isUuid(id) ? await this.repository.findRefund(id) : undefined;
    await this.deps.refunds.reject(id, actor.id, reason);
    return this.recordRefundDecision(actor, 'reject', id, before);
  }

  private async recordRefundDecision(
    actor: AdminActor,
    action: 'approve' | 'reject',
    id: string,
    before: RefundListRow | undefined,
  ): Promise<AdminRefund> {
    const after = (await this.repository.findRefund(id))!;
    await this.deps.db.transaction((tx) =>
      this.deps.audit.record(tx, actor, action, 'refund', id, before?.refund, after.refund),
    );
    return this.toRefund(after);
  }
}

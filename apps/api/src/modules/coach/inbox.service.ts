import type {
  CoachMessage,
  CoachNote,
  CoachPerson,
  InboxDetail,
  InboxItem,
  InboxMember,
  InboxQuery,
} from '@exhale/contract/coach';
import { MS_PER_DAY } from '@exhale/contract/ist';
import { Messages } from '@exhale/contract/messages';
import type { Database, Executor } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { isUuid } from '../../lib/ids';
import { languageOf, text } from '../../lib/texts/texts';
import type { AdminActor, AuditLog } from '../admin-audit/audit';
import { planAndProgress } from '../companion/quit-plan.module';
import type { Outbox } from '../outbox/outbox.service';
import { enqueuePush } from '../push/push.module';
import { firstName, toCoachMessage, toInboxItem } from './coach.mapper';
import type { CoachRepository } from './coach.repository';
import type { CoachRepositories } from './coach.service';
import { chooseReplyDelivery, type ReplyDelivery } from './reply-delivery';

const notFound = () =>
  new AppError(404, Messages.CONVERSATION_NOT_FOUND.code, Messages.CONVERSATION_NOT_FOUND.message);

/** The roles that answer the inbox (decision 090). */
export const INBOX_ROLES = ['coach', 'admin'] as const;

/**
 * The console's inbox for coaches and admins. Every opening of a conversation and every change
 * is in the audit log; what a coach sees of a member is the quit story and the name, never
 * contact or payment details.
 */
export class InboxService {
  constructor(
    private readonly deps: {
      db: Database;
      data: DataAccess<CoachRepositories>;
      clock: Clock;
      outbox: Pick<Outbox, 'enqueue' | 'deliverSoon'>;
      audit: AuditLog;
    },
  ) {}

  async list(callerId: string, query: InboxQuery): Promise<InboxItem[]> {
    const assignedTo =
      query.assigned === 'me' ? callerId : query.assigned === 'none' ? null : undefined;
    const rows = await this.deps.data.repos.coach.inbox({ status: query.status, assignedTo });
    return rows.map(toInboxItem);
  }

  async coaches(): Promise<CoachPerson[]> {
    const staff = await this.deps.data.repos.coach.staff(INBOX_ROLES);
    return staff.map((person) => ({ _id: person.id, name: person.name }));
  }

  /** A conversation with its thread, notes and the member's context; the opening is audited. */
  async open(actor: AdminActor, id: string): Promise<InboxDetail> {
    if (!isUuid(id)) throw notFound();
    return this.deps.audit.write(
      actor,
      { action: 'open', entity: 'coach_conversation' },
      async (tx) => {
        const coach = this.deps.data.within(tx).coach;
        const conversation = await coach.conversation(id);
        if (!conversation) throw notFound();
        const [item, messages, notes, member] = await Promise.all([
          coach.inbox({ status: conversation.status }, [id]),
          coach.messages(id),
          coach.notes(id),
          this.memberContext(tx, coach, conversation.userId),
        ]);
        const listed = toInboxItem(item[0]!);
        return {
          entityId: id,
          before: null,
          after: null,
          result: {
            _id: id,
            status: listed.status,
            urgent: listed.urgent,
            assigned_to: listed.assigned_to,
            waiting_since: listed.waiting_since,
            messages: messages.map(toCoachMessage),
            notes: notes.map((row): CoachNote => ({
              _id: row.note.id,
              text: row.note.text,
              author:
                row.note.authorId && row.authorName !== null
                  ? { _id: row.note.authorId, name: row.authorName }
                  : null,
              created_at: row.note.createdAt.toISOString(),
            })),
            member,
          },
        };
      },
    );
  }

  /** Name, language, programme day, slips, dependence score and the quit plan's progress. */
  private async memberContext(
    tx: Executor,
    coach: CoachRepository,
    userId: string,
  ): Promise<InboxMember> {
    const now = this.deps.clock.now();
    const [row, quit] = await Promise.all([
      coach.memberContext(userId, new Date(now.getTime() - 7 * MS_PER_DAY)),
      planAndProgress(tx, userId, now),
    ]);
    if (!row) throw notFound();
    return {
      _id: row.id,
      name: row.name,
      language: languageOf(row.language),
      quit_date: quit?.plan.quitDate ?? null,
      days_smoke_free: quit?.progress.started ? quit.progress.days_smoke_free : null,
      slips_last_7_days: row.slips_last_7_days,
      dependence_score: row.dependence_score,
      programme_day: row.type === 'premium' && row.current_day >= 1 ? row.current_day : null,
    };
  }

  /**
   * A coach's reply: stored in the thread, in the member's bell, and sent where the member last
   * wrote from (reply-delivery.ts). An unassigned conversation becomes the replier's.
   */
  async reply(
    actor: AdminActor,
    id: string,
    body: string,
    /** The public origin the template's link to /coach points at. */
    origin: string,
  ): Promise<CoachMessage> {
    if (!isUuid(id)) throw notFound();
    const now = this.deps.clock.now();
    const message = await this.deps.audit.write(
      actor,
      { action: 'reply', entity: 'coach_conversation' },
      async (tx) => {
        const { coach, notifications } = this.deps.data.within(tx);
        const conversation = await coach.conversation(id);
        if (!conversation) throw notFound();
        const [recipient, coachName] = await Promise.all([
          coach.recipient(conversation.userId),
          coach.userName(actor.id),
        ]);
        if (!recipient) throw notFound();
        const language = languageOf(recipient.language);
        const lastWhatsapp = recipient.last_whatsapp_at;
        const delivery = chooseReplyDelivery(
          {
            lastChannel: conversation.lastMemberChannel,
            whatsappNumber: recipient.whatsapp_no,
            lastWhatsappAt: lastWhatsapp ? new Date(lastWhatsapp) : null,
            verifiedMobile: recipient.verified_mobile,
            pushSubscriptions: recipient.push_subscriptions,
          },
          now,
        );
        const stored = await coach.insertMessage({
          conversationId: id,
          userId: conversation.userId,
          sender: 'coach',
          text: body,
          channel:
            delivery.channel === 'whatsapp' || delivery.channel === 'sms'
              ? delivery.channel
              : 'app',
          coachId: actor.id,
          createdAt: now,
        });
        await coach.answered(id, now);
        if (!conversation.assignedTo) await coach.assign(id, actor.id);
        const name = firstName(coachName ?? '');
        await notifications.insert({
          userId: conversation.userId,
          title: text(language, 'coach.repliedTitle'),
          message: body,
          language,
        });
        await this.deliver(tx, delivery, {
          userId: conversation.userId,
          body,
          name,
          link: `${origin}/coach`,
          language,
          whatsapp: recipient.whatsapp_no,
          mobile: recipient.verified_mobile,
        });
        return {
          entityId: id,
          before: null,
          after: { message_id: stored!.id, delivery },
          result: toCoachMessage({ ...stored!, coachName: coachName ?? null }),
        };
      },
    );
    this.deps.outbox.deliverSoon();
    return message;
  }

  private async deliver(
    tx: Executor,
    delivery: ReplyDelivery,
    reply: {
      userId: string;
      body: string;
      name: string;
      link: string;
      language: ReturnType<typeof languageOf>;
      whatsapp: string | null;
      mobile: string | null;
    },
  ): Promise<void> {
    const params = { name: reply.name, link: reply.link };
    const notice = text(reply.language, 'coach.replied', params);
    if (delivery.channel === 'push') {
      await enqueuePush(
        tx,
        reply.userId,
        { title: text(reply.language, 'coach.repliedTitle'), body: reply.body, url: '/coach' },
        'coach_reply',
      );
      return;
    }
    if (delivery.channel === 'app') return;
    const to = delivery.channel === 'whatsapp' ? reply.whatsapp : reply.mobile;
    if (!to) return;
    await this.deps.outbox.enqueue(
      {
        channel: delivery.channel,
        to,
        userId: reply.userId,
        // Free text inside WhatsApp's window; the registered 'your coach replied' text otherwise.
        text:
          delivery.channel === 'whatsapp' && delivery.form === 'text'
            ? `${reply.name}: ${reply.body}`
            : notice,
        kind: 'coach_reply',
        params,
        language: reply.language,
      },
      tx,
    );
  }

  async addNote(actor: AdminActor, id: string, body: string): Promise<CoachNote> {
    if (!isUuid(id)) throw notFound();
    const now = this.deps.clock.now();
    return this.deps.audit.write(
      actor,
      { action: 'note', entity: 'coach_conversation' },
      async (tx) => {
        const coach = this.deps.data.within(tx).coach;
        if (!(await coach.conversation(id))) throw notFound();
        const note = await coach.insertNote({
          conversationId: id,
          authorId: actor.id,
          text: body,
          createdAt: now,
        });
        const authorName = await coach.userName(actor.id);
        return {
          entityId: id,
          before: null,
          after: { note_id: note.id },
          result: {
            _id: note.id,
            text: note.text,
            author: authorName !== undefined ? { _id: actor.id, name: authorName } : null,
            created_at: note.createdAt.toISOString(),
          },
        };
      },
    );
  }

  /** Assigns to a coach or an admin, or to nobody (null). */
  async assign(actor: AdminActor, id: string, coachId: string | null): Promise<InboxItem> {
    if (!isUuid(id)) throw notFound();
    return this.change(actor, id, 'assign', async (coach, before) => {
      if (coachId !== null) {
        const person = isUuid(coachId) ? await coach.staffMember(coachId) : undefined;
        if (!person || !(INBOX_ROLES as readonly string[]).includes(person.role)) {
          throw badRequest(Messages.NOT_A_COACH.code, Messages.NOT_A_COACH.message, [
            { path: 'coach_id', message: Messages.NOT_A_COACH.message },
          ]);
        }
      }
      await coach.assign(id, coachId);
      return { before: { assigned_to: before.assignedTo }, after: { assigned_to: coachId } };
    });
  }

  async setStatus(actor: AdminActor, id: string, status: 'open' | 'closed'): Promise<InboxItem> {
    if (!isUuid(id)) throw notFound();
    return this.change(
      actor,
      id,
      status === 'closed' ? 'close' : 'reopen',
      async (coach, before) => {
        await coach.setStatus(id, status);
        return { before: { status: before.status }, after: { status } };
      },
    );
  }

  /** An audited change of one conversation, answered with the conversation as the list shows it. */
  private change(
    actor: AdminActor,
    id: string,
    action: string,
    work: (
      coach: CoachRepository,
      before: NonNullable<Awaited<ReturnType<CoachRepository['conversation']>>>,
    ) => Promise<{ before: unknown; after: unknown }>,
  ): Promise<InboxItem> {
    return this.deps.audit.write(actor, { action, entity: 'coach_conversation' }, async (tx) => {
      const coach = this.deps.data.within(tx).coach;
      const before = await coach.conversation(id);
      if (!before) throw notFound();
      const change = await work(coach, before);
      const [row] = await coach.inbox({ status: 'open' }, [id]);
      return { entityId: id, ...change, result: toInboxItem(row!) };
    });
  }
}

import type { CoachChannel, ConversationStatus } from '@exhale/contract/coach';
import type { LanguageCode } from '@exhale/contract/languages';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  coachConversations,
  coachMessages,
  coachNotes,
  coachSavedReplies,
  type CoachConversationRow,
  type CoachMessageRow,
  type CoachSavedReplyRow,
} from '../../db/schema/coach';
import { whatsappWindows } from '../../db/schema/messaging';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';

/** A message with the replying coach's name (null on the member's and system messages). */
export interface ThreadMessage extends CoachMessageRow {
  coachName: string | null;
}

export interface NewCoachMessage {
  conversationId: string;
  userId: string;
  sender: CoachMessageRow['sender'];
  text: string;
  channel: CoachChannel;
  clientId?: string | null;
  coachId?: string | null;
  createdAt: Date;
}

/** One row of the inbox list, with the names it shows. */
export interface InboxRow extends CoachConversationRow {
  memberName: string;
  assignedName: string | null;
  preview: string;
}

export interface InboxFilter {
  status: ConversationStatus;
  /** Only conversations assigned to this id; null: only unassigned; undefined: all. */
  assignedTo?: string | null;
}

/** What a coach sees of a member, in one query (the quit plan comes from the companion). */
export interface MemberContextRow extends Record<string, unknown> {
  id: string;
  name: string;
  language: string;
  type: 'free' | 'premium';
  current_day: number;
  slips_last_7_days: number;
  dependence_score: number | null;
}

/** Where a coach's reply can reach the member. */
export interface RecipientRow extends Record<string, unknown> {
  language: string;
  whatsapp_no: string | null;
  verified_mobile: string | null;
  push_subscriptions: number;
  last_whatsapp_at: Date | string | null;
}

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  language: string;
  role: 'user' | 'coach' | 'admin';
}

const assignee = alias(users, 'assignee');

/** Coach conversations, messages, notes and saved replies: SQL only. */
/** What the inbox shows of a coach or admin: a name to assign to, and where their alerts go. */
const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  language: users.language,
  role: users.role,
};

export class CoachRepository {
  constructor(private readonly db: Executor) {}

  async conversationOf(userId: string): Promise<CoachConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(coachConversations)
      .where(eq(coachConversations.userId, userId));
    return row;
  }

  async conversation(id: string): Promise<CoachConversationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(coachConversations)
      .where(eq(coachConversations.id, id));
    return row;
  }

  /**
   * The member's one conversation, created or reopened for a message of theirs at `at`: open,
   * waiting since its oldest unanswered message, answered next on the channel they wrote from.
   */
  async openForMemberMessage(
    userId: string,
    at: Date,
    channel: CoachChannel,
  ): Promise<CoachConversationRow> {
    const [row] = await this.db
      .insert(coachConversations)
      .values({
        userId,
        status: 'open',
        lastMessageAt: at,
        waitingSince: at,
        lastMemberChannel: channel,
        createdAt: at,
      })
      .onConflictDoUpdate({
        target: coachConversations.userId,
        set: {
          status: 'open',
          lastMessageAt: at,
          waitingSince: sql`coalesce(${coachConversations.waitingSince}, excluded.waiting_since)`,
          lastMemberChannel: channel,
        },
      })
      .returning();
    return row!;
  }

  /** Stores a message; undefined when its `client_id` was stored for this member before. */
  async insertMessage(message: NewCoachMessage): Promise<CoachMessageRow | undefined> {
    const [row] = await this.db
      .insert(coachMessages)
      .values(message)
      .onConflictDoNothing({ target: [coachMessages.userId, coachMessages.clientId] })
      .returning();
    return row;
  }

  async messageByClientId(userId: string, clientId: string): Promise<ThreadMessage | undefined> {
    const [row] = await this.thread(
      and(eq(coachMessages.userId, userId), eq(coachMessages.clientId, clientId))!,
    );
    return row;
  }

  async messages(conversationId: string): Promise<ThreadMessage[]> {
    return this.thread(eq(coachMessages.conversationId, conversationId));
  }

  async message(id: string): Promise<ThreadMessage | undefined> {
    const [row] = await this.thread(eq(coachMessages.id, id));
    return row;
  }

  private async thread(where: SQL): Promise<ThreadMessage[]> {
    const rows = await this.db
      .select({ message: coachMessages, coachName: users.name })
      .from(coachMessages)
      .leftJoin(users, eq(users.id, coachMessages.coachId))
      .where(where)
      .orderBy(asc(coachMessages.createdAt), asc(coachMessages.id));
    return rows.map((row) => ({ ...row.message, coachName: row.coachName }));
  }

  /**
   * Claims today's acknowledgement: true for the one caller that moved `acknowledged_on` to
   * `istDate`, so two messages at the same moment still get one.
   */
  async claimAcknowledgement(conversationId: string, istDate: string): Promise<boolean> {
    const rows = await this.db
      .update(coachConversations)
      .set({ acknowledgedOn: istDate })
      .where(
        and(
          eq(coachConversations.id, conversationId),
          sql`${coachConversations.acknowledgedOn} IS DISTINCT FROM ${istDate}`,
        ),
      )
      .returning({ id: coachConversations.id });
    return rows.length > 0;
  }

  async markUrgent(conversationId: string): Promise<void> {
    await this.db
      .update(coachConversations)
      .set({ urgent: true })
      .where(eq(coachConversations.id, conversationId));
  }

  /** A coach answered: nothing waits any more, and the next wait may alert again. */
  async answered(conversationId: string, at: Date): Promise<void> {
    await this.db
      .update(coachConversations)
      .set({ lastMessageAt: at, waitingSince: null, alertedAt: null })
      .where(eq(coachConversations.id, conversationId));
  }

  /** A system message (acknowledgement, crisis reply) moves the thread without answering it. */
  async touched(conversationId: string, at: Date): Promise<void> {
    await this.db
      .update(coachConversations)
      .set({ lastMessageAt: sql`greatest(${coachConversations.lastMessageAt}, ${at})` })
      .where(eq(coachConversations.id, conversationId));
  }

  async setStatus(id: string, status: ConversationStatus): Promise<boolean> {
    const rows = await this.db
      .update(coachConversations)
      // Closing settles the conversation: nothing waits, nothing stays urgent.
      .set(status === 'closed' ? { status, waitingSince: null, urgent: false } : { status })
      .where(eq(coachConversations.id, id))
      .returning({ id: coachConversations.id });
    return rows.length > 0;
  }

  async assign(id: string, coachId: string | null): Promise<boolean> {
    const rows = await this.db
      .update(coachConversations)
      .set({ assignedTo: coachId })
      .where(eq(coachConversations.id, id))
      .returning({ id: coachConversations.id });
    return rows.length > 0;
  }

  /** Urgent first, then the longest waiting (nothing waiting last), then the most recent. */
  async inbox(filter: InboxFilter, ids?: readonly string[]): Promise<InboxRow[]> {
    const conditions: SQL[] = [eq(coachConversations.status, filter.status)];
    if (filter.assignedTo === null) conditions.push(isNull(coachConversations.assignedTo));
    else if (filter.assignedTo !== undefined) {
      conditions.push(eq(coachConversations.assignedTo, filter.assignedTo));
    }
    const where = ids ? inArray(coachConversations.id, [...ids]) : and(...conditions);
    const rows = await this.db
      .select({
        conversation: coachConversations,
        memberName: users.name,
        assignedName: assignee.name,
        // What a person wrote last, member or coach: the automatic acknowledgement and crisis
        // replies say nothing about the conversation, so they stand in only when nothing else is.
        preview: sql<string>`coalesce((
          SELECT left(m.text, 140) FROM coach_messages m
          WHERE m.conversation_id = ${coachConversations.id}
          ORDER BY m.sender = 'system', m.created_at DESC, m.id DESC LIMIT 1), '')`,
      })
      .from(coachConversations)
      .innerJoin(users, eq(users.id, coachConversations.userId))
      .leftJoin(assignee, eq(assignee.id, coachConversations.assignedTo))
      .where(where)
      .orderBy(
        sql`${coachConversations.urgent} DESC`,
        sql`${coachConversations.waitingSince} ASC NULLS LAST`,
        sql`${coachConversations.lastMessageAt} DESC`,
      )
      .limit(500);
    return rows.map((row) => ({
      ...row.conversation,
      memberName: row.memberName,
      assignedName: row.assignedName,
      preview: row.preview,
    }));
  }

  async notes(conversationId: string) {
    return this.db
      .select({ note: coachNotes, authorName: users.name })
      .from(coachNotes)
      .leftJoin(users, eq(users.id, coachNotes.authorId))
      .where(eq(coachNotes.conversationId, conversationId))
      .orderBy(asc(coachNotes.createdAt), asc(coachNotes.id));
  }

  async insertNote(values: typeof coachNotes.$inferInsert) {
    const [row] = await this.db.insert(coachNotes).values(values).returning();
    return row!;
  }

  /** The member's name, language, programme day, slips of the last 7 days and dependence score. */
  async memberContext(userId: string, since: Date): Promise<MemberContextRow | undefined> {
    const result = await this.db.execute<MemberContextRow>(sql`
      SELECT u.id, u.name, u.language, u.type, u.current_day,
        (SELECT count(*)::int FROM cravings c
          WHERE c.user_id = u.id AND c.outcome = 'slipped' AND c.at >= ${since}) AS slips_last_7_days,
        (SELECT d.score::int FROM dependence_tests d
          WHERE d.user_id = u.id ORDER BY d.created_at DESC LIMIT 1) AS dependence_score
      FROM users u WHERE u.id = ${userId}`);
    return result.rows[0];
  }

  /** The member's numbers, browsers and WhatsApp window, for the reply's channel. */
  async recipient(userId: string): Promise<RecipientRow | undefined> {
    const result = await this.db.execute<RecipientRow>(sql`
      SELECT u.language, u.whatsapp_no,
        CASE WHEN u.mobile_verified_at IS NOT NULL THEN u.mobile END AS verified_mobile,
        (SELECT count(*)::int FROM push_subscriptions p WHERE p.user_id = u.id) AS push_subscriptions,
        greatest(
          (SELECT w.last_inbound_at FROM ${whatsappWindows} w WHERE w.number = u.whatsapp_no),
          (SELECT max(m.created_at) FROM coach_messages m
            WHERE m.user_id = u.id AND m.sender = 'member' AND m.channel = 'whatsapp')
        ) AS last_whatsapp_at
      FROM users u WHERE u.id = ${userId}`);
    return result.rows[0];
  }

  async userLanguage(userId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    return row?.language;
  }

  async userName(userId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    return row?.name;
  }

  /** One bell notice per recipient, in one statement (a new message may ring every coach). */
  async ringBells(
    rows: { userId: string; title: string; message: string; language: LanguageCode }[],
  ): Promise<void> {
    if (rows.length > 0) await this.db.insert(notifications).values(rows);
  }

  /** People with a console role that answers the inbox, by name. */
  async staff(roles: readonly StaffMember['role'][]): Promise<StaffMember[]> {
    return this.db
      .select(staffColumns)
      .from(users)
      .where(inArray(users.role, [...roles]))
      .orderBy(asc(users.name));
  }

  async staffMember(id: string): Promise<StaffMember | undefined> {
    const [row] = await this.db.select(staffColumns).from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * Conversations waiting longer than `longBefore`, or urgent ones waiting longer than
   * `urgentBefore` (null: urgent ones are not checked now), not yet alerted in this wait.
   */
  async waitingTooLong(longBefore: Date, urgentBefore: Date | null) {
    const tooLong = sql`${coachConversations.waitingSince} < ${longBefore}`;
    const urgentTooLong = urgentBefore
      ? sql`(${coachConversations.urgent} AND ${coachConversations.waitingSince} < ${urgentBefore})`
      : sql`false`;
    return this.db
      .select({ conversation: coachConversations, memberName: users.name })
      .from(coachConversations)
      .innerJoin(users, eq(users.id, coachConversations.userId))
      .where(
        and(
          isNotNull(coachConversations.waitingSince),
          isNull(coachConversations.alertedAt),
          eq(coachConversations.status, 'open'),
          sql`(${tooLong} OR ${urgentTooLong})`,
        ),
      )
      .limit(100);
  }

  /** Claims the alert of this wait: true for the one worker that set `alerted_at`. */
  async claimAlert(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(coachConversations)
      .set({ alertedAt: at })
      .where(and(eq(coachConversations.id, id), isNull(coachConversations.alertedAt)))
      .returning({ id: coachConversations.id });
    return rows.length > 0;
  }

  // Saved replies.

  async savedReplies(language?: string): Promise<CoachSavedReplyRow[]> {
    return this.db
      .select()
      .from(coachSavedReplies)
      .where(language ? eq(coachSavedReplies.language, language as never) : undefined)
      .orderBy(asc(coachSavedReplies.language), asc(coachSavedReplies.title));
  }

  async savedReply(id: string): Promise<CoachSavedReplyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(coachSavedReplies)
      .where(eq(coachSavedReplies.id, id));
    return row;
  }

  async insertSavedReply(values: typeof coachSavedReplies.$inferInsert) {
    const [row] = await this.db.insert(coachSavedReplies).values(values).returning();
    return row!;
  }

  async updateSavedReply(
    id: string,
    values: Pick<CoachSavedReplyRow, 'language' | 'title' | 'text'>,
  ): Promise<CoachSavedReplyRow | undefined> {
    const [row] = await this.db
      .update(coachSavedReplies)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(coachSavedReplies.id, id))
      .returning();
    return row;
  }

  async deleteSavedReply(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(coachSavedReplies)
      .where(eq(coachSavedReplies.id, id))
      .returning({ id: coachSavedReplies.id });
    return rows.length > 0;
  }
}

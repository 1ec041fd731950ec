import type {
  CoachChannel,
  CoachConversation,
  CoachMessage,
  CoachMessageRequest,
} from '@exhale/contract/coach';
import { istDateString } from '@exhale/contract/ist';
import type { LanguageCode } from '@exhale/contract/languages';
import type { CoachConversationRow } from '../../db/schema/coach';
import type { Clock } from '../../lib/clock';
import type { DataAccess } from '../../lib/data-access';
import { languageOf, text } from '../../lib/texts/texts';
import type { NotificationsRepository } from '../notifications/notifications.repository';
import type { Outbox } from '../outbox/outbox.service';
import { acknowledgementDue, describeCoachHours, type CoachHours } from './coach-hours';
import { toCoachMessage } from './coach.mapper';
import type { CoachRepository } from './coach.repository';
import { crisisOf, type CrisisKind } from './crisis-matcher';

export interface CoachRepositories {
  coach: CoachRepository;
  notifications: Pick<NotificationsRepository, 'insert'>;
}

/** What the coach services work with: the data, the time, the outbox and the coach hours. */
export interface CoachDeps {
  data: DataAccess<CoachRepositories>;
  clock: Clock;
  outbox: Pick<Outbox, 'enqueue' | 'deliverSoon'>;
  hours: CoachHours;
}

/** A member's message, from the app or a WhatsApp or SMS reply. */
export interface MemberMessage {
  userId: string;
  text: string;
  channel: CoachChannel;
  clientId?: string;
  /** The language system replies are written in (the member's). */
  language: LanguageCode;
  /**
   * The number a WhatsApp or SMS message came from: system replies go back there too. `quiet`
   * (the member sent STOP) keeps everything but a crisis reply off the channel.
   */
  replyTo?: { channel: 'whatsapp' | 'sms'; number: string; quiet: boolean };
}

export interface Intake {
  message: CoachMessage;
  /** False when the same `client_id` had been stored before (nothing else happened). */
  created: boolean;
  crisis: CrisisKind;
}

/** How much of a member's message a coach's bell shows. */
const BELL_PREVIEW_LENGTH = 140;

/**
 * The member's side of coach support (API.md "Coach support"): one conversation per member, fed
 * by the app and by WhatsApp and SMS replies; each message gets the crisis check, at most one
 * acknowledgement a day, and rings the bell of whoever should answer it.
 */
export class CoachService {
  constructor(private readonly deps: CoachDeps) {}

  async conversation(userId: string): Promise<CoachConversation> {
    const { coach } = this.deps.data.repos;
    const conversation = await coach.conversationOf(userId);
    if (!conversation) return { status: 'open', messages: [] };
    const messages = await coach.messages(conversation.id);
    return { status: conversation.status, messages: messages.map(toCoachMessage) };
  }

  /** POST /coach/messages: system replies in the account's language (decision 065). */
  async receiveFromApp(userId: string, body: CoachMessageRequest): Promise<Intake> {
    const language = languageOf(await this.deps.data.repos.coach.userLanguage(userId));
    return this.receive({
      userId,
      text: body.text,
      channel: 'app',
      clientId: body.client_id,
      language,
    });
  }

  /** Stores a member's message and answers what must be answered at once, in one transaction. */
  async receive(input: MemberMessage): Promise<Intake> {
    const now = this.deps.clock.now();
    const intake = await this.deps.data.transaction(async (repos, tx) => {
      const { coach } = repos;
      if (input.clientId) {
        const earlier = await coach.messageByClientId(input.userId, input.clientId);
        if (earlier)
          return { message: toCoachMessage(earlier), created: false, crisis: 'none' as const };
      }
      const conversation = await coach.openForMemberMessage(input.userId, now, input.channel);
      const stored = await coach.insertMessage({
        conversationId: conversation.id,
        userId: input.userId,
        sender: 'member',
        text: input.text,
        channel: input.channel,
        clientId: input.clientId ?? null,
        createdAt: now,
      });
      if (!stored) {
        // A retry raced this one past the check above: the first stored message stands.
        const earlier = await coach.messageByClientId(input.userId, input.clientId!);
        return { message: toCoachMessage(earlier!), created: false, crisis: 'none' as const };
      }

      const crisis = crisisOf(input.text);
      const answer = await this.immediateAnswer(coach, conversation, crisis, input.language, now);
      if (answer) {
        // A millisecond after the member's message, so the thread shows it in the order it happened.
        const at = new Date(now.getTime() + 1);
        await coach.insertMessage({
          conversationId: conversation.id,
          userId: input.userId,
          sender: 'system',
          text: answer,
          channel: input.channel,
          createdAt: at,
        });
        await coach.touched(conversation.id, at);
        const replyTo = input.replyTo;
        // Safety overrides STOP: a crisis reply goes out even to a member who paused messages.
        if (replyTo && (!replyTo.quiet || crisis !== 'none')) {
          await this.deps.outbox.enqueue(
            {
              channel: replyTo.channel,
              to: replyTo.number,
              userId: input.userId,
              text: answer,
              kind: 'reply',
              params: { text: answer },
              language: input.language,
            },
            tx,
          );
        }
      }
      await this.ringCoaches(repos, conversation, input.text);
      return { message: toCoachMessage({ ...stored, coachName: null }), created: true, crisis };
    });
    if (intake.created) this.deps.outbox.deliverSoon();
    return intake;
  }

  /** The crisis reply at any hour, else the day's first acknowledgement, else nothing. */
  private async immediateAnswer(
    coach: CoachRepository,
    conversation: CoachConversationRow,
    crisis: CrisisKind,
    language: LanguageCode,
    now: Date,
  ): Promise<string | null> {
    if (crisis === 'self_harm') {
      await coach.markUrgent(conversation.id);
      return text(language, 'coach.crisis');
    }
    if (crisis === 'medical') return text(language, 'coach.emergency');
    if (
      acknowledgementDue(conversation.acknowledgedOn, now) &&
      (await coach.claimAcknowledgement(conversation.id, istDateString(now)))
    ) {
      return text(language, 'coach.acknowledgement', {
        hours: describeCoachHours(this.deps.hours, language),
      });
    }
    return null;
  }

  /** The assigned coach's bell, or every coach's when nobody is assigned (admins if no coach). */
  private async ringCoaches(
    repos: CoachRepositories,
    conversation: CoachConversationRow,
    message: string,
  ): Promise<void> {
    const { coach } = repos;
    const assigned = conversation.assignedTo
      ? await coach.staffMember(conversation.assignedTo)
      : undefined;
    let recipients = assigned ? [assigned] : await coach.staff(['coach']);
    if (recipients.length === 0) recipients = await coach.staff(['admin']);
    const memberName = (await coach.userName(conversation.userId)) ?? '';
    const preview =
      message.length > BELL_PREVIEW_LENGTH ? `${message.slice(0, BELL_PREVIEW_LENGTH)}…` : message;
    await coach.ringBells(
      recipients.map((recipient) => {
        const language = languageOf(recipient.language);
        return {
          userId: recipient.id,
          title: text(language, 'coach.newMessageTitle', { name: memberName }),
          message: preview,
          language,
        };
      }),
    );
  }
}

import type { CoachMessage, CoachPerson, InboxItem, SavedReply } from '@exhale/contract/coach';
import type { CoachSavedReplyRow } from '../../db/schema/coach';
import type { InboxRow, ThreadMessage } from './coach.repository';

/** The first word of a name: members see their coach's first name only. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function toCoachMessage(row: ThreadMessage): CoachMessage {
  return {
    _id: row.id,
    from: row.sender,
    text: row.text,
    channel: row.channel,
    created_at: row.createdAt.toISOString(),
    coach_name: row.sender === 'coach' && row.coachName ? firstName(row.coachName) : null,
    client_id: row.clientId,
  };
}

const person = (id: string | null, name: string | null): CoachPerson | null =>
  id && name !== null ? { _id: id, name } : null;

export function toInboxItem(row: InboxRow): InboxItem {
  return {
    _id: row.id,
    member: { _id: row.userId, name: row.memberName },
    status: row.status,
    urgent: row.urgent,
    assigned_to: person(row.assignedTo, row.assignedName),
    last_message_at: row.lastMessageAt.toISOString(),
    waiting_since: row.waitingSince ? row.waitingSince.toISOString() : null,
    preview: row.preview,
  };
}

export function toSavedReply(row: CoachSavedReplyRow): SavedReply {
  return {
    _id: row.id,
    language: row.language,
    title: row.title,
    text: row.text,
    updated_at: row.updatedAt.toISOString(),
  };
}

import { describe, expect, it } from 'vitest';
import type { CoachMessage } from '@exhale/contract/coach';
import { queuedCoachMessage } from '../../lib/offline/queue';
import { newestNewReply, threadEntries } from './thread';

const CLIENT_A = '00000000-0000-4000-8000-00000000000a';
const CLIENT_B = '00000000-0000-4000-8000-00000000000b';

function message(overrides: Partial<CoachMessage> & Pick<CoachMessage, '_id'>): CoachMessage {
  return {
    from: 'member',
    text: 'Hello',
    channel: 'app',
    created_at: '2026-12-04T10:00:00.000Z',
    coach_name: null,
    client_id: null,
    ...overrides,
  };
}

describe('the thread the member sees', () => {
  it('lists the server messages, then the ones waiting on the phone, marked as waiting', () => {
    const sent = message({ _id: 'm1', client_id: CLIENT_A });
    const reply = message({ _id: 'm2', from: 'coach', coach_name: 'Asha', text: 'Hi' });
    const waiting = queuedCoachMessage(
      { text: 'Still there?', client_id: CLIENT_B },
      new Date('2026-12-04T11:00:00.000Z'),
    );
    const entries = threadEntries([sent, reply], [waiting]);
    expect(entries.map((entry) => [entry.from, entry.text, entry.waiting])).toEqual([
      ['member', 'Hello', false],
      ['coach', 'Hi', false],
      ['member', 'Still there?', true],
    ]);
    expect(entries[1]!.coach_name).toBe('Asha');
    expect(entries[2]!.created_at).toBe('2026-12-04T11:00:00.000Z');
  });

  it('shows a queued message the server already has once, as sent', () => {
    const sent = message({ _id: 'm1', client_id: CLIENT_A, text: 'Sent twice' });
    const stillQueued = queuedCoachMessage({ text: 'Sent twice', client_id: CLIENT_A });
    const entries = threadEntries([sent], [stillQueued]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: 'm1', waiting: false });
  });
});

describe('the reply announced to screen readers', () => {
  const thread = [
    message({ _id: 'm1' }),
    message({ _id: 'm2', from: 'system', text: 'Coaches answer 09:00–18:00' }),
  ];

  it('is nothing on the first load', () => {
    expect(newestNewReply(null, thread)).toBeNull();
  });

  it("is the newest coach or system message that arrived since, not the member's own", () => {
    const reply = message({ _id: 'm3', from: 'coach', coach_name: 'Asha', text: 'I am here' });
    const mine = message({ _id: 'm4', text: 'Thanks' });
    expect(newestNewReply(new Set(['m1', 'm2']), [...thread, reply, mine])).toBe(reply);
    expect(newestNewReply(new Set(['m1', 'm2', 'm3']), [...thread, reply, mine])).toBeNull();
  });

  it('is nothing when nothing new came', () => {
    expect(newestNewReply(new Set(['m1', 'm2']), thread)).toBeNull();
  });
});

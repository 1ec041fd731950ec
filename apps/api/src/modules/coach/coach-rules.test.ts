import { describe, expect, it } from 'vitest';
import {
  acknowledgementDue,
  describeCoachHours,
  inCoachHours,
  parseCoachHours,
} from './coach-hours';
import { chooseReplyDelivery, type ReplyRecipient } from './reply-delivery';

/** An instant from an IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('coach hours', () => {
  const hours = parseCoachHours('09:00-18:00 Mon-Sat');

  it('reads the default and other spellings', () => {
    expect(hours).toEqual({ startMinute: 540, endMinute: 1080, days: [1, 2, 3, 4, 5, 6] });
    expect(parseCoachHours('10:30–17:00 Mon,Wed,Fri').days).toEqual([1, 3, 5]);
    expect(parseCoachHours('08:00-12:00 Sat-Mon').days).toEqual([1, 6, 0]);
  });

  it.each(['', '9-18 Mon-Sat', '18:00-09:00 Mon-Sat', '09:00-18:00 Someday', '09:00-18:00'])(
    'refuses %j',
    (value) => {
      expect(() => parseCoachHours(value)).toThrow();
    },
  );

  it('is open from the start up to, not including, the end, on the listed days (IST)', () => {
    expect(inCoachHours(hours, ist('2026-12-07T09:00:00'))).toBe(true); // Monday
    expect(inCoachHours(hours, ist('2026-12-07T08:59:00'))).toBe(false);
    expect(inCoachHours(hours, ist('2026-12-12T17:59:00'))).toBe(true); // Saturday
    expect(inCoachHours(hours, ist('2026-12-12T18:00:00'))).toBe(false);
    expect(inCoachHours(hours, ist('2026-12-13T12:00:00'))).toBe(false); // Sunday
  });

  it('says the hours with day names in the member language', () => {
    expect(describeCoachHours(hours, 'en')).toBe('09:00–18:00, Monday–Saturday');
    expect(describeCoachHours(hours, 'hi')).toBe('09:00–18:00, सोमवार–शनिवार');
    expect(describeCoachHours(parseCoachHours('10:00-12:00 Mon,Wed-Thu'), 'en')).toBe(
      '10:00–12:00, Monday, Wednesday–Thursday',
    );
  });
});

describe('acknowledgementDue', () => {
  it('acknowledges once per IST day', () => {
    const evening = ist('2026-12-07T23:50:00');
    expect(acknowledgementDue(null, evening)).toBe(true);
    expect(acknowledgementDue('2026-12-07', evening)).toBe(false);
    // 00:10 IST is the next day, although only 20 minutes later.
    expect(acknowledgementDue('2026-12-07', ist('2026-12-08T00:10:00'))).toBe(true);
  });
});

describe('chooseReplyDelivery', () => {
  const now = ist('2026-12-07T12:00:00');
  const member: ReplyRecipient = {
    lastChannel: 'app',
    whatsappNumber: '9876543210',
    lastWhatsappAt: null,
    verifiedMobile: '9876543210',
    pushSubscriptions: 0,
  };
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

  it('answers WhatsApp in free text inside 24 hours of their last WhatsApp message', () => {
    expect(
      chooseReplyDelivery(
        { ...member, lastChannel: 'whatsapp', lastWhatsappAt: hoursAgo(23) },
        now,
      ),
    ).toEqual({ channel: 'whatsapp', form: 'text' });
  });

  it('sends the WhatsApp template once the window has closed', () => {
    expect(
      chooseReplyDelivery(
        { ...member, lastChannel: 'whatsapp', lastWhatsappAt: hoursAgo(24) },
        now,
      ),
    ).toEqual({ channel: 'whatsapp', form: 'template' });
    expect(chooseReplyDelivery({ ...member, lastChannel: 'whatsapp' }, now)).toEqual({
      channel: 'whatsapp',
      form: 'template',
    });
  });

  it('answers an SMS with the SMS template, only to a verified number', () => {
    expect(chooseReplyDelivery({ ...member, lastChannel: 'sms' }, now)).toEqual({
      channel: 'sms',
      form: 'template',
    });
    expect(
      chooseReplyDelivery({ ...member, lastChannel: 'sms', verifiedMobile: null }, now),
    ).toEqual({ channel: 'app' });
  });

  it('pushes to app writers with notifications on, else leaves it to the app and the bell', () => {
    expect(chooseReplyDelivery({ ...member, pushSubscriptions: 2 }, now)).toEqual({
      channel: 'push',
    });
    expect(chooseReplyDelivery(member, now)).toEqual({ channel: 'app' });
    expect(
      chooseReplyDelivery({ ...member, lastChannel: 'whatsapp', whatsappNumber: null }, now),
    ).toEqual({ channel: 'app' });
  });
});

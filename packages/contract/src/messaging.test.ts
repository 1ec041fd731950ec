import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import {
  fillPlaceholders,
  indianMobileNumber,
  inQuietHours,
  keywordOf,
  messagingPreferencesRequestSchema,
  minutesOfDay,
  normaliseMobile,
  sendTimeAllowed,
} from './messaging';

describe('keywordOf', () => {
  it.each([
    ['CRAVE', 'crave'],
    ['crave now', 'crave'],
    ['Help!', 'crave'],
    ['मदद', 'crave'],
    ['slip', 'slip'],
    ['फिसला', 'slip'],
    ['  STOP  ', 'stop'],
    ['रोको', 'stop'],
    ['Start', 'start'],
    ['hello', 'other'],
    ['', 'other'],
  ])('reads %j as %s', (text, keyword) => {
    expect(keywordOf(text)).toBe(keyword);
  });
});

describe('send times', () => {
  it('allows 07:00 to 21:00 IST and nothing at night', () => {
    expect(minutesOfDay('07:05')).toBe(425);
    expect(Number.isNaN(minutesOfDay('7:05'))).toBe(true);
    for (const ok of ['07:00', '12:30', '21:00']) expect(sendTimeAllowed(ok)).toBe(true);
    for (const bad of ['06:59', '21:01', '23:00', '25:00'])
      expect(sendTimeAllowed(bad)).toBe(false);
    expect(inQuietHours(6 * 60 + 59)).toBe(true);
    expect(inQuietHours(7 * 60)).toBe(false);
    expect(inQuietHours(21 * 60)).toBe(false);
    expect(inQuietHours(21 * 60 + 1)).toBe(true);
  });

  it('validates the preferences form with the catalogue message', () => {
    const result = messagingPreferencesRequestSchema.safeParse({
      channel: 'sms',
      send_at: '22:00',
      language: 'hi',
    });
    expect(result.error?.issues[0]?.message).toBe('Choose a time between 07:00 and 21:00.');
  });

  it('takes every language Exhale speaks for the messages, and names them all when refused', () => {
    for (const language of LANGUAGES) {
      const form = { channel: 'sms', send_at: '09:00', language };
      expect(messagingPreferencesRequestSchema.safeParse(form).success, language).toBe(true);
    }
    const refused = messagingPreferencesRequestSchema.safeParse({
      channel: 'sms',
      send_at: '09:00',
      language: 'fr',
    });
    expect(refused.error?.issues[0]?.message).toBe(
      'Choose English, Hindi, Marathi, Tamil, Telugu or Bengali.',
    );
  });
});

it('normalises Indian numbers to 10 digits', () => {
  expect(normaliseMobile('+91 98765-43210')).toBe('9876543210');
  expect(normaliseMobile('919876543210')).toBe('9876543210');
  expect(normaliseMobile('09876543210')).toBe('9876543210');
});

it('takes an inbound sender only when it is an Indian mobile number, with or without 91', () => {
  for (const from of ['9876543210', '919876543210', '+919876543210']) {
    expect(indianMobileNumber(from), from).toBe('9876543210');
  }
  expect(indianMobileNumber('6000000000')).toBe('6000000000');
  expect(indianMobileNumber('9123456789')).toBe('9123456789');
  expect(indianMobileNumber('919123456789')).toBe('9123456789');
  for (const from of [
    '5876543210',
    '09876543210',
    '+91 98765-43210',
    '98765432',
    '+4479460000000',
    '919876543210123',
    '',
    'STOP',
  ]) {
    expect(indianMobileNumber(from), from).toBeNull();
  }
});

it('fills the known placeholders and leaves other braces', () => {
  expect(
    fillPlaceholders('{name}: {days} days, {saved}, {days_to_quit} to go {other}', {
      name: 'Asha',
      days: 3,
      days_to_quit: 0,
      saved: '₹360',
    }),
  ).toBe('Asha: 3 days, ₹360, 0 to go {other}');
});

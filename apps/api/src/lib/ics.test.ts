import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, renderIcs } from './ics';

describe('renderIcs', () => {
  const ics = renderIcs({
    uid: 'reg-1@exhale.example',
    start: new Date('2026-03-02T13:30:00Z'),
    end: new Date('2026-03-02T14:30:00Z'),
    stamp: new Date('2026-03-01T00:00:00Z'),
    summary: 'Live session: Beating cravings, together',
    description: 'Join at https://meet.example/abc\nPasscode; 1234',
    organizer: { name: 'Exhale', email: 'support@exhale.example' },
  });

  it('is one VEVENT in a VCALENDAR with CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
  });

  it('writes times in UTC and escapes text values', () => {
    expect(ics).toContain('DTSTART:20260302T133000Z\r\n');
    expect(ics).toContain('DTEND:20260302T143000Z\r\n');
    expect(ics).toContain('SUMMARY:Live session: Beating cravings\\, together\r\n');
    expect(ics).toContain('DESCRIPTION:Join at https://meet.example/abc\\nPasscode\\; 1234');
  });

  it('folds long lines at 75 octets without splitting characters', () => {
    const folded = foldIcsLine(`DESCRIPTION:${'₹'.repeat(60)}`);
    for (const line of folded.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'₹'.repeat(60)}`);
  });

  it('escapes backslashes first', () => {
    expect(escapeIcsText('a\\b,c')).toBe('a\\\\b\\,c');
  });
});

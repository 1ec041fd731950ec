import { describe, expect, it } from 'vitest';
import {
  accountDeletionLink,
  loginCodeMail,
  loginCodeSms,
  passwordResetLink,
  passwordResetMail,
  swapTokenSegments,
} from './auth.mails';

describe('swapTokenSegments', () => {
  it('swaps the second and third segments, and swapping again restores the token', () => {
    expect(swapTokenSegments('aaa.bbb.ccc')).toBe('aaa.ccc.bbb');
    expect(swapTokenSegments(swapTokenSegments('aaa.bbb.ccc'))).toBe('aaa.bbb.ccc');
  });

  it('refuses anything but a three-part token', () => {
    expect(() => swapTokenSegments('a.b')).toThrow();
    expect(() => swapTokenSegments('a.b.c.d')).toThrow();
  });
});

describe('mailed links', () => {
  it('points the reset link at /reset with the swapped token', () => {
    expect(passwordResetLink('https://exhale.example', 'h.p.s')).toBe(
      'https://exhale.example/reset?token=h.s.p',
    );
  });

  it('points the deletion link at /user-delete with the token as issued', () => {
    expect(accountDeletionLink('https://exhale.example', 'h.p.s')).toBe(
      'https://exhale.example/user-delete?token=h.p.s',
    );
  });
});

describe('mail content', () => {
  it('shows the code in the subject, the text and the HTML', () => {
    const mail = loginCodeMail('Asha', '042137');
    expect(mail.subject).toBe('042137 is your Exhale sign-in code');
    expect(mail.text).toContain('042137');
    expect(mail.html).toContain('042137');
    expect(mail.text).toContain('support@exhale.example');
  });

  it('escapes names in the HTML part', () => {
    const mail = passwordResetMail(
      '<img src=x onerror=alert(1)>',
      'https://exhale.example/reset?token=a.b.c',
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('href="https://exhale.example/reset?token=a.b.c"');
  });

  it('keeps the SMS short, code first', () => {
    const sms = loginCodeSms('123456');
    expect(sms.text.startsWith('123456 ')).toBe(true);
    expect(sms.text.length).toBeLessThanOrEqual(160);
  });
});

import type { LanguageCode } from '@exhale/contract/languages';
import { textsFor } from '../../lib/texts/texts';
import { renderMail } from '../../providers/messaging/mail-layout';
import type { OtpMessage } from './otp.service';

/** The sign-in code by mail. */
export function loginCodeMail(
  name: string,
  code: string,
  language: LanguageCode = 'en',
): OtpMessage {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('loginCode.subject', { code }),
      greeting: t('mail.greeting', { name }),
      paragraphs: [t('loginCode.body')],
      code,
      note: t('loginCode.note'),
    },
    language,
  );
}

/** The sign-in code by SMS: short, code first, no link. */
export function loginCodeSms(code: string, language: LanguageCode = 'en'): OtpMessage {
  return { subject: null, html: null, text: textsFor(language)('loginCode.sms', { code }) };
}

/**
 * The reset page (spec §2 "Password Reset page") swaps the token's second and third dot-separated
 * segments when it reads the link, so the link carries them swapped: a mail scanner or a log that
 * captures the URL does not hold a directly usable bearer token.
 */
export function swapTokenSegments(token: string): string {
  const [header, payload, signature, ...rest] = token.split('.');
  if (header === undefined || payload === undefined || signature === undefined || rest.length) {
    throw new Error('expected a three-part token');
  }
  return `${header}.${signature}.${payload}`;
}

export function passwordResetLink(origin: string, token: string): string {
  return `${origin}/reset?token=${encodeURIComponent(swapTokenSegments(token))}`;
}

export function passwordResetMail(name: string, link: string, language: LanguageCode = 'en') {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('reset.subject'),
      greeting: t('mail.greeting', { name }),
      paragraphs: [t('reset.body')],
      action: { label: t('reset.action'), url: link },
      note: t('reset.note'),
    },
    language,
  );
}

export function accountDeletionLink(origin: string, token: string): string {
  return `${origin}/user-delete?token=${encodeURIComponent(token)}`;
}

export function accountDeletionMail(name: string, link: string, language: LanguageCode = 'en') {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('deletion.subject'),
      greeting: t('mail.greeting', { name }),
      paragraphs: [t('deletion.body'), t('deletion.expiry')],
      action: { label: t('deletion.action'), url: link },
      note: t('deletion.note'),
    },
    language,
  );
}

export function emailVerificationLink(origin: string, token: string): string {
  return `${origin}/verify-email?token=${encodeURIComponent(token)}`;
}

/** Sent at sign-up and when the address changes: the link proves the address is the member's. */
export function emailVerificationMail(name: string, link: string, language: LanguageCode = 'en') {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('verify.subject'),
      greeting: t('mail.greeting', { name }),
      paragraphs: [t('verify.body'), t('verify.orCode')],
      action: { label: t('verify.action'), url: link },
      note: t('verify.note'),
    },
    language,
  );
}

/**
 * Sent when a verified Google identity took over an account whose address was never confirmed
 * (decision 035): whoever set the password at sign-up may not have been the address's owner.
 */
export function googleTakeoverMail(name: string, language: LanguageCode = 'en') {
  const t = textsFor(language);
  return renderMail(
    {
      subject: t('googleTakeover.subject'),
      greeting: t('mail.greeting', { name }),
      paragraphs: [t('googleTakeover.body'), t('googleTakeover.howToSignIn')],
      note: t('googleTakeover.note'),
    },
    language,
  );
}

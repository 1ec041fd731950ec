import { brand } from '@exhale/contract/brand';
import { renderMail } from '../../providers/messaging/mail-layout';
import type { OtpMessage } from './otp.service';

/** The sign-in code by mail. */
export function loginCodeMail(name: string, code: string): OtpMessage {
  return renderMail({
    subject: `${code} is your ${brand.name} sign-in code`,
    greeting: `Hello ${name},`,
    paragraphs: [`Use this code to sign in to ${brand.name}. It expires in 10 minutes.`],
    code,
    note: 'Never share this code with anyone. If you did not try to sign in, you can ignore this mail.',
  });
}

/** The sign-in code by SMS: short, code first, no link. */
export function loginCodeSms(code: string): OtpMessage {
  return {
    subject: null,
    html: null,
    text: `${code} is your ${brand.name} sign-in code. It expires in 10 minutes. Do not share it with anyone.`,
  };
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

export function passwordResetMail(name: string, link: string) {
  return renderMail({
    subject: `Reset your ${brand.name} password`,
    greeting: `Hello ${name},`,
    paragraphs: [
      'We received a request to reset your password. The link below works once and expires in 30 minutes.',
    ],
    action: { label: 'Reset Password', url: link },
    note: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  });
}

export function accountDeletionLink(origin: string, token: string): string {
  return `${origin}/user-delete?token=${encodeURIComponent(token)}`;
}

export function accountDeletionMail(name: string, link: string) {
  return renderMail({
    subject: `Confirm deleting your ${brand.name} account`,
    greeting: `Hello ${name},`,
    paragraphs: [
      'You asked to delete your account. Open the link below to confirm. Deleting the account erases your profile and progress and cannot be undone.',
      'The link works once and expires in 24 hours.',
    ],
    action: { label: 'Delete my account', url: link },
    note: 'If you did not ask for this, ignore this mail: your account stays as it is.',
  });
}

export function emailVerificationLink(origin: string, token: string): string {
  return `${origin}/verify-email?token=${encodeURIComponent(token)}`;
}

/** Sent at sign-up and when the address changes: the link proves the address is the member's. */
export function emailVerificationMail(name: string, link: string) {
  return renderMail({
    subject: `Confirm your email address for ${brand.name}`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `Please confirm that this address is yours by opening the link below. It works once and expires in 7 days.`,
      'You can also confirm it by signing in with a code sent to this address.',
    ],
    action: { label: 'Confirm my email', url: link },
    note: `If you did not create a ${brand.name} account, ignore this mail: nobody can use this address to sign in to it without you.`,
  });
}

/**
 * Sent when a verified Google identity took over an account whose address was never confirmed
 * (decision 035): whoever set the password at sign-up may not have been the address's owner.
 */
export function googleTakeoverMail(name: string) {
  return renderMail({
    subject: `Your ${brand.name} account now signs in with Google`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `You signed in with Google as the owner of this address. The ${brand.name} account registered with it had never confirmed the address, so Google now secures it: the password set at sign-up was removed and every other device was signed out.`,
      'Sign in with Google, or with a code sent to this address. To use a password again, choose Forgot Password on the sign-in page.',
    ],
    note: 'Please check your profile details: someone else may have created this account with your address.',
  });
}

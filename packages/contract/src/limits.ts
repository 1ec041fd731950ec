// Lengths a form shows or enforces as the user types. Kept free of zod so that a page needing only
// a number (the OTP slots, the feedback counter) does not download the schema library with it;
// the schemas in auth.ts and programme.ts import them from here.

/** Digits in a sign-in or WhatsApp verification code. */
export const OTP_LENGTH = 6;

/** Longest lesson feedback a user may send. */
export const FEEDBACK_MAX_LENGTH = 2000;

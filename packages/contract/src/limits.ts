// Lengths a form shows or enforces as the user types. Kept free of zod so that a page needing only
// a number (the OTP slots, the feedback counter, the translation batches of the top bar) does not
// download the schema library with it; the schemas in auth.ts, programme.ts and content.ts import
// them from here.

/** Digits in a sign-in or WhatsApp verification code. */
export const OTP_LENGTH = 6;

/** Longest lesson feedback a user may send. */
export const FEEDBACK_MAX_LENGTH = 2000;

/** Longest text one POST /translate (or one item of a batch) may carry. */
export const TRANSLATE_TEXT_MAX_LENGTH = 5000;

/** The most texts one POST /translate/batch may carry. */
export const TRANSLATE_BATCH_MAX_TEXTS = 50;

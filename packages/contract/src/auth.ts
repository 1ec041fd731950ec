// Request and response schemas for sign-up, sign-in, password reset, the profile form and the
// WhatsApp number (spec §5, API.md "Auth" and "Profile and WhatsApp"). The web validates its forms
// with these same schemas and the API validates bodies with them, so the messages cannot drift.
//
// Which message fires when: each field reports ONE message, the first rule it breaks, in this order:
// a missing or blank value gets the field's "required" text, then length, then pattern. Issues are
// listed in the spec's field order (name, email, mobile, age, password, gender), and the API toasts
// the first one.
import { z } from 'zod';
import { messageEnvelopeSchema, successEnvelope } from './envelope';
import { LANGUAGES } from './languages';
import { Messages } from './messages';
import { OTP_LENGTH } from './limits';
import { stepSchema } from './step-schema';
import { isJoinerBetweenLetters } from './text';

// ---------------------------------------------------------------------------------------------
// Patterns and limits
// ---------------------------------------------------------------------------------------------

/**
 * Spec §5: letters, digits, dot, underscore, percent or hyphen before the @, a domain, then a 1 to
 * 5 letter suffix. Deliberately not zod's `z.email()`, which refuses '%' and accepts '+'.
 */
export const EMAIL_PATTERN = /^[a-zA-Z0-9._%-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{1,5}$/;
/** Storage bound (RFC 5321 path limit); longer input fails with the pattern's message. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Spec §5: letters and spaces, 1 to 20. "Letters" means any script's letters (with their combining
 * marks, which Devanagari vowel signs need), not only A-Z: the product is for India. A zero-width
 * joiner or non-joiner between two letters is part of how Hindi, Bengali, Malayalam and others
 * are written (क्‍ष, র‍্য), so it counts as part of the word (decision 035).
 */
export const NAME_PATTERN =
  /^(?:[\p{L}\p{M} ]|(?<=[\p{L}\p{M}])[\u200C\u200D](?=[\p{L}\p{M}])){1,20}$/u;
export const SIGNUP_NAME_MIN_LENGTH = 2;
/** The profile form only asks for one character; this bound only protects storage. */
export const PROFILE_NAME_MAX_LENGTH = 50;

/**
 * The one name rule (decision 035), for every name a person gives: sign-up, profile, and whatever
 * prints or shows it (invoices, the console, mails). A name may not hold markup (< or >), control
 * characters or line breaks, or invisible format characters: direction overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), zero-width space, word joiner, BOM, soft hyphen and the rest of
 * Unicode's format category. The one exception is a zero-width joiner or non-joiner (U+200D,
 * U+200C) between two letters, which Indic scripts need.
 */
const NAME_MARKUP = /[<>]/;
const NAME_LINE_OR_CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
const NAME_FORMAT = /\p{Cf}/u;

/** Where each character of `value` breaks the name rule: true for the characters to refuse. */
function nameRuleBreaks(value: string): boolean[] {
  const chars = Array.from(value);
  return chars.map((char, i) => {
    if (NAME_MARKUP.test(char) || NAME_LINE_OR_CONTROL.test(char)) return true;
    if (!NAME_FORMAT.test(char)) return false;
    return !isJoinerBetweenLetters(chars, i);
  });
}

/** True when `value` keeps the one name rule. */
export function isSafeName(value: string): boolean {
  return !nameRuleBreaks(value).some(Boolean);
}

/**
 * `value` made to keep the name rule, for names that come from elsewhere (a Google profile) or
 * were stored before the rule (an invoice prints them): refused characters go, line breaks and
 * controls become spaces, runs of spaces collapse. May return '' (the caller picks a fallback).
 */
export function toSafeName(value: string): string {
  const chars = Array.from(value);
  const breaks = nameRuleBreaks(value);
  return chars
    .map((char, i) => {
      if (!breaks[i]) return char;
      return NAME_LINE_OR_CONTROL.test(char) ? ' ' : '';
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Ten ASCII digits: signup mobile (min 10, digits only, max 10), profile phone, WhatsApp. */
export const MOBILE_PATTERN = /^[0-9]{10}$/;
export const MOBILE_LENGTH = 10;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
/** At least one uppercase letter, one digit and one special (not a letter, digit or space). */
export const PASSWORD_STRENGTH_PATTERN = /^(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9\s])/s;
/**
 * Upper bound for passwords that have no spec rule (login, reset, change): it only caps the cost
 * of hashing attacker-sized input.
 */
export const ANY_PASSWORD_MAX_LENGTH = 128;

export const AGE_MIN = 12;
export const AGE_MAX = 150;
/** The age input keeps at most 3 characters (spec §5 input filtering). */
export const AGE_INPUT_MAX_LENGTH = 3;

export { OTP_LENGTH };
export const OTP_PATTERN = /^[0-9]{6}$/;

/** Highest landing-test score a new account may bring with it (first attempts cap at 99). */
export const SIGNUP_TOTAL_POINTS_MAX = 99;

// ---------------------------------------------------------------------------------------------
// Input filters (applied while typing in the web, and again by the schemas on the server)
// ---------------------------------------------------------------------------------------------

/** Removes every whitespace character (spec §5: email and login inputs have spaces removed). */
export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Age input: digits only, at most 3 characters. */
export function filterAge(value: string): string {
  return value.replace(/[^0-9]/g, '').slice(0, AGE_INPUT_MAX_LENGTH);
}

/** The email-or-mobile login field: spaces removed and lowercased. */
export function normaliseLoginIdentifier(value: string): string {
  return stripSpaces(value).toLowerCase();
}

export type LoginIdentifier = { email: string } | { mobile: string };

/** Email when it matches the email pattern, otherwise treated as a mobile number (spec §5). */
export function classifyLoginIdentifier(value: string): LoginIdentifier {
  const normalised = normaliseLoginIdentifier(value);
  return EMAIL_PATTERN.test(normalised) ? { email: normalised } : { mobile: normalised };
}

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

/**
 * Emails are stored lowercased: login lowercases what the user types (spec §5), so an address
 * stored with capitals could never log in by email.
 */
function emailSchema(required: string, invalid: string) {
  return z
    .string({ error: required })
    .overwrite(stripSpaces)
    .toLowerCase()
    .min(1, { error: required, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: invalid, abort: true })
    .regex(EMAIL_PATTERN, { error: invalid });
}

function mobileSchema(invalid: string) {
  return z
    .string({ error: invalid })
    .overwrite(stripSpaces)
    .regex(MOBILE_PATTERN, { error: invalid });
}

type AgeMessages = { required: string; notNumber: string; tooLow: string; tooHigh: string };

// The form holds the age as text and the API's JSON carries a number; both parse to a number.
function toAgeNumber(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^[-+]?[0-9]+(\.[0-9]+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * Age (sent as `dob`): blank → required text; not a number → 'Age must be a number'; a fraction →
 * required text (it is "not a valid age"); then the minimum and maximum.
 */
function ageSchema(m: AgeMessages) {
  const missingOrNotNumber = (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? m.required : m.notNumber;
  return z
    .union([z.number(), z.string()], { error: missingOrNotNumber })
    .transform(toAgeNumber)
    .pipe(
      z
        .number({ error: missingOrNotNumber })
        .int({ error: m.required, abort: true })
        .min(AGE_MIN, { error: m.tooLow, abort: true })
        .max(AGE_MAX, { error: m.tooHigh }),
    );
}

/**
 * 'Enter Name' for fewer than 2 characters and also for the letters-and-spaces pattern: the spec
 * gives the pattern no text of its own.
 */
export const signupNameSchema = z
  .string({ error: Messages.SIGNUP_NAME_INVALID.message })
  .trim()
  .min(SIGNUP_NAME_MIN_LENGTH, { error: Messages.SIGNUP_NAME_INVALID.message, abort: true })
  .refine(isSafeName, { error: Messages.NAME_CHARACTERS_INVALID.message, abort: true })
  .regex(NAME_PATTERN, { error: Messages.SIGNUP_NAME_INVALID.message });

/** Blank → 'Enter valid Email'; typed but malformed → 'Please enter a valid email address'. */
export const signupEmailSchema = emailSchema(
  Messages.SIGNUP_EMAIL_REQUIRED.message,
  Messages.EMAIL_PATTERN_MISMATCH.message,
);

export const signupMobileSchema = mobileSchema(Messages.SIGNUP_MOBILE_INVALID.message);

export const signupAgeSchema = ageSchema({
  required: Messages.SIGNUP_AGE_REQUIRED.message,
  notNumber: Messages.AGE_NOT_A_NUMBER.message,
  tooLow: Messages.SIGNUP_AGE_TOO_LOW.message,
  tooHigh: Messages.AGE_TOO_HIGH.message,
});

/**
 * Blank or outside 8–16 characters → 'Enter valid Password'; right length but missing an
 * uppercase letter, a digit or a special character → the long "should contain" text, which names
 * exactly those three rules.
 */
export const signupPasswordSchema = z
  .string({ error: Messages.SIGNUP_PASSWORD_INVALID.message })
  .min(PASSWORD_MIN_LENGTH, { error: Messages.SIGNUP_PASSWORD_INVALID.message, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: Messages.SIGNUP_PASSWORD_INVALID.message, abort: true })
  .regex(PASSWORD_STRENGTH_PATTERN, { error: Messages.SIGNUP_PASSWORD_WEAK.message });

export const GENDERS = ['male', 'female'] as const;
export const genderSchema = z.enum(GENDERS, { error: Messages.GENDER_REQUIRED.message });
export type Gender = z.infer<typeof genderSchema>;

export const otpSchema = z
  .string({ error: Messages.INVALID_OTP.message })
  .overwrite(stripSpaces)
  .regex(OTP_PATTERN, { error: Messages.INVALID_OTP.message });

/** Login passwords (and the current password of a change): any stored password must be typable. */
function anyPasswordSchema(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .max(ANY_PASSWORD_MAX_LENGTH, { error: Messages.PASSWORD_TOO_LONG.message });
}

// ---------------------------------------------------------------------------------------------
// Sign-up
// ---------------------------------------------------------------------------------------------

// `step` and `total_points` come from the client's stored first-event record, never from typing,
// so a bad value is a client fault and gets the generic text.
const clientFaultMessage = Messages.VALIDATION_ERROR.message;

/**
 * POST /auth/user/register. `dob` carries the age (spec §3). `total_points` (the landing test's
 * score, 0–99) is only accepted with step 1, the step a landing-test taker signs up at.
 */
export const registerRequestSchema = z
  .object({
    name: signupNameSchema,
    email: signupEmailSchema,
    mobile: signupMobileSchema,
    dob: signupAgeSchema,
    password: signupPasswordSchema,
    gender: genderSchema,
    step: z.literal([0, 1], { error: clientFaultMessage }),
    total_points: z
      .number({ error: clientFaultMessage })
      .int({ error: clientFaultMessage })
      .min(0, { error: clientFaultMessage })
      .max(SIGNUP_TOTAL_POINTS_MAX, { error: clientFaultMessage })
      .optional(),
  })
  .refine((body) => body.total_points === undefined || body.step === 1, {
    error: clientFaultMessage,
    path: ['total_points'],
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The six inputs of the signup form, in the order the spec lists them. */
export const SIGNUP_FIELDS = ['name', 'email', 'mobile', 'age', 'password', 'gender'] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
export type SignupFormValues = Partial<Record<SignupField, string | null | undefined>>;

/**
 * Names of the blank signup inputs, in form order. Whitespace-only counts as blank, because the
 * schemas trim or strip it and would then report the field as missing anyway.
 */
export function missingSignupInputs(form: SignupFormValues): SignupField[] {
  return SIGNUP_FIELDS.filter((field) => (form[field] ?? '').trim() === '');
}

export { missingInputsMessage } from './messages';

// ---------------------------------------------------------------------------------------------
// Sign-in and password reset
// ---------------------------------------------------------------------------------------------

const loginEmailSchema = z
  .string({ error: Messages.EMAIL_PATTERN_MISMATCH.message })
  .overwrite(normaliseLoginIdentifier)
  .max(EMAIL_MAX_LENGTH, { error: Messages.EMAIL_PATTERN_MISMATCH.message, abort: true })
  .regex(EMAIL_PATTERN, { error: Messages.EMAIL_PATTERN_MISMATCH.message });

const loginMobileSchema = mobileSchema(Messages.SIGNUP_MOBILE_INVALID.message);

const identifierShape = {
  email: loginEmailSchema.optional(),
  mobile: loginMobileSchema.optional(),
};

// Exactly one of the two: with both, the server would have to guess which account is meant.
function hasExactlyOneIdentifier(body: { email?: string; mobile?: string }): boolean {
  return (body.email === undefined) !== (body.mobile === undefined);
}
const oneIdentifier = { error: Messages.LOGIN_IDENTIFIER_REQUIRED.message };

/** POST /auth/user/login: `{ email }` or `{ mobile }`. */
export const otpRequestSchema = z
  .object(identifierShape)
  .refine(hasExactlyOneIdentifier, oneIdentifier);
export type OtpRequest = z.infer<typeof otpRequestSchema>;

/** POST /auth/user/verify (with the otp-kind token). */
export const otpVerifyRequestSchema = z.object({ otp: otpSchema });
export type OtpVerifyRequest = z.infer<typeof otpVerifyRequestSchema>;

/** POST /auth/user/password-login: `{ email }` or `{ mobile }`, plus the password. */
export const passwordLoginRequestSchema = z
  .object({
    ...identifierShape,
    password: anyPasswordSchema(Messages.SIGNUP_PASSWORD_INVALID.message),
  })
  .refine(hasExactlyOneIdentifier, oneIdentifier);
export type PasswordLoginRequest = z.infer<typeof passwordLoginRequestSchema>;

/**
 * POST /auth/google-login. Identity comes only from the verified Google credential; the spec's
 * email/name/mobile/dob/step/type fields are not in the schema, so they are dropped.
 */
export const googleLoginRequestSchema = z
  .object({
    credential: z.string().min(1).optional(),
    access_token: z.string().min(1).optional(),
  })
  .refine((body) => body.credential !== undefined || body.access_token !== undefined, {
    error: Messages.GOOGLE_CREDENTIAL_INVALID.message,
  });
export type GoogleLoginRequest = z.infer<typeof googleLoginRequestSchema>;

/** POST /auth/reset-password. */
export const resetLinkRequestSchema = z.object({ email: loginEmailSchema });
export type ResetLinkRequest = z.infer<typeof resetLinkRequestSchema>;

/**
 * A new password (reset or change) keeps the sign-up rule, with the sign-up texts (issue 17 item
 * 5): 'Enter valid Password' outside 8–16 characters, the "should contain" text when it lacks an
 * uppercase letter, a digit or a special character. Checked after the form's own rules.
 */
function keepsSignupPasswordRule(ctx: z.RefinementCtx, password: string, path: string) {
  const result = signupPasswordSchema.safeParse(password);
  if (result.success) return;
  ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message, path: [path] });
}

/**
 * POST /user/reset-pwd. A blank field gets 'All fields are required' (the spec's text for the
 * same situation in the password-change form), then the two must match, then the new password
 * keeps the sign-up rule.
 */
export const resetPasswordRequestSchema = z
  .object({
    newPassword: anyPasswordSchema(Messages.ALL_FIELDS_REQUIRED.message),
    confirm: z.string({ error: Messages.ALL_FIELDS_REQUIRED.message }),
  })
  .refine((body) => body.newPassword === body.confirm, {
    error: Messages.PASSWORD_MISMATCH.message,
    path: ['confirm'],
    abort: true,
  })
  .superRefine((body, ctx) => keepsSignupPasswordRule(ctx, body.newPassword, 'newPassword'));
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Profile, password change, WhatsApp
// ---------------------------------------------------------------------------------------------

/**
 * PUT /user/profile (JSON or multipart fields) with the profile form's own texts (spec §5 "Profile
 * save"), which differ from the signup texts. The name has no letters-only pattern here: Google
 * accounts bring names such as "O'Brien" that must stay savable. It keeps the one name rule
 * (`isSafeName`), with the same text as sign-up.
 */
export const profileUpdateRequestSchema = z.object({
  name: z
    .string({ error: Messages.PROFILE_NAME_INVALID.message })
    .trim()
    .min(1, { error: Messages.PROFILE_NAME_INVALID.message, abort: true })
    .max(PROFILE_NAME_MAX_LENGTH, { error: Messages.PROFILE_NAME_INVALID.message, abort: true })
    .refine(isSafeName, { error: Messages.NAME_CHARACTERS_INVALID.message }),
  email: emailSchema(
    Messages.PROFILE_EMAIL_INVALID.message,
    Messages.PROFILE_EMAIL_INVALID.message,
  ),
  mobile: mobileSchema(Messages.PROFILE_MOBILE_INVALID.message),
  dob: ageSchema({
    required: Messages.PROFILE_AGE_REQUIRED.message,
    notNumber: Messages.AGE_NOT_A_NUMBER.message,
    tooLow: Messages.PROFILE_AGE_TOO_LOW.message,
    tooHigh: Messages.AGE_TOO_HIGH.message,
  }),
  gender: genderSchema,
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

/**
 * PUT /user/profile/password_update. Checked in the spec's order, one message at a time: all
 * three present, then new equals confirm, then new differs from current; then the new password
 * keeps the sign-up rule (issue 17 item 5: a change may not weaken what sign-up demands).
 */
export const passwordChangeRequestSchema = z
  .object({
    currentPassword: anyPasswordSchema(Messages.ALL_FIELDS_REQUIRED.message),
    newPassword: anyPasswordSchema(Messages.ALL_FIELDS_REQUIRED.message),
    confirm: anyPasswordSchema(Messages.ALL_FIELDS_REQUIRED.message),
  })
  .refine((body) => body.newPassword === body.confirm, {
    error: Messages.NEW_PASSWORD_MISMATCH.message,
    path: ['confirm'],
    abort: true,
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    error: Messages.NEW_PASSWORD_SAME_AS_CURRENT.message,
    path: ['newPassword'],
    abort: true,
  })
  .superRefine((body, ctx) => keepsSignupPasswordRule(ctx, body.newPassword, 'newPassword'));
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

export const whatsappNumberSchema = mobileSchema(Messages.WHATSAPP_NUMBER_INVALID.message);

/** POST /user/profile/whatsapp-check; the spec's client sends `check: false`. */
export const whatsappCheckRequestSchema = z.object({
  whatsapp_no: whatsappNumberSchema,
  check: z.boolean().optional(),
});
export type WhatsappCheckRequest = z.infer<typeof whatsappCheckRequestSchema>;

/** POST /user/profile/whatsapp-verify. */
export const whatsappVerifyRequestSchema = z.object({
  whatsapp_no: whatsappNumberSchema,
  otp: otpSchema,
});
export type WhatsappVerifyRequest = z.infer<typeof whatsappVerifyRequestSchema>;

/**
 * POST /user/profile/mobile-verify: the code sent to the account's own mobile number by
 * POST /user/profile/mobile-check (decision 078).
 */
export const mobileVerifyRequestSchema = z.object({ otp: otpSchema });
export type MobileVerifyRequest = z.infer<typeof mobileVerifyRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The user object and auth responses
// ---------------------------------------------------------------------------------------------

export const userTypeSchema = z.enum(['free', 'premium']);
/** `coach` answers the coach inbox and sees nothing else of the console (decision 090). */
export const USER_ROLES = ['user', 'coach', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The user as every endpoint returns it (API.md). Nullable where an account may not have the value
 * yet: Google sign-ups have no mobile, age or gender; `current_day` exists only for premium users;
 * `total_points` only after a test. Never a password hash: it is not in the schema, so the
 * serialiser drops it even if a query selects it.
 */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  dob: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  profile: z.string().nullable(),
  whatsapp_no: z.string().nullable(),
  type: userTypeSchema,
  step: stepSchema,
  current_day: z.number().int().min(1).nullable(),
  total_points: z.number().int().min(0).nullable(),
  role: userRoleSchema,
  created_at: z.iso.datetime(),
  /** 'Data saver' in the profile: lessons play their small rendition (decision 057). */
  data_saver: z.boolean(),
  /** The account's language: mails, SMS/WhatsApp texts and invoices use it (decision 065). */
  language: z.enum(LANGUAGES),
});
export type User = z.infer<typeof userSchema>;

/** PUT /user/profile/data-saver: turns the member's Data saver on or off. */
export const dataSaverUpdateRequestSchema = z.object({ data_saver: z.boolean() });
export type DataSaverUpdateRequest = z.infer<typeof dataSaverUpdateRequestSchema>;

/**
 * PATCH /user/profile/language: the account's language, one of `LANGUAGES` (decision 065).
 * `if_unset` (beyond API.md): only if the member never set it, as for an account from before
 * the account language, which the web sets once from its UI language (decision 068).
 */
export const languageUpdateRequestSchema = z.object({
  language: z.enum(LANGUAGES, { error: Messages.LANGUAGE_UNSUPPORTED.message }),
  if_unset: z.boolean().optional(),
});
export type LanguageUpdateRequest = z.infer<typeof languageUpdateRequestSchema>;

const tokenField = { token: z.string() };

/** 201 from POST /auth/user/register: `token`, `data` (user), `step`. */
export const registerResponseSchema = successEnvelope(userSchema, {
  ...tokenField,
  step: stepSchema,
});

/** POST /auth/user/login: the otp-kind token (kept by the web as temp_token). */
export const otpRequestResponseSchema = messageEnvelopeSchema.extend(tokenField);

/** OTP verify, password login and Google login: a session token and the user. */
export const sessionResponseSchema = successEnvelope(userSchema, tokenField);

/** GET /user/profile, PUT /user/profile, DELETE /user/profile/delete-pic, WhatsApp verify. */
export const userResponseSchema = successEnvelope(userSchema);

/** POST /user/profile/whatsapp-check: the whatsapp-kind token the web stores. */
export const whatsappCheckResponseSchema = successEnvelope(z.object(tokenField));

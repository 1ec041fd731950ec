// The one catalogue of user-facing text. The API puts `code` and `message` in every error body and
// the web shows `message`, so both sides must read them from here: a string typed twice drifts.
// Strings quoted from the product spec keep its exact wording, capitals and punctuation (typos
// included: 'Trail', 'atleast', 'exist', 'Profile Delete Access') because users and tests know them.
// Strings the spec does not give are plain English and marked "(not in spec)".

type MessageGroup<T extends Record<string, string>> = {
  readonly [K in keyof T]: { readonly code: K; readonly message: T[K] };
};

// The code is always the key, so a code can never disagree with where it is filed.
function defineMessages<const T extends Record<string, string>>(texts: T): MessageGroup<T> {
  return Object.fromEntries(
    Object.entries(texts).map(([code, message]) => [code, { code, message }]),
  ) as MessageGroup<T>;
}

/** Failures any endpoint can produce. */
export const GeneralMessages = defineMessages({
  /** Spec §8 signup fallback; also the fallback for a 400 whose issue has no catalogue text. */
  VALIDATION_ERROR: 'Please Check Inputs',
  NOT_FOUND: 'The requested item was not found.', // (not in spec)
  RATE_LIMITED: 'Too many requests, please try again later.', // (not in spec)
  INTERNAL_ERROR: 'Something went wrong. Please try again.', // (not in spec)
  /** 503 while the database cannot be reached (stopped, restarting, refusing connections). */
  SERVICE_UNAVAILABLE: 'The service is briefly unavailable. Please try again shortly.', // (not in spec)
  /** The web router's error screen (spec §8). */
  UNEXPECTED_APPLICATION_ERROR: 'Unexpected Application Error!',
});

/** Who is calling: missing, expired or unsuitable credentials. */
export const SessionMessages = defineMessages({
  UNAUTHENTICATED: 'Please Login',
  SESSION_EXPIRED: 'Session expired, please log in again', // (not in spec)
  /** 403 for an otp/reset/delete token used outside the one endpoint it is for. (not in spec) */
  WRONG_TOKEN_KIND: 'This link or code cannot be used for this action.',
  FORBIDDEN: 'You do not have permission to do this.', // (not in spec)
  LOGOUT_SUCCESS: 'Logout Success',
  TAKE_TEST_FIRST: 'Please Take Test',
});

/** Sign-in, one-time codes, password reset and account deletion. */
export const AuthMessages = defineMessages({
  LOGIN_SUCCESS: 'Login successful',
  /** Spec §8: "Registration success wording: not shown". */
  REGISTER_SUCCESS: 'Registration successful', // (not in spec)
  OTP_SENT_TO_MAIL: 'OTP successfully sent to mail',
  OTP_SENT_TO_MOBILE: 'OTP Successfully sent to mobile number',
  OTP_REQUEST_FAILED: 'Request OTP Failed',
  OTP_RESENT: 'OTP resent successfully',
  OTP_RESEND_FAILED: 'Failed to resend OTP',
  INVALID_OTP: 'Invalid OTP!',
  OTP_EXPIRED: 'This OTP has expired. Please request a new one.', // (not in spec)
  OTP_TOO_MANY_ATTEMPTS: 'Too many wrong attempts. Please request a new OTP.', // (not in spec)
  OTP_RESEND_TOO_SOON: 'Please wait a few seconds before requesting another OTP.', // (not in spec)
  /** One text for unknown account and wrong password, so a login cannot probe for accounts. */
  INVALID_CREDENTIALS: 'Invalid email/mobile or password', // (not in spec)
  LOGIN_IDENTIFIER_REQUIRED: 'Enter your email or mobile number', // (not in spec)
  GOOGLE_CREDENTIAL_INVALID: 'Google sign-in could not be verified. Please try again.', // (not in spec)
  GOOGLE_NOT_CONFIGURED: 'Google sign-in is not available right now.', // (not in spec)
  EMAIL_TAKEN: 'This email is already registered with another account.', // (not in spec)
  MOBILE_TAKEN: 'This mobile number is already registered with another account.', // (not in spec)
  RESET_MAIL_SENT: 'Mail Sent Successfully',
  RESET_PASSWORD_SUCCESS: 'Reset Password Success',
  RESET_PASSWORD_FAILED: 'Password reset failed',
  RESET_LINK_INVALID: 'This password reset link has expired or was already used.', // (not in spec)
  PASSWORD_MISMATCH: 'Password Does Not Match',
  /** Guards the hashing cost, not a strength rule (the spec sets none for reset or change). */
  PASSWORD_TOO_LONG: 'Password must not be longer than 128 characters.', // (not in spec)
  ACCOUNT_DELETE_MAIL_SENT: 'We have emailed you a link to delete your account.', // (not in spec)
  ACCOUNT_DELETED: 'Your account has been successfully deleted.',
  ACCOUNT_DELETE_FAILED: 'Failed to delete your account. Please try again.',
  ACCOUNT_DELETE_ERROR: 'An error occurred while deleting your account.',
  ACCOUNT_DELETE_CANCELLED: 'Account deletion canceled. Your account is safe.',
  EMAIL_VERIFIED: 'Your email address is verified.', // (not in spec)
  VERIFY_LINK_INVALID: 'This verification link has expired or was already used.', // (not in spec)
  VERIFY_MAIL_SENT: 'We have emailed you a link to confirm your address.', // (not in spec)
});

/** Spec §5 "Signup (main form)" and its "other signup form rules". */
export const SignupMessages = defineMessages({
  SIGNUP_NAME_INVALID: 'Enter Name',
  SIGNUP_EMAIL_REQUIRED: 'Enter valid Email',
  EMAIL_PATTERN_MISMATCH: 'Please enter a valid email address',
  SIGNUP_MOBILE_INVALID: 'Enter Valid Mobile',
  SIGNUP_AGE_REQUIRED: 'Enter valid Age',
  /** Shared by signup and profile save: the spec words it the same in both. */
  AGE_NOT_A_NUMBER: 'Age must be a number',
  SIGNUP_AGE_TOO_LOW: 'Age must be at least 12',
  /** Shared by signup and profile save. */
  AGE_TOO_HIGH: 'Age must not be greater than 150',
  SIGNUP_PASSWORD_INVALID: 'Enter valid Password',
  SIGNUP_PASSWORD_WEAK:
    'Password should contain at least one special character , one uppercase letter and one number',
  /** Shared by signup and profile save. */
  GENDER_REQUIRED: 'Please select a gender',
});

/** Spec §5 "Profile save" and "Password change", and the profile endpoints of API.md. */
export const ProfileMessages = defineMessages({
  PROFILE_UPDATE_SUCCESS: 'Profile Update Success',
  PROFILE_UPDATE_ERROR: 'Profile Update ERROR',
  PROFILE_IMAGE_DELETED: 'Profile Delete Access',
  PROFILE_IMAGE_DELETE_ERROR: 'Error Deleting Profile',
  PROFILE_IMAGE_UPDATE_ERROR: 'Error Updating Profile Image',
  IMAGE_TOO_LARGE: 'This image is too large. Please choose a smaller one.', // (not in spec)
  LANGUAGE_UNSUPPORTED: 'Choose one of these languages: en, hi, mr, ta, te, bn.', // (not in spec)
  IMAGE_UNSUPPORTED: 'This file is not a supported image.', // (not in spec)
  /** A multipart body that cannot be read (cut short, no boundary, broken part headers). */
  UPLOAD_UNREADABLE: 'The upload could not be read. Please try again.', // (not in spec)
  UPLOAD_ONE_FILE: 'Please upload one file at a time.', // (not in spec)
  PROFILE_NAME_INVALID: 'Enter Valid Name',
  /** The one name rule's text: sign-up, profile and every other name field (decision 035). */
  NAME_CHARACTERS_INVALID:
    'Names cannot contain < or >, line breaks or invisible formatting characters.', // (not in spec)
  PROFILE_EMAIL_INVALID: 'Please Enter a Valid Email',
  PROFILE_MOBILE_INVALID: 'Phone number must be 10 digits',
  PROFILE_AGE_REQUIRED: 'Enter Valid Age',
  PROFILE_AGE_TOO_LOW: 'Age must be atleast 12',
  STEP_CHANGE_NOT_ALLOWED: 'This step change is not allowed.', // (not in spec)
  ALL_FIELDS_REQUIRED: 'All fields are required',
  NEW_PASSWORD_MISMATCH: 'New Password and Confirm Password are not matching',
  NEW_PASSWORD_SAME_AS_CURRENT: 'New password should not be same as current password',
  WRONG_CURRENT_PASSWORD: 'Current password is incorrect.', // (not in spec)
  PASSWORD_UPDATE_SUCCESS: 'Password updated successfully.', // (not in spec)
});

/** Spec §8 WhatsApp dialog. */
export const WhatsappMessages = defineMessages({
  WHATSAPP_TAKEN: 'This Whatsapp No already exist in another account',
  WHATSAPP_OTP_SENT: 'OTP Sent!',
  WHATSAPP_VERIFIED: 'OTP Verification Success!',
  WHATSAPP_NUMBER_INVALID: 'Enter a valid 10 digit WhatsApp number', // (not in spec)
});

/** SIM test, lessons, feedback and exercises. */
export const ProgrammeMessages = defineMessages({
  TEST_COMPLETED: "Congratulations! You've completed the test",
  TEST_SAVE_FAILED: 'Please answer all questions or Something went wrong',
  ANSWER_ALL_QUESTIONS: 'Please answer all questions',
  TEST_NOT_AVAILABLE: 'The test is not available at your current step.', // (not in spec)
  LESSON_COMPLETED: 'Lesson Completed',
  LESSON_LOCKED_PLAYER: 'Watch previously unlocked lessons.',
  LESSON_LOCKED_DASHBOARD: 'Watch Previous video to unlock',
  PURCHASE_TO_CONTINUE: 'Purchase Plan to update more',
  FEEDBACK_SUBMITTED: 'Feedback submitted successfully!',
  FEEDBACK_FAILED: 'Feedback Update Failed',
  FEEDBACK_EMPTY: "Please enter your question or click 'I Understood'.",
  EXERCISE_SUBMITTED: 'Exercise completed and submitted successfully',
  EXERCISE_INCOMPLETE: 'Please complete all exercise questions',
  EXERCISE_PAGE_INCOMPLETE: 'Please answer all the questions',
  EXERCISE_ALREADY_SUBMITTED: 'You have already submitted this exercise.', // (not in spec)
  /** The exercise modal's empty state (spec §2); also the 404 for an unknown exercise route. */
  EXERCISE_NOT_FOUND: 'No exercise found',
  /** The test screen's empty state (spec §2); also the 404 when a test has no statements. */
  NO_QUESTIONS_FOUND: 'No Questions Found',
  EXERCISE_ANSWER_INVALID: 'One of your answers is not one of the choices.', // (not in spec)
  EXERCISE_ANSWER_TOO_LONG: 'Please keep each answer under 2000 characters.', // (not in spec)
  FEEDBACK_TOO_LONG: 'Please keep your question under 2000 characters.', // (not in spec)
  LESSON_NOT_FOUND: 'This lesson was not found.', // (not in spec)
  TEST_ALREADY_SUBMITTED: 'Your answers to this test were already submitted.', // (not in spec)
});

/** Notification settings. */
export const NotificationMessages = defineMessages({
  NOTIFICATION_RESET_SUCCESS: 'Notification Reset Success',
  NOTIFICATION_UPDATE_ERROR: 'Notification update error',
  NOTIFICATION_SETTING_NOT_FOUND: 'This notification setting was not found.', // (not in spec)
  NOTIFICATION_SETTING_UPDATED: 'Notification setting updated.', // (not in spec)
});

/** Plans, coupons, payments, refunds and live-session registration. */
export const PaymentMessages = defineMessages({
  COUPON_APPLIED: 'Coupon applied',
  COUPON_NOT_FOUND: 'This coupon code is not valid.', // (not in spec)
  COUPON_EXPIRED: 'This coupon has expired.', // (not in spec)
  COUPON_USED_UP: 'This coupon is no longer available.', // (not in spec)
  COUPON_ALREADY_USED: 'You have already used this coupon.', // (not in spec)
  PLAN_PURCHASED: 'Plan Purchased',
  PURCHASE_FAILED: 'Purchase Failed',
  /** 409 when the client's total differs from the server's: prices changed under the user. */
  PRICE_CHANGED: 'The price has changed. Please try again.', // (not in spec)
  ALREADY_PREMIUM: 'You already have the premium plan.', // (not in spec)
  REFUND_REQUESTED: 'Refund request submitted.', // (not in spec)
  REFUND_ALREADY_REQUESTED: 'Refund request already requested',
  REFUND_REQUEST_FAILED: 'Failed requesting refund',
  REFUND_WINDOW_CLOSED: 'Refunds can only be requested within 10 business days of purchase.', // (not in spec)
  ALREADY_ENROLLED: 'Already Enrolled, Check Mail For Details',
  PAYMENT_VERIFICATION_FAILED: 'Payment verification failed!',
  PAYMENT_VERIFICATION_ERROR: 'Payment verification failed. Please try again.',
  LIVE_SESSION_REGISTERED: 'Registration successful. Check your mail for the details.', // (not in spec)
  COUPON_INACTIVE: 'This coupon is not active.', // (not in spec)
  PLAN_NOT_FOUND: 'This plan is not available.', // (not in spec)
  FREE_PLAN_NOT_PURCHASABLE: 'The free plan needs no purchase.', // (not in spec)
  ORDER_NOT_FOUND: 'This order was not found.', // (not in spec)
  ORDER_ALREADY_PAID: 'This order has already been paid.', // (not in spec)
  /** 409 from a verify whose payment granted nothing and is refunded automatically (decision 037). */
  DUPLICATE_PAYMENT_REFUNDED:
    'You already had this, so this payment is being refunded to you automatically.', // (not in spec)
  /** 409 from a verify of an order whose payment has been refunded. */
  ORDER_REFUNDED: 'This payment has been refunded.', // (not in spec)
  /** 409: an automatic refund of a duplicate payment is not an operator's to reject. */
  REFUND_AUTOMATIC: 'This is an automatic refund of a duplicate payment; it cannot be rejected.', // (not in spec)
  PAYMENT_PROVIDER_UNAVAILABLE: 'Payments are briefly unavailable. Please try again shortly.', // (not in spec)
  SANDBOX_DISABLED: 'The sandbox checkout is not available here.', // (not in spec)
  WEBHOOK_SIGNATURE_INVALID: 'Invalid webhook signature.', // (not in spec)
  INVOICE_NOT_FOUND: 'This invoice was not found.', // (not in spec)
  REFUND_REJECTED_FINAL: 'Your refund request was rejected and cannot be made again.', // (not in spec)
  PLAN_ALREADY_REFUNDED: 'This plan has already been refunded.', // (not in spec)
  REFUND_NOT_FOUND: 'This refund request was not found.', // (not in spec)
  REFUND_ALREADY_DECIDED: 'This refund request has already been decided.', // (not in spec)
  REFUND_PROVIDER_FAILED: 'The payment provider could not refund this payment. Please try again.', // (not in spec)
  LIVE_SESSION_NOT_FOUND: 'This live session was not found.', // (not in spec)
  LIVE_SESSION_CLOSED: 'Registration for this live session is closed.', // (not in spec)
});

/** Explore feed and reviews. */
export const ExploreMessages = defineMessages({
  POST_SUBMITTED: 'Post submitted for review',
  UPLOAD_FAILED: 'Error uploading file',
  NO_EXPLORE_POSTS: 'No explore posts available',
  REVIEW_INVALID: 'A review must be between 1 and 1000 characters.', // (not in spec)
  REVIEW_ADDED: 'Review added.', // (not in spec)
  EXPLORE_POST_NOT_FOUND: 'This post was not found.', // (not in spec)
  EXPLORE_IMAGE_REQUIRED: 'Please choose an image to upload.', // (not in spec)
  EXPLORE_TITLE_TOO_LONG: 'Please keep the title under 100 characters.', // (not in spec)
  EXPLORE_POST_MODERATED: 'Post moderated.', // (not in spec)
});

/** Blogs, news and translation. */
export const ContentMessages = defineMessages({
  BLOG_NOT_FOUND: 'This blog post was not found.', // (not in spec)
  TRANSLATE_TEXT_TOO_LONG: 'Text to translate must be at most 5000 characters.', // (not in spec)
  TRANSLATE_TEXTS_EMPTY: 'Give at least one text to translate.', // (not in spec)
  TRANSLATE_TOO_MANY_TEXTS: 'At most 50 texts can be translated at once.', // (not in spec)
});

/** Spec §5 quiz registration form. */
export const QuizMessages = defineMessages({
  QUIZ_FIELD_REQUIRED: 'This field is required',
  QUIZ_EMAIL_INVALID: 'Enter a valid email format',
  QUIZ_MOBILE_INVALID: 'Enter 10 valid mobile numbers',
  /** The quiz page's empty state (spec §2); also the 404 for an unknown quiz. */
  QUIZ_NOT_FOUND: 'No Quiz available',
  /** The submitted dialog's title (spec §2); also the answer endpoint's message. */
  QUIZ_SUBMITTED: 'Quiz Submitted',
  QUIZ_ANSWER_INVALID: 'An answer does not belong to this quiz.', // (not in spec)
});

/** Quit companion: quit plan, craving log, check-ins, dependence test, follow-ups. */
export const QuitMessages = defineMessages({
  NO_QUIT_PLAN: 'Set your quit date first.', // (not in spec)
  QUIT_PLAN_SAVED: 'Your quit plan is saved.', // (not in spec)
  QUIT_DATE_INVALID: 'Choose a quit date within the last year or the next 30 days.', // (not in spec)
  TOBACCO_REQUIRED: 'Add between one and four kinds of tobacco.', // (not in spec)
  TOBACCO_TYPE_INVALID: 'Choose a kind of tobacco from the list.', // (not in spec)
  TOBACCO_TYPE_REPEATED: 'Each kind of tobacco can be listed once.', // (not in spec)
  PER_DAY_INVALID: 'Enter how many you use a day, from 1 to 200.', // (not in spec)
  COST_PER_DAY_INVALID: 'Enter what you spend a day, from ₹0 to ₹5000 (at most 2 decimals).', // (not in spec)
  REASONS_TOO_MANY: 'Add at most five reasons.', // (not in spec)
  REASON_INVALID: 'Each reason must be 1 to 120 characters.', // (not in spec)
  CRAVING_INTENSITY_INVALID: 'Choose how strong the craving was, from 1 to 5.', // (not in spec)
  CRAVING_TRIGGER_INVALID: 'Choose what set off the craving.', // (not in spec)
  CRAVING_OUTCOME_INVALID: 'Choose whether you resisted or slipped.', // (not in spec)
  SLIP_UNITS_INVALID: 'Enter how many you used, from 1 to 100.', // (not in spec)
  UNITS_ONLY_FOR_SLIPS: 'How many you used is recorded only for a slip.', // (not in spec)
  CRAVING_NOTE_TOO_LONG: 'Please keep the note under 500 characters.', // (not in spec)
  CRAVING_TIME_INVALID: 'The time must be within the last 7 days and not in the future.', // (not in spec)
  CLIENT_ID_INVALID: 'The entry id is not valid.', // (not in spec)
  CRAVING_LOGGED: 'Logged. Well done for writing it down.', // (not in spec)
  CRAVING_DELETED: 'The entry was deleted.', // (not in spec)
  CRAVING_NOT_FOUND: 'This log entry was not found.', // (not in spec)
  CHECK_IN_DATE_INVALID: 'You can check in for today or yesterday only.', // (not in spec)
  CHECK_IN_CONTRADICTS_LOG:
    'Your log has a slip on this day. Delete it from your log if it was a mistake, then answer no.', // (not in spec)
  CHECK_IN_MOOD_INVALID: 'Choose how you are feeling, from 1 to 5.', // (not in spec)
  CHECK_IN_SAVED: 'Thanks for checking in.', // (not in spec)
  DATE_INVALID: 'Enter a date as YYYY-MM-DD.', // (not in spec)
  DEPENDENCE_VARIANT_INVALID: 'Choose the smoking or the smokeless tobacco test.', // (not in spec)
  DEPENDENCE_ANSWER_UNKNOWN: 'An answer does not belong to this test.', // (not in spec)
  FOLLOW_UP_WEEK_INVALID: 'There is no follow-up for this week.', // (not in spec)
  FOLLOW_UP_NOT_OPEN: 'This follow-up question is not open now.', // (not in spec)
  FOLLOW_UP_SAVED: 'Thank you for answering.', // (not in spec)
});

/** Messaging programme: preferences and the operators' message library (issue 15). */
export const MessagingMessages = defineMessages({
  MESSAGING_CHANNEL_INVALID: 'Choose WhatsApp, SMS or no messages.', // (not in spec)
  MESSAGING_SEND_AT_INVALID: 'Choose a time between 07:00 and 21:00.', // (not in spec)
  MESSAGING_LANGUAGE_INVALID: 'Choose English, Hindi, Marathi, Tamil, Telugu or Bengali.', // (not in spec)
  NO_VERIFIED_NUMBER: 'Verify your WhatsApp number first.', // (not in spec)
  NO_MOBILE_NUMBER: 'Add your mobile number to your profile first.', // (not in spec)
  /** 409 `NO_VERIFIED_NUMBER` for SMS: the mobile number is not verified yet (decision 078). */
  MOBILE_NOT_VERIFIED: 'Verify your mobile number first.', // (not in spec)
  MOBILE_OTP_SENT: 'A code is on its way to your mobile number.', // (not in spec)
  MOBILE_VERIFIED: 'Your mobile number is verified.', // (not in spec)
  MESSAGING_PREFERENCES_SAVED: 'Your message settings are saved.', // (not in spec)
  PROGRAMME_DAY_INVALID: 'Choose a day from 7 days before the quit date to 56 days after.', // (not in spec)
  PROGRAMME_TEXT_INVALID: 'Write the message in 1 to 1,000 characters.', // (not in spec)
  PROGRAMME_MESSAGE_TAKEN: 'There is already a message for this day, language and tobacco.', // (not in spec)
  PROGRAMME_MESSAGE_NOT_FOUND: 'This programme message was not found.', // (not in spec)
  PROGRAMME_MESSAGE_REQUIRED:
    'Every day keeps its English message for everyone; edit its text instead.', // (not in spec)
  BAD_SIGNATURE: 'The signature is missing or wrong.', // (not in spec)
  NO_PUSH_SUBSCRIPTION: 'Turn on notifications on this phone first.', // (not in spec)
  PUSH_ENDPOINT_NOT_ALLOWED: "This browser's push service is not accepted.", // (not in spec)
  /** 409 from POST /admin/channels/{channel}/test: the operator's own account lacks the address. */
  NO_TEST_RECIPIENT: 'Your account has no verified number, browser or email for this channel.', // (not in spec)
});

/** Every fixed message, keyed by its code. */
/** Coach support (issue 45). */
export const CoachMessages = defineMessages({
  COACH_TEXT_INVALID: 'Write your message in 1 to 2,000 characters.', // (not in spec)
  COACH_MESSAGE_SENT: 'Your message is with the coaches.', // (not in spec)
  COACH_REPLY_SENT: 'Reply sent.', // (not in spec)
  COACH_NOTE_SAVED: 'Note saved.', // (not in spec)
  CONVERSATION_NOT_FOUND: 'This conversation was not found.', // (not in spec)
  CONVERSATION_ASSIGNED: 'Conversation assigned.', // (not in spec)
  CONVERSATION_CLOSED: 'Conversation closed.', // (not in spec)
  CONVERSATION_REOPENED: 'Conversation reopened.', // (not in spec)
  NOT_A_COACH: 'Choose a coach or an admin.', // (not in spec)
  SAVED_REPLY_NOT_FOUND: 'This saved reply was not found.', // (not in spec)
  SAVED_REPLY_TITLE_INVALID: 'Give the saved reply a title of 1 to 120 characters.', // (not in spec)
  COACH_ONLY: 'Coaches and admins only.', // (not in spec)
});

export const Messages = {
  ...GeneralMessages,
  ...SessionMessages,
  ...AuthMessages,
  ...SignupMessages,
  ...ProfileMessages,
  ...WhatsappMessages,
  ...ProgrammeMessages,
  ...NotificationMessages,
  ...PaymentMessages,
  ...ExploreMessages,
  ...ContentMessages,
  ...QuizMessages,
  ...QuitMessages,
  ...MessagingMessages,
  ...CoachMessages,
};

export type MessageCode = keyof typeof Messages;
export type MessageEntry = (typeof Messages)[MessageCode];

/** Codes of the messages that take a value; kept apart so `Messages` stays plain strings. */
export const DAY_LOCKED_CODE = 'DAY_LOCKED';
export const MISSING_INPUTS_CODE = 'MISSING_INPUTS';

/** 'Currently you have access to watch till day {n} lessons.' (spec §4, API.md 403). */
export function dayLockedMessage(currentDay: number): string {
  return `Currently you have access to watch till day ${currentDay} lessons.`;
}

/** Spec §5: 'Missing inputs: ' followed by the blank fields' names. */
export function missingInputsMessage(names: readonly string[]): string {
  return `Missing inputs: ${names.join(', ')}`;
}

/** The INVALID_OTP error's `otp` field text: how many wrong tries the code still takes. */
export function otpAttemptsLeftMessage(left: number): string {
  return `${left} ${left === 1 ? 'attempt' : 'attempts'} left`;
}

/** The count in an `otpAttemptsLeftMessage` text, or undefined for any other text. */
export function otpAttemptsLeftFrom(text: string): number | undefined {
  const match = /^(\d+) attempts? left$/.exec(text);
  return match ? Number(match[1]) : undefined;
}

const knownTexts: ReadonlySet<string> = new Set(
  Object.values(Messages).map((entry) => entry.message),
);

/**
 * True for catalogue text (fixed or templated). The API uses it to decide whether a validation
 * issue may be shown to the user as is, or must give way to the generic 'Please Check Inputs'.
 */
export function isCatalogueMessage(text: string): boolean {
  return (
    knownTexts.has(text) ||
    /^Currently you have access to watch till day \d+ lessons\.$/.test(text) ||
    text.startsWith('Missing inputs: ') ||
    otpAttemptsLeftFrom(text) !== undefined
  );
}

import { describe, expect, it } from 'vitest';
import {
  AuthMessages,
  ContentMessages,
  ExploreMessages,
  GeneralMessages,
  Messages,
  NotificationMessages,
  PaymentMessages,
  ProfileMessages,
  ProgrammeMessages,
  QuitMessages,
  MessagingMessages,
  CoachMessages,
  QuizMessages,
  SessionMessages,
  SignupMessages,
  WhatsappMessages,
  dayLockedMessage,
  isCatalogueMessage,
  missingInputsMessage,
  otpAttemptsLeftFrom,
  otpAttemptsLeftMessage,
  type MessageCode,
} from './messages';

describe('Messages', () => {
  it.each<[MessageCode, string]>([
    // Spec and API.md texts, quoted exactly.
    ['UNAUTHENTICATED', 'Please Login'],
    ['TAKE_TEST_FIRST', 'Please Take Test'],
    ['LOGOUT_SUCCESS', 'Logout Success'],
    ['LOGIN_SUCCESS', 'Login successful'],
    ['OTP_SENT_TO_MAIL', 'OTP successfully sent to mail'],
    ['OTP_SENT_TO_MOBILE', 'OTP Successfully sent to mobile number'],
    ['OTP_REQUEST_FAILED', 'Request OTP Failed'],
    ['OTP_RESENT', 'OTP resent successfully'],
    ['OTP_RESEND_FAILED', 'Failed to resend OTP'],
    ['RESET_MAIL_SENT', 'Mail Sent Successfully'],
    ['RESET_PASSWORD_SUCCESS', 'Reset Password Success'],
    ['RESET_PASSWORD_FAILED', 'Password reset failed'],
    ['PASSWORD_MISMATCH', 'Password Does Not Match'],
    ['PROFILE_UPDATE_SUCCESS', 'Profile Update Success'],
    ['PROFILE_UPDATE_ERROR', 'Profile Update ERROR'],
    ['PROFILE_IMAGE_DELETED', 'Profile Delete Access'],
    ['PROFILE_IMAGE_DELETE_ERROR', 'Error Deleting Profile'],
    ['PROFILE_IMAGE_UPDATE_ERROR', 'Error Updating Profile Image'],
    ['COUPON_APPLIED', 'Coupon applied'],
    ['PLAN_PURCHASED', 'Plan Purchased'],
    ['PURCHASE_FAILED', 'Purchase Failed'],
    ['REFUND_ALREADY_REQUESTED', 'Refund request already requested'],
    ['REFUND_REQUEST_FAILED', 'Failed requesting refund'],
    ['TEST_COMPLETED', "Congratulations! You've completed the test"],
    ['TEST_SAVE_FAILED', 'Please answer all questions or Something went wrong'],
    ['ANSWER_ALL_QUESTIONS', 'Please answer all questions'],
    ['EXERCISE_SUBMITTED', 'Exercise completed and submitted successfully'],
    ['EXERCISE_INCOMPLETE', 'Please complete all exercise questions'],
    ['EXERCISE_PAGE_INCOMPLETE', 'Please answer all the questions'],
    ['EXERCISE_NOT_FOUND', 'No exercise found'],
    ['NO_QUESTIONS_FOUND', 'No Questions Found'],
    ['FEEDBACK_SUBMITTED', 'Feedback submitted successfully!'],
    ['FEEDBACK_FAILED', 'Feedback Update Failed'],
    ['FEEDBACK_EMPTY', "Please enter your question or click 'I Understood'."],
    ['LESSON_COMPLETED', 'Lesson Completed'],
    ['LESSON_LOCKED_PLAYER', 'Watch previously unlocked lessons.'],
    ['LESSON_LOCKED_DASHBOARD', 'Watch Previous video to unlock'],
    ['PURCHASE_TO_CONTINUE', 'Purchase Plan to update more'],
    ['WHATSAPP_TAKEN', 'This Whatsapp No already exist in another account'],
    ['WHATSAPP_OTP_SENT', 'OTP Sent!'],
    ['WHATSAPP_VERIFIED', 'OTP Verification Success!'],
    ['INVALID_OTP', 'Invalid OTP!'],
    ['ACCOUNT_DELETED', 'Your account has been successfully deleted.'],
    ['ACCOUNT_DELETE_FAILED', 'Failed to delete your account. Please try again.'],
    ['ACCOUNT_DELETE_ERROR', 'An error occurred while deleting your account.'],
    ['ACCOUNT_DELETE_CANCELLED', 'Account deletion canceled. Your account is safe.'],
    ['NOTIFICATION_RESET_SUCCESS', 'Notification Reset Success'],
    ['NOTIFICATION_UPDATE_ERROR', 'Notification update error'],
    ['ALREADY_ENROLLED', 'Already Enrolled, Check Mail For Details'],
    ['PAYMENT_VERIFICATION_FAILED', 'Payment verification failed!'],
    ['PAYMENT_VERIFICATION_ERROR', 'Payment verification failed. Please try again.'],
    ['POST_SUBMITTED', 'Post submitted for review'],
    ['UPLOAD_FAILED', 'Error uploading file'],
    ['NO_EXPLORE_POSTS', 'No explore posts available'],
    ['VALIDATION_ERROR', 'Please Check Inputs'],
    ['UNEXPECTED_APPLICATION_ERROR', 'Unexpected Application Error!'],
    // Spec §5 validation texts.
    ['SIGNUP_NAME_INVALID', 'Enter Name'],
    ['SIGNUP_EMAIL_REQUIRED', 'Enter valid Email'],
    ['EMAIL_PATTERN_MISMATCH', 'Please enter a valid email address'],
    ['SIGNUP_MOBILE_INVALID', 'Enter Valid Mobile'],
    ['AGE_NOT_A_NUMBER', 'Age must be a number'],
    ['SIGNUP_AGE_REQUIRED', 'Enter valid Age'],
    ['SIGNUP_AGE_TOO_LOW', 'Age must be at least 12'],
    ['AGE_TOO_HIGH', 'Age must not be greater than 150'],
    ['SIGNUP_PASSWORD_INVALID', 'Enter valid Password'],
    [
      'SIGNUP_PASSWORD_WEAK',
      'Password should contain at least one special character , one uppercase letter and one number',
    ],
    ['GENDER_REQUIRED', 'Please select a gender'],
    ['PROFILE_NAME_INVALID', 'Enter Valid Name'],
    ['PROFILE_EMAIL_INVALID', 'Please Enter a Valid Email'],
    ['PROFILE_MOBILE_INVALID', 'Phone number must be 10 digits'],
    ['PROFILE_AGE_REQUIRED', 'Enter Valid Age'],
    ['PROFILE_AGE_TOO_LOW', 'Age must be atleast 12'],
    ['ALL_FIELDS_REQUIRED', 'All fields are required'],
    ['NEW_PASSWORD_MISMATCH', 'New Password and Confirm Password are not matching'],
    ['NEW_PASSWORD_SAME_AS_CURRENT', 'New password should not be same as current password'],
    ['QUIZ_FIELD_REQUIRED', 'This field is required'],
    ['QUIZ_EMAIL_INVALID', 'Enter a valid email format'],
    ['QUIZ_MOBILE_INVALID', 'Enter 10 valid mobile numbers'],
    // Texts the spec leaves to us, fixed by the brief.
    ['INVALID_CREDENTIALS', 'Invalid email/mobile or password'],
    ['RATE_LIMITED', 'Too many requests, please try again later.'],
    ['INTERNAL_ERROR', 'Something went wrong. Please try again.'],
    ['SESSION_EXPIRED', 'Session expired, please log in again'],
  ])('%s reads %j', (code, text) => {
    expect(Messages[code]).toEqual({ code, message: text });
  });

  it('files every entry under its own code', () => {
    for (const [key, entry] of Object.entries(Messages)) expect(entry.code).toBe(key);
  });

  it('has no code defined in two groups (a later group would silently win)', () => {
    const groups = [
      GeneralMessages,
      SessionMessages,
      AuthMessages,
      SignupMessages,
      ProfileMessages,
      WhatsappMessages,
      ProgrammeMessages,
      NotificationMessages,
      PaymentMessages,
      ExploreMessages,
      ContentMessages,
      QuizMessages,
      QuitMessages,
      MessagingMessages,
      CoachMessages,
    ];
    const total = groups.reduce((sum, group) => sum + Object.keys(group).length, 0);
    expect(Object.keys(Messages)).toHaveLength(total);
  });

  it('gives each text exactly one code, so a shared text has a shared code', () => {
    const texts = Object.values(Messages).map((entry) => entry.message);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('uses upper snake case codes', () => {
    for (const code of Object.keys(Messages)) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});

describe('dayLockedMessage', () => {
  it.each([
    [1, 'Currently you have access to watch till day 1 lessons.'],
    [3, 'Currently you have access to watch till day 3 lessons.'],
    [12, 'Currently you have access to watch till day 12 lessons.'],
  ])('for day %i reads %j', (day, text) => {
    expect(dayLockedMessage(day)).toBe(text);
  });
});

describe('missingInputsMessage', () => {
  it.each<[string[], string]>([
    [['name'], 'Missing inputs: name'],
    [['name', 'age'], 'Missing inputs: name, age'],
    [
      ['name', 'email', 'mobile', 'age', 'password', 'gender'],
      'Missing inputs: name, email, mobile, age, password, gender',
    ],
  ])('for %j reads %j', (names, text) => {
    expect(missingInputsMessage(names)).toBe(text);
  });
});

describe('isCatalogueMessage', () => {
  it.each([
    ['Enter Name', true],
    ['Invalid OTP!', true],
    ['Currently you have access to watch till day 4 lessons.', true],
    ['Missing inputs: name, age', true],
    ['Invalid input: expected string, received undefined', false],
    ['enter name', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(isCatalogueMessage(text)).toBe(expected);
  });
});

describe('otpAttemptsLeftMessage', () => {
  it('says how many tries a code has left, singular for one, and reads back its count', () => {
    expect(otpAttemptsLeftMessage(4)).toBe('4 attempts left');
    expect(otpAttemptsLeftMessage(1)).toBe('1 attempt left');
    expect(otpAttemptsLeftFrom(otpAttemptsLeftMessage(4))).toBe(4);
    expect(otpAttemptsLeftFrom(otpAttemptsLeftMessage(1))).toBe(1);
    expect(otpAttemptsLeftFrom('Invalid OTP!')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { Messages, dayLockedMessage } from '@exhale/contract/messages';
import en from './translation/en.json';

// The programme's English texts are the spec's, word for word (spec §2, §4, §5, §8); where the
// contract's catalogue has the same text, both must agree so the server and the web never differ.
describe('programme strings', () => {
  it('quote the spec verbatim', () => {
    expect(en.programme.pleaseTakeTest).toBe(Messages.TAKE_TEST_FIRST.message);
    expect(en.simTest).toMatchObject({
      loading: 'Fetching Questions For You...',
      empty: Messages.NO_QUESTIONS_FOUND.message,
      answerAll: Messages.ANSWER_ALL_QUESTIONS.message,
      submit: 'Submit your answers',
      completed: Messages.TEST_COMPLETED.message,
      saveFailed: Messages.TEST_SAVE_FAILED.message,
      titleSecond: 'SIM Test 2',
    });
    expect(en.exercises).toMatchObject({
      dialogTitle: 'Complete the Exercise!',
      placeholder: 'Enter your answer here',
      empty: Messages.EXERCISE_NOT_FOUND.message,
      incompleteDialog: Messages.EXERCISE_INCOMPLETE.message,
      incompletePage: Messages.EXERCISE_PAGE_INCOMPLETE.message,
      submitted: Messages.EXERCISE_SUBMITTED.message,
      submit: 'Submit',
    });
    expect(en.feedback).toMatchObject({
      title: 'Did you understand or Any Questions?',
      understood: 'I Understood',
      submit: 'Submit',
      empty: Messages.FEEDBACK_EMPTY.message,
      submitted: Messages.FEEDBACK_SUBMITTED.message,
      failed: Messages.FEEDBACK_FAILED.message,
    });
    expect(en.lessons).toMatchObject({
      status: {
        watched: 'Watched',
        recentlyUnlocked: 'Recently Unlocked',
        locked: 'Locked',
        playing: 'Playing',
      },
      empty: 'No Lessons available',
      lockedPlayer: Messages.LESSON_LOCKED_PLAYER.message,
      lockedDashboard: Messages.LESSON_LOCKED_DASHBOARD.message,
      completed: Messages.LESSON_COMPLETED.message,
      purchaseToContinue: Messages.PURCHASE_TO_CONTINUE.message,
      timeRemaining: 'Time Remaining',
      listTitle: 'Lesson List',
      dayTab: 'Day - {{n}} Lessons',
    });
    expect(en.lessons.dayLocked.replace('{{n}}', '3')).toBe(dayLockedMessage(3));
    expect(en.dashboard).toMatchObject({
      welcomeBack: 'Welcome Back',
      freeBadge: 'Free User',
      premiumBadge: 'Premium User',
    });
    expect(en.dashboard.roadmap.steps).toMatchObject({
      simTest2: 'SIM Test 2',
      allVideos: 'Watch All 7 Videos',
      liveSession: 'Join the Live Session',
    });
    expect(en.whatsapp).toMatchObject({
      yes: 'YES',
      no: 'NO',
      skip: 'Skip this step',
      resend: 'Resend OTP',
      otpSent: Messages.WHATSAPP_OTP_SENT.message,
      verified: Messages.WHATSAPP_VERIFIED.message,
    });
  });
});

// Request and response schemas for the public content (blogs, news and media), the community
// Explore feed and its reviews, the public quiz, notification settings and translation (API.md
// "Content and community" and "Notifications"). Field names are the spec's (§3).
import { z } from 'zod';
import { successEnvelope } from './envelope';
import { TRANSLATE_BATCH_MAX_TEXTS, TRANSLATE_TEXT_MAX_LENGTH } from './limits';
import { Messages } from './messages';
import { stripInvisibleCharacters } from './text';

// ---------------------------------------------------------------------------------------------
// Blogs and news
// ---------------------------------------------------------------------------------------------

/** A blog card: everything but the article, plus a plain-text excerpt of it for the preview. */
export const blogSummarySchema = z.object({
  _id: z.string(),
  /** An image URL, or null when the post has none. */
  image: z.string().nullable(),
  title: z.string(),
  slug: z.string(),
  createdAt: z.iso.datetime(),
  published_at: z.iso.datetime().nullable(),
  meta_title: z.string(),
  meta_description: z.string(),
  /** The start of the content as plain text (tags stripped): the card clamps it to 3 lines. */
  excerpt: z.string(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

/** GET /blog/{id}: the whole post; `content` is HTML the server sanitised when it was written. */
export const blogSchema = blogSummarySchema.extend({ content: z.string() });
export type Blog = z.infer<typeof blogSchema>;

export const blogsResponseSchema = successEnvelope(z.array(blogSummarySchema));
export const blogResponseSchema = successEnvelope(blogSchema);

/** GET /news-and-media. `description` is sanitised HTML; `link` opens the full story. */
export const newsItemSchema = z.object({
  _id: z.string(),
  image: z.string().nullable(),
  title: z.string(),
  author: z.string(),
  createdAt: z.iso.datetime(),
  tag: z.string().nullable(),
  description: z.string(),
  link: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsResponseSchema = successEnvelope(z.array(newsItemSchema));

// ---------------------------------------------------------------------------------------------
// Explore
// ---------------------------------------------------------------------------------------------

export const EXPLORE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const exploreStatusSchema = z.enum(EXPLORE_STATUSES, {
  error: Messages.VALIDATION_ERROR.message,
});
export type ExploreStatus = z.infer<typeof exploreStatusSchema>;

/** Upload limits (spec §9 leaves them open): 5 MB in, at most 1280 px on the long side out. */
export const EXPLORE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const EXPLORE_IMAGE_MAX_SIDE = 1280;
export const EXPLORE_TITLE_MAX_LENGTH = 100;
export const REVIEW_MAX_LENGTH = 1000;

/** GET /explore: `approved` for everyone; the other statuses are for admins (403 otherwise). */
export const exploreQuerySchema = z.object({
  status: exploreStatusSchema.default('approved'),
});

/** The optional `title` field of the POST /explore multipart body; blank means no title. */
export const exploreTitleSchema = z
  .string()
  .overwrite(stripInvisibleCharacters)
  .trim()
  .max(EXPLORE_TITLE_MAX_LENGTH, { error: Messages.EXPLORE_TITLE_TOO_LONG.message })
  .transform((value) => (value === '' ? null : value));

export const explorePostSchema = z.object({
  _id: z.string(),
  title: z.string().nullable(),
  image: z.string(),
  status: exploreStatusSchema,
  createdAt: z.iso.datetime(),
});
export type ExplorePost = z.infer<typeof explorePostSchema>;
export const explorePostsResponseSchema = successEnvelope(z.array(explorePostSchema));
export const explorePostResponseSchema = successEnvelope(explorePostSchema);

/** PUT /admin/explore/{id}: an operator's decision on a post. */
export const exploreModerationRequestSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: Messages.VALIDATION_ERROR.message }),
});
export type ExploreModerationRequest = z.infer<typeof exploreModerationRequestSchema>;

export const exploreReviewsQuerySchema = z.object({
  explore_id: z
    .string({ error: Messages.EXPLORE_POST_NOT_FOUND.message })
    .trim()
    .min(1, { error: Messages.EXPLORE_POST_NOT_FOUND.message }),
});

/** Trimmed, 1 to 1000 characters: whitespace alone is no review (spec §5 "empty text not sent"). */
export const reviewTextSchema = z
  .string({ error: Messages.REVIEW_INVALID.message })
  .overwrite(stripInvisibleCharacters)
  .trim()
  .min(1, { error: Messages.REVIEW_INVALID.message })
  .max(REVIEW_MAX_LENGTH, { error: Messages.REVIEW_INVALID.message });

/** POST /explore-review. */
export const exploreReviewRequestSchema = z.object({
  explore_id: z
    .string({ error: Messages.EXPLORE_POST_NOT_FOUND.message })
    .trim()
    .min(1, { error: Messages.EXPLORE_POST_NOT_FOUND.message }),
  review: reviewTextSchema,
});
export type ExploreReviewRequest = z.infer<typeof exploreReviewRequestSchema>;

export const exploreReviewSchema = z.object({
  _id: z.string(),
  explore_id: z.string(),
  review: z.string(),
  /** Only the author's name: reviews are shown to every member. */
  user_id: z.object({ name: z.string() }),
  createdAt: z.iso.datetime(),
});
export type ExploreReview = z.infer<typeof exploreReviewSchema>;
export const exploreReviewsResponseSchema = successEnvelope(z.array(exploreReviewSchema));
export const exploreReviewResponseSchema = successEnvelope(exploreReviewSchema);

// ---------------------------------------------------------------------------------------------
// Quiz
// ---------------------------------------------------------------------------------------------

/**
 * The quiz set the landing page links to (/quiz/{id}). The demo seed creates it under this id so
 * the link works on every fresh install.
 */
export const FEATURED_QUIZ_SET_ID = '5b7c2f4e-3d1a-4c8e-9f60-2a1b3c4d5e6f';

/** A quiz as the page shows it: the options never say which one is correct. */
export const quizSchema = z.object({
  _id: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  questions: z.array(
    z.object({
      _id: z.string(),
      question: z.string(),
      options: z.array(z.object({ _id: z.string(), option: z.string() })),
    }),
  ),
});
export type Quiz = z.infer<typeof quizSchema>;
export const quizzesResponseSchema = successEnvelope(z.array(quizSchema));

/** Spec §5: "basic" email pattern, something@something.something without spaces. */
export const QUIZ_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const QUIZ_MOBILE_PATTERN = /^[0-9]{10}$/;
export const QUIZ_MOBILE_LENGTH = 10;
/** Storage bounds only; longer input fails with the field's own message. */
const QUIZ_NAME_MAX_LENGTH = 100;
const QUIZ_EMAIL_MAX_LENGTH = 254;

const required = Messages.QUIZ_FIELD_REQUIRED.message;

/**
 * The registration form (spec §5). Every field is required ('This field is required'); a typed
 * email must match the basic pattern, a typed mobile must be exactly 10 digits. Issues come in
 * field order, so the first one is the first missing or wrong field.
 */
export const quizRegistrationSchema = z.object({
  name: z
    .string({ error: required })
    .overwrite(stripInvisibleCharacters)
    .trim()
    .min(1, { error: required, abort: true })
    .max(QUIZ_NAME_MAX_LENGTH, { error: Messages.VALIDATION_ERROR.message }),
  email: z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(QUIZ_EMAIL_MAX_LENGTH, { error: Messages.QUIZ_EMAIL_INVALID.message, abort: true })
    .regex(QUIZ_EMAIL_PATTERN, { error: Messages.QUIZ_EMAIL_INVALID.message }),
  mobile_no: z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .regex(QUIZ_MOBILE_PATTERN, { error: Messages.QUIZ_MOBILE_INVALID.message }),
});
export type QuizRegistration = z.infer<typeof quizRegistrationSchema>;

const answerId = z
  .string({ error: Messages.QUIZ_ANSWER_INVALID.message })
  .min(1, { error: Messages.QUIZ_ANSWER_INVALID.message });

/**
 * POST /quiz/quiz-answer: the spec's `user` and `quiz` plus `quiz_id`, the quiz set the page was
 * opened with (/quiz/{quiz_id}), so a registration is filed under the quiz it was for.
 */
export const quizAnswerRequestSchema = z.object({
  quiz_id: answerId,
  user: quizRegistrationSchema,
  quiz: z
    .array(
      z.object({
        _id: answerId,
        answers: z
          .array(z.object({ question: answerId, answer: answerId }))
          .max(200, { error: Messages.QUIZ_ANSWER_INVALID.message }),
      }),
    )
    .min(1, { error: Messages.QUIZ_ANSWER_INVALID.message })
    .max(50, { error: Messages.QUIZ_ANSWER_INVALID.message }),
});
export type QuizAnswerRequest = z.infer<typeof quizAnswerRequestSchema>;

/** The result, the only place correct options are revealed: one entry per question of the set. */
export const quizResultSchema = z.object({
  correct: z.array(z.object({ question: z.string(), option: z.string() })),
  score: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type QuizResult = z.infer<typeof quizResultSchema>;
export const quizResultResponseSchema = successEnvelope(quizResultSchema);

// ---------------------------------------------------------------------------------------------
// Notification settings
// ---------------------------------------------------------------------------------------------

export const notificationSettingSchema = z.object({
  _id: z.string(),
  status: z.boolean(),
  notification_id: z.object({
    _id: z.string(),
    /** The group the setting is listed under. */
    title: z.string(),
    /** The setting's name. */
    setting: z.string(),
    desc: z.string(),
  }),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export const notificationSettingsResponseSchema = successEnvelope(
  z.array(notificationSettingSchema),
);
export const notificationSettingResponseSchema = successEnvelope(notificationSettingSchema);

export const notificationSettingUpdateSchema = z.object({
  status: z.boolean({ error: Messages.NOTIFICATION_UPDATE_ERROR.message }),
});

// ---------------------------------------------------------------------------------------------
// Translation
// ---------------------------------------------------------------------------------------------

export { TRANSLATE_BATCH_MAX_TEXTS, TRANSLATE_TEXT_MAX_LENGTH };

/** POST /translate: `target` is a language code such as 'hi' or 'en' (or 'pt-BR'). */
export const translateRequestSchema = z.object({
  text: z
    .string({ error: Messages.VALIDATION_ERROR.message })
    .max(TRANSLATE_TEXT_MAX_LENGTH, { error: Messages.TRANSLATE_TEXT_TOO_LONG.message }),
  target: z
    .string({ error: Messages.VALIDATION_ERROR.message })
    .trim()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z]{2,4})?$/, { error: Messages.VALIDATION_ERROR.message }),
});
export type TranslateRequest = z.infer<typeof translateRequestSchema>;
export const translateResponseSchema = successEnvelope(z.object({ text: z.string() }));

/**
 * POST /translate/batch (not in API.md): a screen's texts in one call, each answered exactly as
 * POST /translate would answer it. The answer's `texts` are in the request's order, one for each
 * (blank text → '').
 */
export const translateBatchRequestSchema = z.object({
  texts: z
    .array(translateRequestSchema.shape.text, { error: Messages.VALIDATION_ERROR.message })
    .min(1, { error: Messages.TRANSLATE_TEXTS_EMPTY.message })
    .max(TRANSLATE_BATCH_MAX_TEXTS, { error: Messages.TRANSLATE_TOO_MANY_TEXTS.message }),
  target: translateRequestSchema.shape.target,
});
export type TranslateBatchRequest = z.infer<typeof translateBatchRequestSchema>;
export const translateBatchResponseSchema = successEnvelope(
  z.object({ texts: z.array(z.string()) }),
);

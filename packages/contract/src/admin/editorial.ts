// The console's editorial content: blogs, news and quiz sets.
import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { isoOut, optionalText, text, uploadKey } from './fields';

// ---------------------------------------------------------------------------------------------
// Editorial: blogs, news, quizzes
// ---------------------------------------------------------------------------------------------

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const blogFields = {
  title: text(200, 'Title'),
  slug: z
    .string({ error: 'Give a slug.' })
    .trim()
    .toLowerCase()
    .max(120, { error: 'At most 120 characters.' })
    .regex(SLUG_PATTERN, { error: 'Lowercase words joined by dashes, e.g. quit-for-good.' }),
  meta_title: optionalText(200, 'Meta title'),
  meta_description: optionalText(500, 'Meta description'),
  /** Editor HTML; the server sanitises it before storing. */
  content: optionalText(100_000, 'Content'),
  image: uploadKey.nullable(),
  published: z.boolean(),
};

export const adminBlogCreateSchema = z.object({
  ...blogFields,
  meta_title: blogFields.meta_title.default(''),
  meta_description: blogFields.meta_description.default(''),
  content: blogFields.content.default(''),
  image: blogFields.image.default(null),
  published: blogFields.published.default(false),
});
export type AdminBlogCreate = z.input<typeof adminBlogCreateSchema>;
export const adminBlogUpdateSchema = z.object(blogFields).partial();
export type AdminBlogUpdate = z.input<typeof adminBlogUpdateSchema>;

export const adminBlogSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  published: z.boolean(),
  published_at: isoOut.nullable(),
  created_at: isoOut,
  updated_at: isoOut,
});
export type AdminBlog = z.infer<typeof adminBlogSchema>;
export const adminBlogResponseSchema = successEnvelope(adminBlogSchema);
export const adminBlogsResponseSchema = successEnvelope(z.array(adminBlogSchema));

const newsFields = {
  title: text(200, 'Title'),
  author: text(120, 'Author'),
  tag: optionalText(40, 'Tag').nullable(),
  /** Editor HTML; sanitised before storing. */
  description: optionalText(20_000, 'Description'),
  link: z
    .string({ error: 'Give the link to the story.' })
    .trim()
    .max(1000)
    .regex(/^https?:\/\/\S+$/i, { error: 'Give a full http(s) link.' }),
  image: uploadKey.nullable(),
  published: z.boolean(),
};

export const adminNewsCreateSchema = z.object({
  ...newsFields,
  tag: newsFields.tag.default(null),
  description: newsFields.description.default(''),
  image: newsFields.image.default(null),
  published: newsFields.published.default(true),
});
export type AdminNewsCreate = z.input<typeof adminNewsCreateSchema>;
export const adminNewsUpdateSchema = z.object(newsFields).partial();
export type AdminNewsUpdate = z.input<typeof adminNewsUpdateSchema>;

export const adminNewsSchema = z.object({
  _id: z.string(),
  title: z.string(),
  author: z.string(),
  tag: z.string().nullable(),
  description: z.string(),
  link: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  published: z.boolean(),
  created_at: isoOut,
});
export type AdminNews = z.infer<typeof adminNewsSchema>;
export const adminNewsResponseSchema = successEnvelope(adminNewsSchema);
export const adminNewsListResponseSchema = successEnvelope(z.array(adminNewsSchema));

/** A quiz set as operators write it. Ids are kept on edit so earlier answers still match. */
export const adminQuizSetInputSchema = z.object({
  title: text(200, 'Title'),
  description: optionalText(2000, 'Description').nullable().default(null),
  quizzes: z
    .array(
      z.object({
        _id: z.string().optional(),
        title: optionalText(200, 'Quiz title').nullable().default(null),
        description: optionalText(2000, 'Quiz description').nullable().default(null),
        questions: z
          .array(
            z
              .object({
                _id: z.string().optional(),
                question: text(1000, 'Question'),
                options: z
                  .array(
                    z.object({
                      _id: z.string().optional(),
                      option: text(300, 'Option'),
                      is_correct: z.boolean().default(false),
                    }),
                  )
                  .min(2, { error: 'Give at least 2 options.' })
                  .max(10, { error: 'At most 10 options.' }),
              })
              .refine((q) => q.options.filter((o) => o.is_correct).length === 1, {
                error: 'Mark exactly one option correct.',
                path: ['options'],
              }),
          )
          .min(1, { error: 'Give at least one question.' })
          .max(50),
      }),
    )
    .min(1, { error: 'Give at least one quiz.' })
    .max(20),
});
export type AdminQuizSetInput = z.input<typeof adminQuizSetInputSchema>;

export const adminQuizSetSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  created_at: isoOut,
  /** Where members take it: /quiz/{_id}. */
  public_path: z.string(),
  registrations: z.number().int(),
  quizzes: z.array(
    z.object({
      _id: z.string(),
      title: z.string().nullable(),
      description: z.string().nullable(),
      questions: z.array(
        z.object({
          _id: z.string(),
          question: z.string(),
          options: z.array(
            z.object({ _id: z.string(), option: z.string(), is_correct: z.boolean() }),
          ),
        }),
      ),
    }),
  ),
});
export type AdminQuizSet = z.infer<typeof adminQuizSetSchema>;
export const adminQuizSetResponseSchema = successEnvelope(adminQuizSetSchema);

export const adminQuizSetSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  public_path: z.string(),
  quizzes: z.number().int(),
  questions: z.number().int(),
  registrations: z.number().int(),
  created_at: isoOut,
});
export type AdminQuizSetSummary = z.infer<typeof adminQuizSetSummarySchema>;
export const adminQuizSetsResponseSchema = successEnvelope(z.array(adminQuizSetSummarySchema));

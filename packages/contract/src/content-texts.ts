import { z } from 'zod';
import { pagedEnvelope, pageQuerySchema } from './admin';
import { successEnvelope } from './envelope';
import { TRANSLATED_LANGUAGES } from './languages';
import { TRANSLATE_TEXT_MAX_LENGTH } from './limits';

/**
 * Database text in every language (decision 064): operators write a text per language for each
 * translatable field of these entities at /admin/translations. Readers get it through
 * POST /translate, which answers an operator's text before asking the translation service.
 */
export const TRANSLATABLE_ENTITIES = ['questions', 'lessons', 'plans'] as const;
export type TranslatableEntity = (typeof TRANSLATABLE_ENTITIES)[number];

export const translatedLanguageSchema = z.enum(TRANSLATED_LANGUAGES, {
  error: 'Choose one of the languages Exhale translates into.',
});

export const contentTextsQuerySchema = pageQuerySchema.extend({
  entity: z.enum(TRANSLATABLE_ENTITIES, { error: 'Choose what to translate.' }),
});

/**
 * One language's text of a field. `source` says where a reader's text comes from: 'own' is this
 * field's translation, 'shared' is an operator's translation of the same English elsewhere (the
 * agreement scale shared by every statement), 'stale' is a translation of English that has since
 * changed (no longer served), and 'none' means readers get the translation service or English.
 */
export const contentTextCellSchema = z.object({
  text: z.string(),
  source: z.enum(['own', 'shared', 'stale', 'none']),
});
export type ContentTextCell = z.infer<typeof contentTextCellSchema>;

export const contentTextFieldSchema = z.object({
  /** 'question', 'options.<option id>', 'title', 'content', 'name', 'description', 'features.0'. */
  field: z.string(),
  english: z.string(),
  texts: z.record(z.enum(TRANSLATED_LANGUAGES), contentTextCellSchema),
});
export type ContentTextField = z.infer<typeof contentTextFieldSchema>;

export const contentTextItemSchema = z.object({
  entity: z.enum(TRANSLATABLE_ENTITIES),
  entity_id: z.string(),
  /** What an operator recognises the row by ('SIM test 1 · 3', 'Day 2 · Know your triggers'). */
  label: z.string(),
  fields: z.array(contentTextFieldSchema),
});
export type ContentTextItem = z.infer<typeof contentTextItemSchema>;

export const contentTextsResponseSchema = pagedEnvelope(contentTextItemSchema);

export const contentTextUpdateSchema = z.object({
  entity: z.enum(TRANSLATABLE_ENTITIES, { error: 'Choose what to translate.' }),
  entity_id: z.string().trim().min(1).max(64),
  field: z.string().trim().min(1).max(80),
  language: translatedLanguageSchema,
  /** Blank removes the translation, so readers get the translation service or English again. */
  text: z
    .string()
    .trim()
    .max(TRANSLATE_TEXT_MAX_LENGTH, {
      error: `A translation can be at most ${TRANSLATE_TEXT_MAX_LENGTH} characters.`,
    }),
});
export type ContentTextUpdate = z.infer<typeof contentTextUpdateSchema>;

export const contentTextUpdateResponseSchema = successEnvelope(contentTextCellSchema);

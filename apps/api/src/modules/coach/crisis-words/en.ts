/**
 * English crisis words (decision 088). Reviewed list: change it only with a review.
 *
 * Sources:
 * - Columbia Suicide Severity Rating Scale, screen version (Posner et al., Am J Psychiatry
 *   2011;168:1266–77): "wished you were dead", "thoughts of killing yourself", "go to sleep and
 *   not wake up".
 * - PHQ-9 item 9 (Kroenke, Spitzer & Williams 2001): "better off dead", "hurting yourself".
 * - WHO, "Preventing suicide: a resource for media professionals" (2017 update), everyday phrasing.
 * - American Heart Association, "Warning signs of a heart attack": chest pain or discomfort,
 *   shortness of breath.
 *
 * A phrase matches whole words; `*` at its end lets the last word go on ("suicid*": suicide,
 * suicidal). Case, spacing and punctuation do not matter (the matcher normalises both sides).
 */
import type { CrisisWords } from './crisis-words';

export const en: CrisisWords = {
  selfHarm: [
    'suicid*',
    'kill myself',
    'killing myself',
    'end my life',
    'end it all',
    'take my own life',
    'want to die',
    'wanna die',
    'wish i was dead',
    'wish i were dead',
    'better off dead',
    'hurt myself',
    'hurting myself',
    'harm myself',
    'self harm',
    'cut myself',
    'cutting myself',
    'no reason to live',
    'dont want to live',
    'do not want to live',
    'not wake up',
    'hang myself',
    'overdose',
  ],
  medical: [
    'chest pain',
    'pain in my chest',
    'chest hurts',
    'chest is tight',
    'tight chest',
    'cant breathe',
    'can not breathe',
    'cannot breathe',
    'hard to breathe',
    'short of breath',
    'shortness of breath',
    'breathless*',
    'heart attack',
  ],
};

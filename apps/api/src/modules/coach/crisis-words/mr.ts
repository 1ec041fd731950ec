/**
 * Marathi crisis words (decision 088). Reviewed list: change it only with a review by a Marathi
 * speaker.
 *
 * Sources:
 * - PHQ-9 Marathi translation, item 9 (Pfizer's official translations, phqscreeners.com).
 * - Columbia Suicide Severity Rating Scale, screen version, Marathi translation
 *   (cssrs.columbia.edu).
 * - Tele-MANAS (Ministry of Health and Family Welfare) awareness material, everyday phrasing.
 * - Heart attack warning signs (National Health Portal of India): छातीत दुखणे, श्वास घ्यायला त्रास.
 *
 * Devanagari phrases match anywhere with spaces ignored (Marathi joins suffixes to words);
 * nukta and chandrabindu spellings are folded.
 */
import type { CrisisWords } from './crisis-words';

export const mr: CrisisWords = {
  selfHarm: [
    'आत्महत्या',
    'जीव द्यावा',
    'जीव देणार',
    'जीव देईन',
    'मरावंसं वाटत',
    'मरावसं वाटत',
    'मरून जावंसं',
    'मरून जायचं',
    'जगायचं नाही',
    'जगावंसं वाटत नाही',
    'स्वतःला संपव',
    'स्वतःला इजा',
  ],
  medical: [
    'छातीत दुख',
    'छातीत वेदना',
    'श्वास घेता येत नाही',
    'श्वास घ्यायला त्रास',
    'दम लागत',
    'धाप लागत',
    'हृदयविकाराचा झटका',
  ],
};

/**
 * Telugu crisis words (decision 088). Reviewed list: change it only with a review by a Telugu
 * speaker.
 *
 * Sources:
 * - PHQ-9 Telugu translation, item 9 (Pfizer's official translations, phqscreeners.com).
 * - Columbia Suicide Severity Rating Scale, screen version, Telugu translation
 *   (cssrs.columbia.edu).
 * - Tele-MANAS (Ministry of Health and Family Welfare) awareness material, everyday phrasing.
 * - Heart attack warning signs (National Health Portal of India): ఛాతీ నొప్పి, ఊపిరి ఆడకపోవడం.
 *
 * Telugu phrases match anywhere with spaces ignored: suffixes join the word (ఆత్మహత్యకు), so
 * stems are listed.
 */
import type { CrisisWords } from './crisis-words';

export const te: CrisisWords = {
  selfHarm: [
    'ఆత్మహత్య',
    'చనిపోవాలని',
    'చచ్చిపోవాలని',
    'చనిపోతాను',
    'చచ్చిపోతాను',
    'బ్రతకాలని లేదు',
    'బతకాలని లేదు',
    'ప్రాణం తీసుకో',
    'నన్ను నేను గాయపరచుకో',
  ],
  medical: [
    'ఛాతీ నొప్పి',
    'ఛాతి నొప్పి',
    'గుండె నొప్పి',
    'ఊపిరి ఆడటం లేదు',
    'ఊపిరి ఆడట్లేదు',
    'శ్వాస ఆడటం లేదు',
    'ఆయాసం',
    'గుండెపోటు',
  ],
};

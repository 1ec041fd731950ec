/**
 * Hindi crisis words (decision 088), in Devanagari and in the romanised Hindi many members type.
 * Reviewed list: change it only with a review by a Hindi speaker.
 *
 * Sources:
 * - PHQ-9 Hindi translation, item 9 ("यह विचार कि आप मर जाएँ तो बेहतर होगा या किसी तरह खुद को
 *   चोट पहुँचाएँ"), Pfizer's official translations (phqscreeners.com).
 * - Columbia Suicide Severity Rating Scale, screen version, Hindi translation (cssrs.columbia.edu).
 * - Tele-MANAS (Ministry of Health and Family Welfare) awareness material, everyday phrasing.
 * - Heart attack warning signs as the National Health Portal of India writes them: सीने में दर्द,
 *   साँस लेने में तकलीफ़.
 *
 * Devanagari phrases match anywhere in the text with spaces ignored, so joined words, suffixes
 * and split words all match; romanised phrases match whole words (`*`: the last word may go on).
 * Nukta and chandrabindu spellings are folded (ख़ = ख, ँ = ं), so either spelling matches.
 */
import type { CrisisWords } from './crisis-words';

export const hi: CrisisWords = {
  selfHarm: [
    'आत्महत्या',
    'ख़ुदकुशी',
    'मरना चाहता',
    'मरना चाहती',
    'मर जाना चाहता',
    'मर जाना चाहती',
    'मर जाऊँ',
    'जीना नहीं चाहता',
    'जीना नहीं चाहती',
    'जीने का मन नहीं',
    'जान दे दूँ',
    'अपनी जान ले',
    'खुद को खत्म',
    'ख़ुद को मार',
    'अपने आप को मार',
    'खुद को चोट',
    'aatmhatya',
    'atmahatya',
    'khudkushi',
    'marna chahta',
    'marna chahti',
    'mar jaunga',
    'mar jaungi',
    'jeena nahi chahta',
    'jeena nahi chahti',
  ],
  medical: [
    'सीने में दर्द',
    'छाती में दर्द',
    'सीने में जलन और दर्द',
    'साँस नहीं',
    'साँस लेने में तकलीफ़',
    'साँस फूल',
    'दम घुट',
    'दिल का दौरा',
    'seene mein dard',
    'chhati mein dard',
    'saans nahi',
  ],
};

import type { InboundKeyword } from '@exhale/contract/messaging';

/** The automatic answers to a member's reply, in the languages the library ships. */
type ReplyKey = Exclude<InboundKeyword, 'other'> | 'help';

const REPLIES: Record<'en' | 'hi', Record<ReplyKey, (sos: string) => string>> = {
  en: {
    crave: (sos) =>
      `This craving will pass in a few minutes. Breathe with us: in for 4, hold for 4, out for 4, hold for 4. Repeat 4 times, then drink a glass of water. More help right now: ${sos}`,
    slip: () =>
      'Noted: one slip. It does not undo your progress. Throw the rest away, think of what set it off, and start again now. You can do this. Reply CRAVE when the next craving comes.',
    stop: () => 'You will get no more programme messages. Reply START any time to get them again.',
    start: () =>
      'Welcome back! Your daily programme messages start again at your chosen time. Reply CRAVE when a craving hits, SLIP if you slipped, STOP to pause.',
    help: () =>
      'Exhale quit support. Reply CRAVE (or HELP) when a craving hits, SLIP if you used tobacco, STOP for no more messages, START to get them again.',
  },
  hi: {
    crave: (sos) =>
      `यह तलब कुछ ही मिनट में उतर जाएगी। हमारे साथ साँस लीजिए: 4 तक अंदर, 4 तक रोकें, 4 तक बाहर, 4 तक रुकें। 4 बार दोहराएँ, फिर एक गिलास पानी पिएँ। अभी और मदद: ${sos}`,
    slip: () =>
      'दर्ज कर लिया: एक बार फिसले। इससे आपकी मेहनत ख़त्म नहीं होती। बाकी फेंक दीजिए, सोचिए किस बात पर हुआ, और अभी से फिर शुरू कीजिए। आप कर सकते हैं। अगली तलब पर मदद लिखें।',
    stop: () => 'अब आपको प्रोग्राम के संदेश नहीं आएँगे। फिर से चाहिए तो कभी भी START लिखें।',
    start: () =>
      'फिर से स्वागत है! रोज़ के संदेश आपके चुने समय पर फिर आने लगेंगे। तलब लगे तो मदद, फिसलें तो फिसला, रोकना हो तो रोको लिखें।',
    help: () =>
      'Exhale: तंबाकू छोड़ने में साथ। तलब लगे तो मदद (या CRAVE), तंबाकू ले लिया तो फिसला, संदेश बंद करने के लिए रोको, फिर शुरू करने के लिए START लिखें।',
  },
};

/** Hindi for members who chose it, or for a stranger who wrote in Devanagari; else English. */
export function replyLanguage(language: string | undefined, text: string): 'en' | 'hi' {
  if (language) return language === 'hi' ? 'hi' : 'en';
  return /[\u0900-\u097F]/.test(text) ? 'hi' : 'en';
}

export function replyText(language: 'en' | 'hi', key: ReplyKey, sosUrl: string): string {
  return REPLIES[language][key](sosUrl);
}

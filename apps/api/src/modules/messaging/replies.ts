import { isLanguageCode, type LanguageCode } from '@exhale/contract/languages';
import type { InboundKeyword } from '@exhale/contract/messaging';

/** The automatic answers to a member's reply, in the languages the library ships. */
type ReplyKey = Exclude<InboundKeyword, 'other'> | 'help';

const REPLIES: Record<LanguageCode, Record<ReplyKey, (sos: string) => string>> = {
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
  mr: {
    crave: (sos) =>
      `ही तलफ काही मिनिटांत जाईल. आमच्यासोबत श्वास घ्या: 4 पर्यंत आत, 4 थांबा, 4 पर्यंत बाहेर, 4 थांबा. 4 वेळा करा, मग एक ग्लास पाणी प्या. आत्ता आणखी मदत: ${sos}`,
    slip: () =>
      'नोंद केली: एकदा चूक झाली. त्याने तुमची प्रगती पुसली जात नाही. उरलेले फेकून द्या, कशामुळे झाले याचा विचार करा आणि आत्ता पुन्हा सुरू करा. तुम्ही हे करू शकता. पुढची तलफ आली की CRAVE लिहा.',
    stop: () => 'आता तुम्हाला प्रोग्रामचे संदेश येणार नाहीत. पुन्हा हवे असतील तर कधीही START लिहा.',
    start: () =>
      'पुन्हा स्वागत! रोजचे संदेश तुमच्या निवडलेल्या वेळी पुन्हा येतील. तलफ आली की CRAVE, चूक झाली तर SLIP, थांबवायचे असेल तर STOP लिहा.',
    help: () =>
      'Exhale: तंबाखू सोडण्यात साथ. तलफ आली की CRAVE (किंवा HELP), तंबाखू घेतली तर SLIP, संदेश बंद करण्यासाठी STOP, पुन्हा सुरू करण्यासाठी START लिहा.',
  },
  ta: {
    crave: (sos) =>
      `இந்த ஏக்கம் சில நிமிடங்களில் போய்விடும். எங்களுடன் மூச்சு விடுங்கள்: 4 வரை உள்ளே, 4 நிறுத்துங்கள், 4 வரை வெளியே, 4 நிறுத்துங்கள். 4 முறை செய்து, பிறகு ஒரு டம்ளர் தண்ணீர் குடியுங்கள். இப்போதே மேலும் உதவி: ${sos}`,
    slip: () =>
      'பதிவு செய்தோம்: ஒருமுறை தவறியது. அது உங்கள் முன்னேற்றத்தை அழிக்காது. மீதியை எறியுங்கள், எது தூண்டியது என யோசியுங்கள், இப்போதே மீண்டும் தொடங்குங்கள். உங்களால் முடியும். அடுத்த ஏக்கம் வந்தால் CRAVE அனுப்புங்கள்.',
    stop: () => 'இனி திட்டச் செய்திகள் வராது. மீண்டும் வேண்டுமானால் எப்போதும் START அனுப்புங்கள்.',
    start: () =>
      'மீண்டும் வரவேற்கிறோம்! தினசரிச் செய்திகள் நீங்கள் தேர்ந்த நேரத்தில் மீண்டும் வரும். ஏக்கம் வந்தால் CRAVE, தவறினால் SLIP, நிறுத்த STOP அனுப்புங்கள்.',
    help: () =>
      'Exhale புகையிலை விடுதல் உதவி. ஏக்கம் வந்தால் CRAVE (அல்லது HELP), புகையிலை பயன்படுத்தினால் SLIP, செய்திகள் வேண்டாமெனில் STOP, மீண்டும் பெற START அனுப்புங்கள்.',
  },
  te: {
    crave: (sos) =>
      `ఈ కోరిక కొన్ని నిమిషాల్లో పోతుంది. మాతో ఊపిరి తీసుకోండి: 4 వరకు లోపలికి, 4 ఆపండి, 4 వరకు బయటకు, 4 ఆపండి. 4 సార్లు చేసి, తర్వాత ఒక గ్లాసు నీళ్లు తాగండి. ఇప్పుడే మరింత సహాయం: ${sos}`,
    slip: () =>
      'నమోదు చేశాం: ఒకసారి తప్పు జరిగింది. అది మీ పురోగతిని చెరిపేయదు. మిగిలినది పారేయండి, దేనివల్ల జరిగిందో ఆలోచించండి, ఇప్పుడే మళ్లీ మొదలుపెట్టండి. మీరు చేయగలరు. తర్వాతి కోరిక వస్తే CRAVE పంపండి.',
    stop: () => 'ఇక మీకు ప్రోగ్రామ్ సందేశాలు రావు. మళ్లీ కావాలంటే ఎప్పుడైనా START పంపండి.',
    start: () =>
      'మళ్లీ స్వాగతం! రోజువారీ సందేశాలు మీరు ఎంచుకున్న సమయానికి మళ్లీ వస్తాయి. కోరిక వస్తే CRAVE, తప్పు జరిగితే SLIP, ఆపాలంటే STOP పంపండి.',
    help: () =>
      'Exhale పొగాకు మానడంలో తోడు. కోరిక వస్తే CRAVE (లేదా HELP), పొగాకు వాడితే SLIP, సందేశాలు వద్దంటే STOP, మళ్లీ పొందడానికి START పంపండి.',
  },
  bn: {
    crave: (sos) =>
      `এই টান কয়েক মিনিটে চলে যাবে। আমাদের সঙ্গে শ্বাস নিন: 4 পর্যন্ত ভেতরে, 4 থামুন, 4 পর্যন্ত বাইরে, 4 থামুন। 4 বার করুন, তারপর এক গ্লাস জল খান। এখনই আরও সাহায্য: ${sos}`,
    slip: () =>
      'লিখে রাখলাম: একবার ভুল হয়েছে। এতে আপনার অগ্রগতি মোছে না। বাকিটা ফেলে দিন, কী থেকে হলো ভাবুন, এখনই আবার শুরু করুন। আপনি পারবেন। পরের টান এলে CRAVE লিখুন।',
    stop: () => 'আর প্রোগ্রামের বার্তা আসবে না। আবার চাইলে যেকোনো সময় START লিখুন।',
    start: () =>
      'আবার স্বাগতম! রোজের বার্তা আপনার বেছে নেওয়া সময়ে আবার আসবে। টান এলে CRAVE, ভুল হলে SLIP, বন্ধ করতে STOP লিখুন।',
    help: () =>
      'Exhale তামাক ছাড়ার সঙ্গী। টান এলে CRAVE (বা HELP), তামাক নিলে SLIP, বার্তা বন্ধ করতে STOP, আবার পেতে START লিখুন।',
  },
};

/** A language by the script a message is written in, for a sender without preferences. */
const SCRIPTS: [RegExp, LanguageCode][] = [
  [/[\u0900-\u097F]/, 'hi'],
  [/[\u0B80-\u0BFF]/, 'ta'],
  [/[\u0C00-\u0C7F]/, 'te'],
  [/[\u0980-\u09FF]/, 'bn'],
];

/**
 * The member's messaging language, when set; for a stranger, the language of the script they
 * wrote in (Devanagari is read as Hindi); else English.
 */
export function replyLanguage(language: string | undefined, text: string): LanguageCode {
  if (language) return isLanguageCode(language) ? language : 'en';
  return SCRIPTS.find(([script]) => script.test(text))?.[1] ?? 'en';
}

export function replyText(language: LanguageCode, key: ReplyKey, sosUrl: string): string {
  return REPLIES[language][key](sosUrl);
}

import type { LanguageCode } from '@exhale/contract/languages';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { coachSavedReplies } from '../schema/coach';

/** A few ready answers per language for the coach's reply box; admins edit them in the console. */
const SAVED_REPLIES: Record<LanguageCode, { title: string; text: string }[]> = {
  en: [
    {
      title: 'After a slip',
      text: 'A slip is not a failure. Many people slip before they quit for good. What happened just before it? Let us plan what you will do next time that moment comes.',
    },
    {
      title: 'Smoking at home',
      text: 'It is hard when someone at home still smokes. Could you ask them to smoke outside, away from you? Keep your hands and mouth busy in those moments: water, fennel seeds, a short walk.',
    },
    {
      title: 'Strong craving',
      text: 'A craving peaks and passes in a few minutes. Try the breathing exercise on the SOS page now, and write to me how it went.',
    },
  ],
  hi: [
    {
      title: 'फिसलने के बाद',
      text: 'एक बार फिसलना हार नहीं है। बहुत लोग पूरी तरह छोड़ने से पहले फिसलते हैं। उससे ठीक पहले क्या हुआ था? चलिए तय करते हैं कि अगली बार वह पल आए तो आप क्या करेंगे।',
    },
    {
      title: 'तेज़ तलब',
      text: 'तलब कुछ ही मिनट में चरम पर पहुँचकर उतर जाती है। अभी SOS पेज पर साँस वाला अभ्यास कीजिए, और मुझे लिखिए कैसा रहा।',
    },
  ],
  mr: [
    {
      title: 'चूक झाल्यावर',
      text: 'एकदा चूक होणे म्हणजे हार नाही. अनेक जण कायमचे सोडण्यापूर्वी चुकतात. त्याआधी नेमके काय झाले? पुढच्या वेळी तो क्षण आला तर काय कराल ते ठरवूया.',
    },
    {
      title: 'तीव्र तलफ',
      text: 'तलफ काही मिनिटांत शिखरावर जाऊन ओसरते. आत्ता SOS पानावरचा श्वासाचा व्यायाम करा आणि कसे वाटले ते मला लिहा.',
    },
  ],
  ta: [
    {
      title: 'தவறிய பிறகு',
      text: 'ஒருமுறை தவறுவது தோல்வி அல்ல. பலர் முழுமையாக நிறுத்தும் முன் தவறுகிறார்கள். அதற்கு முன் என்ன நடந்தது? அடுத்த முறை அந்தத் தருணம் வந்தால் என்ன செய்வீர்கள் என்று திட்டமிடுவோம்.',
    },
    {
      title: 'கடும் ஏக்கம்',
      text: 'ஏக்கம் சில நிமிடங்களில் உச்சத்தை அடைந்து குறையும். இப்போதே SOS பக்கத்தில் மூச்சுப் பயிற்சியைச் செய்து, எப்படி இருந்தது என்று எனக்கு எழுதுங்கள்.',
    },
  ],
  te: [
    {
      title: 'తప్పు జరిగాక',
      text: 'ఒకసారి తప్పు జరగడం ఓటమి కాదు. చాలామంది పూర్తిగా మానేసే ముందు తడబడతారు. దానికి ముందు ఏం జరిగింది? మళ్లీ ఆ క్షణం వస్తే ఏం చేయాలో కలిసి ప్లాన్ చేద్దాం.',
    },
    {
      title: 'బలమైన కోరిక',
      text: 'కోరిక కొన్ని నిమిషాల్లో గరిష్ఠానికి చేరి తగ్గిపోతుంది. ఇప్పుడే SOS పేజీలోని శ్వాస వ్యాయామం చేసి, ఎలా ఉందో నాకు రాయండి.',
    },
  ],
  bn: [
    {
      title: 'ভুল হওয়ার পরে',
      text: 'একবার ভুল হওয়া হার নয়। অনেকেই পুরোপুরি ছাড়ার আগে একবার-দুবার ভুল করেন। ঠিক তার আগে কী হয়েছিল? পরের বার সেই মুহূর্ত এলে কী করবেন, চলুন ঠিক করি।',
    },
    {
      title: 'তীব্র টান',
      text: 'টান কয়েক মিনিটে চূড়ায় উঠে কমে যায়। এখনই SOS পাতার শ্বাসের অনুশীলনটি করুন, আর কেমন লাগল আমাকে লিখুন।',
    },
  ],
};

/** The saved replies, once: an operator's edits and deletions are never undone by a restart. */
export async function seedSavedReplies(db: Database): Promise<void> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(coachSavedReplies);
  if ((existing?.count ?? 0) > 0) return;
  await db
    .insert(coachSavedReplies)
    .values(
      Object.entries(SAVED_REPLIES).flatMap(([language, replies]) =>
        replies.map((reply) => ({ language: language as LanguageCode, ...reply })),
      ),
    );
}

import { describe, expect, it } from 'vitest';
import { crisisOf, normaliseForMatch } from './crisis-matcher';

describe('crisisOf', () => {
  const selfHarm: [string, string][] = [
    ['en', 'I slipped again, I just want to die'],
    ['en', 'Feeling SUICIDAL tonight…'],
    ['en', 'i want to   end-my-life'],
    ['en', 'ｋｉｌｌ ｍｙｓｅｌｆ'],
    ['hi', 'मैं आत्महत्या करना चाहता हूँ'],
    ['hi', 'अब ख़ुदकुशी ही रास्ता है'],
    ['hi', 'मैं खुदकुशी कर लूँगा'],
    ['hi', 'आत्म हत्या'],
    ['hi', 'आत्म\u200Bहत्या'],
    ['hi', 'main marna chahta hoon'],
    ['mr', 'मला आत्महत्या करावीशी वाटते'],
    ['mr', 'आता जगायचं नाही मला'],
    ['ta', 'தற்கொலைக்கு எண்ணம் வருகிறது'],
    ['ta', 'நான் சாக வேண்டும்'],
    ['te', 'నాకు ఆత్మహత్య చేసుకోవాలని ఉంది'],
    ['te', 'నేను చనిపోవాలని అనుకుంటున్నాను'],
    ['bn', 'আমি আত্মহত্যা করব'],
    ['bn', 'আর বাচতে চাই না'],
  ];
  it.each(selfHarm)('%s: "%s" is self-harm', (_language, text) => {
    expect(crisisOf(text)).toBe('self_harm');
  });

  const medical: [string, string][] = [
    ['en', 'Bad chest pain since the morning'],
    ['en', "I can't breathe properly"],
    ['hi', 'सीने में दर्द हो रहा है'],
    ['hi', 'सांस नहीं आ रही'],
    ['mr', 'छातीत दुखतंय'],
    ['ta', 'நெஞ்சு வலிக்கிறது'],
    ['ta', 'மூச்சுத்திணறல் இருக்கிறது'],
    ['te', 'ఛాతీ నొప్పిగా ఉంది'],
    ['bn', 'বুকে ব\u200D্যথা করছে'],
  ];
  it.each(medical)('%s: "%s" is a medical emergency', (_language, text) => {
    expect(crisisOf(text)).toBe('medical');
  });

  const ordinary: [string, string][] = [
    ['en', 'This craving is killing me but I held on'],
    ['en', 'I could kill for a cigarette'],
    ['en', 'My chest feels lighter since I quit'],
    ['en', 'Our dog Diehard loves walks'],
    ['hi', 'मुझमें आत्मविश्वास आ गया है'],
    ['hi', 'मेरी सास ने सिगरेट छोड़ने में मदद की'],
    ['hi', 'मैं मरीज़ों की देखभाल करता हूँ'],
    ['mr', 'मला आज खूप छान वाटतंय'],
    ['ta', 'இன்று நான் புகைக்கவில்லை'],
    ['te', 'ఈ రోజు నేను సిగరెట్ తాగలేదు'],
    ['bn', 'আজ আমি একটাও সিগারেট খাইনি'],
  ];
  it.each(ordinary)('%s: "%s" is no crisis', (_language, text) => {
    expect(crisisOf(text)).toBe('none');
  });

  it('prefers self-harm when a message speaks of both', () => {
    expect(crisisOf('chest pain and I want to die')).toBe('self_harm');
  });
});

describe('normaliseForMatch', () => {
  it('folds case, punctuation, spacing, nukta, chandrabindu and zero-width characters', () => {
    expect(normaliseForMatch('  Hello,\tWORLD!! ')).toBe(' hello world ');
    expect(normaliseForMatch('ख़ुद')).toBe(normaliseForMatch('खुद'));
    expect(normaliseForMatch('साँस')).toBe(normaliseForMatch('सांस'));
    expect(normaliseForMatch('বাঁচতে')).toBe(normaliseForMatch('বাচতে'));
    expect(normaliseForMatch('क्\u200Dष')).toBe(normaliseForMatch('क्ष'));
  });
});

import AxeBuilder from '@axe-core/playwright';
import { apiLogin, expect, freshMember, openApp, readOutbox, test } from '../fixtures';

// Issue 16 item 5: Marathi, Tamil, Telugu and Bengali beside English and Hindi (decision 064).

const LANGUAGES = [
  {
    code: 'mr',
    face: 'Noto Sans Devanagari',
    name: 'मराठी',
    title: 'तुम्हाला समजून घेणाऱ्या योजनेसोबत धूम्रपान कायमचे सोडा',
    simulation: 'आत्ताच SIM टेस्ट द्या',
  },
  {
    code: 'ta',
    face: 'Noto Sans Tamil',
    name: 'தமிழ்',
    title: 'உங்களைப் புரிந்துகொள்ளும் திட்டத்துடன் புகைப்பதை நிரந்தரமாக நிறுத்துங்கள்',
    simulation: 'இப்போதே SIM தேர்வை எழுதுங்கள்',
  },
  {
    code: 'te',
    face: 'Noto Sans Telugu',
    name: 'తెలుగు',
    title: 'మిమ్మల్ని అర్థం చేసుకునే ప్రణాళికతో పొగతాగడం శాశ్వతంగా మానేయండి',
    simulation: 'ఇప్పుడే SIM టెస్ట్ రాయండి',
  },
  {
    code: 'bn',
    face: 'Noto Sans Bengali',
    name: 'বাংলা',
    title: 'আপনাকে বোঝে এমন পরিকল্পনায় চিরতরে ধূমপান ছাড়ুন',
    simulation: 'এখনই SIM টেস্ট দিন',
  },
] as const;

const ENGLISH_TITLE = 'Quit smoking for good, with a plan that understands you';

test('the language switcher names all six languages, each in its own script', async ({ page }) => {
  await openApp(page, '/');
  const options = page.getByRole('combobox', { name: 'Language' }).locator('option');
  await expect(options).toHaveText(['English', 'हिन्दी', 'मराठी', 'தமிழ்', 'తెలుగు', 'বাংলা']);
  for (const { code, face } of LANGUAGES) {
    const option = options.and(page.locator(`[value="${code}"]`));
    await expect(option).toHaveAttribute('lang', code);
    // Each name in its own script's face (decision 073), while the English page names none.
    await expect(option).toHaveCSS('font-family', new RegExp(face));
  }
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).not.toHaveCSS(
    'font-family',
    /Noto Sans (Devanagari|Tamil|Telugu|Bengali)/,
  );
});

for (const language of LANGUAGES) {
  test(`switching to ${language.name} changes the landing page's text and <html lang>, and stays after a reload, axe-clean`, async ({
    page,
  }) => {
    // Two page loads, a catalogue fetch and an axe scan: on a loaded runner this takes 20 s.
    test.slow();
    await openApp(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('combobox', { name: 'Language' }).selectOption(language.code);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(language.title);
    await expect(main.getByRole('heading', { name: language.simulation })).toBeAttached();
    await expect(main.getByRole('heading', { name: ENGLISH_TITLE })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', language.code);
    await expect(main.getByRole('heading', { level: 1 })).toHaveCSS(
      'font-family',
      new RegExp(language.face),
    );
    await expect(page.getByRole('combobox').first()).toHaveValue(language.code);

    await openApp(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', language.code);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(language.title);

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
}

test("a Tamil reader gets the operator's Tamil SIM statement, and the seed's Tamil for the others", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, { email: 'admin@example.com' });
  const headers = { Authorization: `Bearer ${admin.token}` };
  const listed = await request.get('/api/admin/translations?entity=questions&page_size=2', {
    headers,
  });
  expect(listed.ok()).toBe(true);
  const [first, second] = (
    (await listed.json()) as {
      data: { entity_id: string; fields: { field: string; english: string }[] }[];
    }
  ).data;
  const tamil = 'நான் எழுந்த 30 நிமிடங்களுக்குள் முதல் சிகரெட்டைப் புகைக்கிறேன்.';
  const saved = await request.put('/api/admin/translations', {
    headers,
    data: {
      entity: 'questions',
      entity_id: first!.entity_id,
      field: 'question',
      language: 'ta',
      text: tamil,
    },
  });
  expect(saved.ok()).toBe(true);
  const english = second!.fields[0]!.english;

  await openApp(page, '/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ta');
  const section = page.locator('#simulation-test');
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('button', { name: 'தேர்வைத் தொடங்குங்கள்' }).click();
  await expect(section.getByText(tamil)).toBeVisible();
  // The seed ships every statement in every language (issue 48).
  await expect(
    section.getByText('புகைக்கத் தடை உள்ள இடங்களில் புகைக்காமல் இருப்பது எனக்குக் கடினமாக இருக்கிறது.'),
  ).toBeVisible();
  await expect(section.getByText(english)).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
});

test('a Telugu reader takes the SIM test with Telugu statements and a Telugu answer scale', async ({
  page,
}) => {
  await openApp(page, '/');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('te');
  const section = page.locator('#simulation-test');
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('button', { name: 'టెస్ట్ ప్రారంభించండి' }).click();
  await expect(section.getByText('నిద్ర లేచిన 30 నిమిషాల్లోనే నా మొదటి సిగరెట్ తాగుతాను.')).toBeVisible();
  await expect(section.getByText('పూర్తిగా ఏకీభవించను').first()).toBeVisible();
  await expect(section.getByText('పూర్తిగా ఏకీభవిస్తాను').first()).toBeVisible();
  await expect(section.getByText('Strongly Disagree')).toHaveCount(0);
  await expect(section.getByText('I smoke my first cigarette', { exact: false })).toHaveCount(0);
});

test("an operator writes a plan's Marathi name at /admin/translations; Marathi readers get it (axe-clean at 360 and 1280 px)", async ({
  page,
  loginAs,
}) => {
  test.slow();
  await loginAs({ email: 'admin@example.com' });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/translations');
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Translations' })).toBeVisible();
    await page.getByLabel('What to translate').selectOption('plans');
    const lifetime = page.getByRole('region', { name: 'lifetime' });
    await expect(lifetime.getByText('English: Lifetime Plan')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`translations-${width}.png`),
      fullPage: false,
    });
  }

  // The seed ships every language; the operator rewrites the Marathi name.
  const lifetime = page.getByRole('region', { name: 'lifetime' });
  const marathiName = lifetime.getByRole('textbox', { name: /^मराठी.*Name$/ });
  await expect(marathiName).toHaveValue('लाइफटाइम प्लॅन');
  await marathiName.fill('आजीवन प्लॅन');
  await lifetime.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify').getByText('Translations saved.')).toBeVisible();

  // What a Marathi reader's plan card asks for (POST /translate/batch, as useTranslated does).
  const answer = await page.request.post('/api/translate/batch', {
    data: { texts: ['Lifetime Plan', 'Free'], target: 'mr' },
  });
  expect(((await answer.json()) as { data: { texts: string[] } }).data.texts).toEqual([
    'आजीवन प्लॅन',
    'मोफत',
  ]);
});

test("a signed-in member's switch to Tamil is saved on the account, and the next code comes in Tamil", async ({
  page,
}) => {
  const member = await freshMember(page);
  await openApp(page, '/dashboard');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/user/profile/language') &&
      response.request().method() === 'PATCH',
  );
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('ta');
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');

  const profile = await page.request.get('/api/user/profile', {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  expect(((await profile.json()) as { data: { language: string } }).data.language).toBe('ta');

  // Decision 065: the API writes to the member in the account's language.
  await page.request.post('/api/auth/user/login', { data: { email: member.email } });
  await expect
    .poll(async () => (await readOutbox(page.request, member.email))[0]?.subject ?? '')
    .toMatch(/உள்நுழைவுக் குறியீடு$/);
});

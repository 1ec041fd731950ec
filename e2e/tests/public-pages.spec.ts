import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, newAccount, openApp, seedStorage, test } from '../fixtures';

// The static public site: landing, marketing pages, help center and legal pages.

const publicNav = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });
const banner = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');
const main = (page: Page) => page.getByRole('main');
const CONTACT = '/help-center/contact-us';
/** The seeded featured quiz (FEATURED_QUIZ_SET_ID in packages/contract/src/content.ts). */
const QUIZ_PATH = '/quiz/5b7c2f4e-3d1a-4c8e-9f60-2a1b3c4d5e6f';

/** The href every call to action of a marketing page must carry. */
async function expectLink(scope: Locator, name: string, href: string) {
  const links = scope.getByRole('link', { name, exact: true });
  await expect(links.first()).toBeVisible();
  for (const link of await links.all()) await expect(link).toHaveAttribute('href', href);
}

test.describe('landing page', () => {
  test("has the spec's sections in order, each with its own heading", async ({ page }) => {
    await openApp(page, '/');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(
      'Quit smoking for good, with a plan that understands you',
    );
    const headings = await main(page).getByRole('heading', { level: 2 }).allTextContents();
    // hero (h1), about the test, counter, test flow, method flow, introduction, simulation
    // test, testimonials, about-the-book.
    const expected = [
      'What is the SIM test?',
      'Exhale in numbers',
      'How the SIM test works',
      'How the Exhale method works',
      'Why Exhale',
      'Take the SIM test now',
      'Success Stories',
      'Breathe Free: the book behind the method',
    ];
    expect(headings.filter((heading) => expected.includes(heading))).toEqual(expected);
  });

  test('the counter counts up to its figures, in Indian digit grouping', async ({ page }) => {
    // The suite asks for reduced motion (playwright.config.ts), under which there is no count.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openApp(page, '/');
    const counter = page.locator('#counter');
    // The animated figure is hidden from screen readers, which get only the final one.
    const shown = counter.locator('[aria-hidden="true"]').filter({ hasText: '+' }).first();
    await expect(shown).toHaveText('0+');
    await counter.scrollIntoViewIfNeeded();
    await expect(shown).toHaveText('1,25,000+');
    await expect(counter.getByText('SIM tests taken')).toBeVisible();
  });

  test('with reduced motion the figures are there at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openApp(page, '/');
    const figure = page.locator('#counter [aria-hidden="true"]').filter({ hasText: '+' });
    // Read before the section is ever scrolled to: no animation means no zeroes.
    await expect(figure.first()).toHaveText('1,25,000+', { timeout: 1_000 });
  });

  test("the header's 'Success Stories' scrolls to the testimonials", async ({ page }) => {
    await openApp(page, '/');
    const stories = page.getByRole('heading', { name: 'Success Stories' });
    await expect(stories).not.toBeInViewport();
    await publicNav(page).getByRole('link', { name: 'Success Stories' }).click();
    await expect(page).toHaveURL(/\/#success-stories$/);
    await expect(stories).toBeInViewport();
  });

  test('switching to Hindi changes the visible text of every section', async ({ page }) => {
    await openApp(page, '/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await expect(page.getByRole('heading', { name: 'अभी SIM टेस्ट दें' })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'आँकड़ों में Exhale' })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Take the SIM test now' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'How the SIM test works' })).toHaveCount(0);
  });

  test('the simulation test is fetched only when scrolled near, and opens on Start', async ({
    page,
  }) => {
    const questionRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/question') questionRequests.push(url.search);
    });
    await openApp(page, '/');
    // Give an eager loader every chance to show itself.
    await page.waitForLoadState('networkidle');
    expect(questionRequests).toEqual([]);

    const section = page.locator('#simulation-test');
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => questionRequests).toEqual(['?event=0&limit=inf']);
    // Prefetching must not change the page under the reader: still the start card.
    const questions = section.getByRole('heading', { name: /^Questions 1–10 of \d+$/ });
    await expect(questions).toHaveCount(0);

    await section.getByRole('button', { name: 'Start the test' }).click();
    await expect(questions).toBeFocused();
    expect(questionRequests).toHaveLength(1);
  });

  test("the hero's 'Take the free SIM test' opens the test on this page", async ({ page }) => {
    await openApp(page, '/');
    await main(page).getByRole('link', { name: 'Take the free SIM test' }).first().click();
    await expect(page).toHaveURL(/\/#simulation-test$/);
    await expect(page.getByRole('heading', { name: 'Take the SIM test now' })).toBeInViewport();
    await expect(page.getByRole('heading', { name: /^Questions 1–10 of \d+$/ })).toBeVisible();
  });

  test('a visitor answers the test, the server scores it, and sign-up carries the result', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openApp(page, '/#simulation-test');
    const section = page.locator('#simulation-test');
    const firstPage = section.getByRole('heading', { name: /^Questions 1–10 of \d+$/ });
    await expect(firstPage).toBeVisible();
    const total = Number((await firstPage.textContent())!.match(/of (\d+)$/)![1]);
    const pages = Math.ceil(total / 10);

    // Submitting with gaps: the spec's warning, and focus on the first unanswered statement.
    for (let p = 1; p < pages; p += 1) {
      await section.getByRole('button', { name: 'Next questions' }).click();
    }
    await section.getByRole('button', { name: 'Submit your answers' }).click();
    await expect(page.getByText('Please answer all questions').first()).toBeVisible();
    await expect(firstPage).toBeVisible();
    await expect(section.getByRole('radio').first()).toBeFocused();
    // The keyboard answers as with any radio group: an arrow key moves to the next option and
    // chooses it (the last answer on each statement below is a click on 'Agree').
    await page.keyboard.press('ArrowRight');
    const firstGroup = section.getByRole('radiogroup').first();
    await expect(firstGroup.getByRole('radio').nth(1)).toBeFocused();
    await expect(firstGroup.getByRole('radio').nth(1)).toBeChecked();

    // Numbered statements answered with pills, page by page.
    await expect(section.getByRole('listitem').first()).toContainText(/^1\./);
    for (let p = 1; p <= pages; p += 1) {
      const groups = section.getByRole('radiogroup');
      for (const group of await groups.all()) {
        await group.getByRole('radio', { name: 'Agree', exact: true }).click();
      }
      if (p < pages) await section.getByRole('button', { name: 'Next questions' }).click();
    }
    await expect(section.getByText(`${total} of ${total} answered`)).toBeVisible();

    const scored = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/question/score') && response.request().method() === 'POST',
    );
    await section.getByRole('button', { name: 'Submit your answers' }).click();
    const scoreResponse = await scored;
    // The browser sends answers, never a number of its own; the score comes from the server.
    const sent = scoreResponse.request().postDataJSON() as {
      answers: { question_id: string; value: number }[];
      total_points?: unknown;
    };
    expect(sent.answers).toHaveLength(total);
    expect(sent.total_points).toBeUndefined();
    const { data } = (await scoreResponse.json()) as { data: { total_points: number } };
    expect(data.total_points).toBeGreaterThanOrEqual(0);
    expect(data.total_points).toBeLessThanOrEqual(99);

    const result = section.getByRole('heading', { name: 'Your starting SIM score' });
    await expect(result).toBeFocused();
    await expect(section.getByTestId('landing-sim-score')).toHaveText(
      `${data.total_points} out of 250`,
    );
    expect(await page.evaluate(() => localStorage.getItem('first_event'))).toBe(
      JSON.stringify({ points: data.total_points }),
    );

    // A reload keeps the result, on this device only.
    await page.reload();
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(page.getByTestId('landing-sim-score')).toHaveText(
      `${data.total_points} out of 250`,
    );

    // Sign-up sends the first-event record as step 1 + total_points (spec §3).
    await page.getByRole('link', { name: 'Create your free account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    const dialog = page.getByRole('dialog');
    const account = newAccount();
    await dialog.getByLabel('Name').fill(account.name);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Mobile number').fill(account.mobile);
    await dialog.getByLabel('Age').fill(String(account.age));
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('radio', { name: 'Female' }).check();
    const registered = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/user/register'),
    );
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    const registerResponse = await registered;
    expect(registerResponse.request().postDataJSON()).toMatchObject({
      step: 1,
      total_points: data.total_points,
    });
    expect(registerResponse.ok()).toBe(true);
    const body = (await registerResponse.json()) as {
      token: string;
      step: number;
      data: { total_points: number };
    };
    expect(body.step).toBe(1);
    expect(body.data.total_points).toBe(data.total_points);

    // The new member lands on the dashboard (the test is done), past the WhatsApp prompt...
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Skip this step' }).click();
    // ...where the landing score is attempt 1, the only one.
    const scores = page.getByRole('region', { name: 'Your SIM test scores' });
    const attempts = scores.getByRole('listitem');
    await expect(attempts).toHaveCount(1);
    await expect(attempts.first()).toContainText('Attempt 1');
    await expect(attempts.first()).toContainText(`${data.total_points} out of 250`);

    // And the server holds it: the member's own attempts, read with their session.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBe(body.token);
    const recorded = await page.request.get('/api/user-answer', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(recorded.ok()).toBe(true);
    const { data: history } = (await recorded.json()) as {
      data: { attempt: number; total_points: number }[];
    };
    expect(history).toEqual([
      expect.objectContaining({ attempt: 1, total_points: data.total_points }),
    ]);
    const profile = await page.request.get('/api/user/profile', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(
      ((await profile.json()) as { data: { total_points: number; step: number } }).data,
    ).toMatchObject({ total_points: data.total_points, step: 1 });
  });

  test('"Take the test again" drops the saved result', async ({ page }) => {
    await seedStorage(page, { first_event: JSON.stringify({ points: 42 }) });
    await openApp(page, '/#simulation-test');
    await expect(page.getByTestId('landing-sim-score')).toHaveText('42 out of 250');
    await page.getByRole('button', { name: 'Take the test again' }).click();
    await expect(page.getByRole('heading', { name: /^Questions 1–10 of \d+$/ })).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('first_event'))).toBeNull();
  });
});

test.describe('marketing pages', () => {
  const pages = [
    {
      path: '/corporates',
      title: 'A smoke-free workplace, one colleague at a time',
      texts: ['Why it matters for your organisation', 'What your team gets', 'How it works'],
    },
    {
      path: '/schools',
      title: 'Help young people stay smoke-free',
      texts: ['What we offer schools', 'Age and safety', 'How it works'],
    },
    {
      path: '/non-smokers',
      title: 'Help someone you love quit smoking',
      texts: [
        'Tips for supporting a smoker',
        'Avoid shouting or pleading',
        'Understand their reasons',
        'Start meaningful conversations',
        'Guide them through SIM exercises 1 and 2',
        'What Exhale offers',
        'Interactive quizzes',
        'Personalised coaching',
        'Engaging content',
        'Your role as a non-smoker',
        'Practical tips',
        'Educate yourself',
        'Be a source of encouragement',
        'Set a positive example',
        'Why choose Exhale',
      ],
    },
    {
      path: '/doctors',
      title: 'Help your patients quit, with support between visits',
      texts: [
        'Doctors-only online workshops',
        'Personalised patient recommendations',
        'Cessation support',
        'Resources for your clinic',
        'Why opt for Exhale',
        'Key features',
        'How it works',
        'Initial assessment',
        'Personalised support journey',
        'Continuous progress tracking',
        'Maximising the benefits',
        'Integration with treatment plans',
        'Why doctors should choose Exhale',
      ],
    },
  ];

  for (const { path, title, texts } of pages) {
    test(`${path} renders its sections; a visitor gets the public header`, async ({ page }) => {
      await openApp(page, path);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(title);
      for (const text of texts) {
        await expect(main(page).getByRole('heading', { name: text, exact: true })).toBeVisible();
      }
      // Without a session the content pages show the public header (decision 045).
      await expect(banner(page)).toBeVisible();
      await expect(publicNav(page)).toHaveCount(1);
      await expect(footer(page)).toBeVisible();
    });
  }

  for (const path of ['/corporates', '/schools']) {
    test(`${path} calls to action: Contact Us and Get Started lead to the contact page`, async ({
      page,
    }) => {
      await openApp(page, path);
      await expectLink(main(page), 'Contact Us', CONTACT);
      await expectLink(main(page), 'Get Started', CONTACT);
      await main(page).getByRole('link', { name: 'Get Started' }).first().click();
      await expect(page).toHaveURL(/\/help-center\/contact-us$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    });
  }

  test('/non-smokers links to SIM exercises 1 and 2', async ({ page }) => {
    await openApp(page, '/non-smokers');
    await expectLink(main(page), 'SIM exercise 1', '/user/sim-exercise-1');
    await expectLink(main(page), 'SIM exercise 2', '/user/sim-exercise-2');
  });

  test("/doctors has the spec's nine buttons, all leading to the contact page", async ({
    page,
  }) => {
    await openApp(page, '/doctors');
    for (const name of [
      'Reach Out to Us',
      'Contact Us Today',
      "Let's Connect",
      'Schedule a Workshop',
      'Learn More',
      'Contact Us Now',
      'Book a Consultation',
      'Talk To Our Expert',
      'Join',
    ]) {
      await expectLink(main(page), name, CONTACT);
    }
  });
});

test.describe('help center', () => {
  const articles = [
    {
      path: '/help-center/get-start',
      card: 'Get Started',
      texts: ['Create your account', 'Log in', 'Take the SIM test', 'Begin the programme'],
    },
    {
      path: '/help-center/frequently-asked-questions',
      card: 'Frequently Asked Questions',
      texts: ['How old do I need to be?'],
    },
    {
      path: '/help-center/pricing-&-payment',
      card: 'Pricing & Payment',
      texts: ['One plan, for life', 'Ways to pay', 'Refund policy', 'How to subscribe'],
    },
    {
      path: '/help-center/technical-support',
      card: 'Technical Support',
      texts: ['Login issues', 'App errors', 'Syncing devices', 'Restoring lost progress'],
    },
    {
      path: '/help-center/contact-us',
      card: 'Contact Us',
      texts: ['Ways to reach us', 'Support hours'],
    },
  ];

  test('/help-center is a grid of five cards, without a header', async ({ page }) => {
    await openApp(page, '/help-center');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
    const cards = main(page).getByRole('list').last().getByRole('link');
    await expect(cards).toHaveCount(5);
    for (const { path, card } of articles) {
      await expect(main(page).getByRole('link', { name: card, exact: true })).toHaveAttribute(
        'href',
        path,
      );
    }
    await expect(banner(page)).toHaveCount(0);
    await expect(footer(page).getByRole('combobox', { name: 'Language' })).toBeVisible();
  });

  for (const { path, card, texts } of articles) {
    test(`${path} opens from its card and renders its topics`, async ({ page }) => {
      await openApp(page, '/help-center');
      await main(page).getByRole('link', { name: card, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(card);
      for (const text of texts) {
        await expect(main(page).getByRole('heading', { name: text, exact: true })).toBeVisible();
      }
      await expect(banner(page)).toHaveCount(0);
      await expect(footer(page)).toBeVisible();
      // The breadcrumb is the way back on pages without a header.
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Help Center' })
        .click();
      await expect(page).toHaveURL(/\/help-center$/);
    });
  }

  test("the pricing path matches with a literal '&' and with %26", async ({ page }) => {
    for (const path of ['/help-center/pricing-&-payment', '/help-center/pricing-%26-payment']) {
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing & Payment');
    }
  });

  test('pricing states the plan, GST, ways to pay and the refund window', async ({ page }) => {
    await openApp(page, '/help-center/pricing-&-payment');
    for (const text of [
      '₹4,999',
      '₹899.82',
      '₹5,898.82',
      'Visa and Mastercard credit and debit cards',
      'Net banking',
      'UPI: Google Pay, PhonePe, Paytm and BHIM',
    ]) {
      await expect(main(page).getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(main(page)).toContainText('within 10 business days of your purchase');
    await expect(main(page)).toContainText('₹4,999 plus 18% GST, paid once');
  });

  test('contact lists email, phone, live chat and the support hours', async ({ page }) => {
    await openApp(page, '/help-center/contact-us');
    await expect(main(page).getByRole('link', { name: 'support@exhale.example' })).toHaveAttribute(
      'href',
      'mailto:support@exhale.example',
    );
    await expect(main(page).getByRole('link', { name: '+91 80 4567 8900' })).toHaveAttribute(
      'href',
      'tel:+918045678900',
    );
    const hours = main(page).getByRole('region', { name: 'Support hours' });
    await expect(hours).toContainText('Monday to Friday10:00–18:00 IST');
    await expect(hours).toContainText('Saturday and SundayClosed');
    await expect(hours).toContainText('Live chat24/7');

    // Live chat is a WhatsApp chat with the support number, greeting typed, in a new tab.
    const chat = main(page).getByRole('link', { name: /^Live chat on WhatsApp/ });
    await expect(chat).toHaveCount(1);
    const href = new URL((await chat.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://wa.me/918045678900');
    expect(href.searchParams.get('text')).toBe('Hello Exhale team, I would like some help.');
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(main(page)).not.toContainText('chat button in the app');
  });

  test("every article's 'Still need help?' offers the live chat, in the reader's language", async ({
    page,
  }) => {
    await openApp(page, '/help-center/technical-support');
    const prompt = main(page).getByRole('region', { name: 'Still need help?' });
    await expect(prompt.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(prompt.getByRole('link', { name: /^Live chat on WhatsApp/ })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/918045678900\?text=/,
    );

    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    const chat = main(page).getByRole('link', { name: /^WhatsApp पर लाइव चैट/ });
    await expect(chat).toBeVisible();
    const href = new URL((await chat.getAttribute('href'))!);
    expect(href.searchParams.get('text')).toBe('नमस्ते Exhale टीम, मुझे थोड़ी मदद चाहिए।');
  });

  test('FAQ: seven questions, one answer open at a time', async ({ page }) => {
    await openApp(page, '/help-center/frequently-asked-questions');
    const questions = main(page).getByRole('button', { expanded: false });
    await expect(questions).toHaveCount(7);

    const age = main(page).getByRole('button', { name: 'How old do I need to be?' });
    const free = main(page).getByRole('button', { name: 'Is Exhale free?' });
    const answer = (button: Locator) =>
      button.getAttribute('aria-controls').then((id) => page.locator(`[id="${id}"]`));

    await age.click();
    await expect(age).toHaveAttribute('aria-expanded', 'true');
    await expect(await answer(age)).toBeVisible();
    await expect(await answer(age)).toContainText('18 or older');

    await free.click();
    await expect(free).toHaveAttribute('aria-expanded', 'true');
    await expect(age).toHaveAttribute('aria-expanded', 'false');
    await expect(await answer(age)).toBeHidden();
    await expect(await answer(free)).toContainText('₹4,999 plus 18% GST');

    await free.click();
    await expect(free).toHaveAttribute('aria-expanded', 'false');
    await expect(await answer(free)).toBeHidden();
    await expect(main(page).getByRole('button', { expanded: true })).toHaveCount(0);

    // Keyboard: Tab to a question and open it with Enter or Space.
    await age.focus();
    await page.keyboard.press('Enter');
    await expect(age).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(age).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('legal pages', () => {
  const sectionHeadings = (page: Page) =>
    page.getByRole('article').getByRole('heading', { level: 2 });

  test('terms: 24 numbered sections with the spec facts, no header', async ({ page }) => {
    await openApp(page, '/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
    await expect(sectionHeadings(page)).toHaveCount(24);
    const titles = await sectionHeadings(page).allTextContents();
    titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. \\S`)));
    const article = page.getByRole('article');
    for (const text of [
      'at least 18 years old',
      'parent or legal guardian',
      'Indian rupees (₹)',
      'All sales are final',
      'within 7 to 10 business days of your purchase',
      'full 10 business days',
      'governed by the laws of India',
      'the courts at Bengaluru, Karnataka',
    ]) {
      await expect(article).toContainText(text);
    }
    await expect(banner(page)).toHaveCount(0);
    await expect(footer(page)).toBeVisible();
  });

  test('privacy policy: 12 numbered sections on the data we keep and DPDP rights', async ({
    page,
  }) => {
    await openApp(page, '/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(sectionHeadings(page)).toHaveCount(12);
    const article = page.getByRole('article');
    for (const text of [
      'Digital Personal Data Protection Act, 2023',
      'optional profile photo',
      'GST invoices',
      'We never sell your personal data',
      'Razorpay',
      'Nomination',
      'Grievance Officer',
      'select Delete my account',
    ]) {
      await expect(article).toContainText(text);
    }
    await expect(banner(page)).toHaveCount(0);
  });

  test('the table of contents jumps to a section', async ({ page }) => {
    await openApp(page, '/terms-and-conditions');
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.getByRole('link', { name: /^23\. / }).click();
    await expect(page).toHaveURL(/#section-23$/);
    await expect(page.getByRole('heading', { name: /^23\. Governing law/ })).toBeInViewport();
  });

  test('in Hindi the sections are translated and the English text is said to prevail', async ({
    page,
  }) => {
    await seedStorage(page, { language: 'hi' });
    await openApp(page, '/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('नियम और शर्तें');
    await expect(sectionHeadings(page)).toHaveCount(24);
    await expect(page.getByText('अंग्रेज़ी संस्करण ही मान्य होगा')).toBeVisible();
    await openApp(page, '/privacy-policy');
    await expect(sectionHeadings(page)).toHaveCount(12);
  });
});

const builtPages = [
  '/',
  '/corporates',
  '/schools',
  '/non-smokers',
  '/doctors',
  '/help-center',
  '/help-center/get-start',
  '/help-center/frequently-asked-questions',
  '/help-center/pricing-&-payment',
  '/help-center/technical-support',
  '/help-center/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
];

/** The description and share tags in <head>, as a crawler that runs scripts reads them. */
async function headTags(page: Page) {
  return page.evaluate(() => {
    const all = (selector: string) =>
      Array.from(document.head.querySelectorAll(selector)).map(
        (tag) => tag.getAttribute('content') ?? tag.getAttribute('href'),
      );
    return {
      title: document.title,
      description: all('meta[name="description"]'),
      ogTitle: all('meta[property="og:title"]'),
      ogDescription: all('meta[property="og:description"]'),
      ogType: all('meta[property="og:type"]'),
      ogUrl: all('meta[property="og:url"]'),
      ogImage: all('meta[property="og:image"]'),
      twitterCard: all('meta[name="twitter:card"]'),
      canonical: all('link[rel="canonical"]'),
    };
  });
}

test.describe('share tags', () => {
  test('a blog post previews as the post: its title, description and picture', async ({ page }) => {
    const list = await page.request.get('/api/blog');
    const [first] = ((await list.json()) as { data: { _id: string }[] }).data;
    const detail = await page.request.get(`/api/blog/${first!._id}`);
    const { data: post } = (await detail.json()) as {
      data: { title: string; meta_description: string; image: string | null };
    };
    expect(post.meta_description).not.toBe('');

    // Arrived at from the list, as a reader would: the list's tags are replaced, not added to.
    await openApp(page, '/blog');
    await main(page).getByRole('link', { name: post.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    const url = `${new URL(page.url()).origin}/blog/${first!._id}`;
    await expect.poll(async () => (await headTags(page)).ogTitle).toEqual([post.title]);
    const tags = await headTags(page);
    expect(tags.description).toEqual([post.meta_description]);
    expect(tags.ogDescription).toEqual([post.meta_description]);
    expect(tags.ogType).toEqual(['article']);
    expect(tags.ogUrl).toEqual([url]);
    expect(tags.canonical).toEqual([url]);
    expect(tags.ogImage).toEqual([
      new URL(post.image ?? '/social-card.png', new URL(page.url()).origin).href,
    ]);
    expect(tags.twitterCard).toEqual(['summary_large_image']);
  });

  test('index.html carries default share tags for crawlers that run no scripts', async ({
    request,
  }) => {
    // A page the server does not render (the quiz) gets index.html as it is; the server-rendered
    // pages carry their own tags (html-first.spec.ts).
    const html = await (await request.get(QUIZ_PATH)).text();
    for (const tag of [
      /<meta property="og:title" content="Exhale – quit smoking for good"/,
      /<meta\s+property="og:description"\s+content="Exhale is a guided quit-smoking programme/,
      /<meta property="og:type" content="website"/,
      /<meta property="og:image" content="\/social-card.png"/,
      /<meta property="og:image:width" content="1200"/,
      /<meta property="og:image:height" content="630"/,
      /<meta name="twitter:card" content="summary_large_image"/,
    ]) {
      expect(html).toMatch(tag);
    }
    // The picture is a PNG of the size the tags announce (link previews show no SVG).
    const image = await request.get('/social-card.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const png = await image.body();
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test('every public page has its own description and share tags, once each', async ({ page }) => {
    test.setTimeout(90_000);
    const shellDescription = /^Exhale is a guided quit-smoking programme/;
    const seen = new Set<string>();
    for (const path of [...builtPages, '/blog', '/new-and-media', QUIZ_PATH]) {
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const url = `${new URL(page.url()).origin}${new URL(page.url()).pathname}`;
      await expect.poll(async () => (await headTags(page)).canonical, path).toEqual([url]);
      const tags = await headTags(page);
      expect(tags.description, path).toHaveLength(1);
      expect(tags.description[0], path).not.toMatch(shellDescription);
      expect(seen.has(tags.description[0]!), `${path} repeats a description`).toBe(false);
      seen.add(tags.description[0]!);
      expect(tags.ogDescription, path).toEqual(tags.description);
      expect(tags.ogTitle, path).toEqual([tags.title]);
      expect(tags.ogUrl, path).toEqual([url]);
      expect(tags.ogType, path).toEqual(['website']);
      expect(tags.ogImage, path).toEqual([`${new URL(page.url()).origin}/social-card.png`]);
      expect(tags.twitterCard, path).toEqual(['summary_large_image']);
    }
  });

  test('in Hindi the descriptions are Hindi too', async ({ page }) => {
    await seedStorage(page, { language: 'hi' });
    await openApp(page, '/help-center/contact-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('संपर्क करें');
    const tags = await headTags(page);
    expect(tags.description[0]).toMatch(/^Exhale टीम से ईमेल या फ़ोन पर/);
    expect(tags.ogTitle).toEqual([tags.title]);
  });
});

test.describe('accessibility (axe)', () => {
  const scan = (page: Page) => new AxeBuilder({ page }).analyze();

  for (const path of builtPages) {
    test(`${path} has no violations`, async ({ page }) => {
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect((await scan(page)).violations).toEqual([]);
    });
  }

  test('the landing simulation test and its result have no violations', async ({ page }) => {
    await openApp(page, '/#simulation-test');
    await expect(page.getByRole('heading', { name: /^Questions 1–10/ })).toBeVisible();
    expect((await scan(page)).violations).toEqual([]);
    await seedStorage(page, { first_event: JSON.stringify({ points: 42 }) });
    await openApp(page, '/#simulation-test');
    await expect(page.getByTestId('landing-sim-score')).toBeVisible();
    expect((await scan(page)).violations).toEqual([]);
  });

  test('the FAQ with an answer open has no violations', async ({ page }) => {
    await openApp(page, '/help-center/frequently-asked-questions');
    await page.getByRole('button', { name: 'How old do I need to be?' }).click();
    expect((await scan(page)).violations).toEqual([]);
  });

  test('the pages in Hindi have no violations', async ({ page }) => {
    await seedStorage(page, { language: 'hi' });
    for (const path of ['/doctors', '/help-center', '/privacy-policy']) {
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect((await scan(page)).violations, path).toEqual([]);
    }
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no page overflows sideways', async ({ page }) => {
    test.setTimeout(60_000);
    for (const path of builtPages) {
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

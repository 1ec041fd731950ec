import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, expect, openApp, registerUser, test, type NewAccount } from '../fixtures';
import { solidPng } from '../png';

// Dynamic content: blogs, news, the public quiz, the Explore feed and notification
// settings, against the demo seed (5 blogs, 6 news items, the featured quiz).

/** The seeded featured quiz (FEATURED_QUIZ_SET_ID in packages/contract/src/content.ts). */
const QUIZ_PATH = '/quiz/5b7c2f4e-3d1a-4c8e-9f60-2a1b3c4d5e6f';
const ADMIN = { email: 'admin@example.com' };

const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true });

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** A fresh member, signed in the way the app stores a session. */
async function signInFresh(
  page: Page,
  loginAs: (account: { email: string; password?: string }) => Promise<unknown>,
): Promise<NewAccount> {
  const account = await registerUser(page.request);
  await loginAs({ email: account.email, password: account.password });
  return account;
}

test.describe('blogs', () => {
  test('the list links each card to its post', async ({ page }) => {
    await openApp(page, '/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await expect(page).toHaveTitle('Blogs – Exhale');
    const title = 'Chai without the cigarette: breaking the tapri habit';
    const card = page.getByRole('article').filter({ hasText: 'tapri' });
    // A wide card shows the whole title (the 28-character cut is for narrow cards, decision 047).
    await expect(card.getByText(title, { exact: true })).toBeVisible();
    await expect(card.getByRole('img')).toHaveCount(0); // the cover is decorative (alt="")
    // The first cover is on the first screen: fetched at once and first; the others wait until
    // they are scrolled near.
    const covers = page.getByRole('article').locator('img');
    await expect(covers.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(covers.nth(1)).toHaveAttribute('loading', 'lazy');

    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/blog\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      page.getByText('How to enjoy chai without a cigarette', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/^For many of us the cutting chai/)).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Why the pairing is so strong' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('How to enjoy chai without a cigarette');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /cutting chai and the cigarette come as a pair/,
    );
    await expectNoViolations(page);

    await page.getByRole('link', { name: 'All blogs' }).click();
    await expect(page).toHaveURL('/blog');
    await expectNoViolations(page);
  });
});

test.describe('news and media', () => {
  test("'Read More' opens the story in a new tab without a referrer", async ({ page }) => {
    await page
      .context()
      .route('https://exhale.example/press/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Press</title>' }),
      );
    await openApp(page, '/new-and-media');
    await expect(page.getByRole('heading', { level: 1, name: 'News & Media' })).toBeVisible();
    const card = page
      .getByRole('article')
      .filter({ hasText: 'Exhale opens its quit-smoking programme in Hindi' });
    await expect(card.getByText('Exhale Newsroom')).toBeVisible();
    await expect(card.getByText('Product', { exact: true })).toBeVisible();
    await expect(card.getByText(/^\d{2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
    const link = card.getByRole('link', { name: /^Read More/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(popup).toHaveURL('https://exhale.example/press/programme-in-hindi');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await expectNoViolations(page);
  });
});

test.describe('public quiz', () => {
  test('registration, three quizzes, submit and view answers', async ({ page }) => {
    test.slow(); // eleven answers across three quizzes, two axe scans
    await openApp(page, QUIZ_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Exhale Quiz' })).toBeVisible();
    await expect(
      page.getByText('Please provide your basic details to register for the quiz.'),
    ).toBeVisible();
    await expectNoViolations(page);

    const start = page.getByRole('button', { name: 'Save & Start Quiz' });
    await start.click();
    // The first missing field's message only.
    await expect(page.getByText('This field is required')).toHaveCount(1);
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.getByLabel('Name').fill('Kavya Reddy');
    await page.getByLabel('Email').fill('kavya@example');
    await start.click();
    await expect(page.getByText('Enter a valid email format')).toBeVisible();
    await page.getByLabel('Email').fill('kavya@example.com');
    await page.getByLabel('Mobile Number').fill('98765');
    await start.click();
    await expect(page.getByText('Enter 10 valid mobile numbers')).toBeVisible();
    await page.getByLabel('Mobile Number').fill('9876543210');
    await start.click();

    const progress = page.getByRole('progressbar');
    const back = page.getByRole('button', { name: 'Back' });
    const next = page.getByRole('button', { name: 'Next Quiz' });

    // Quiz 1: four questions.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Smoking and your body' }),
    ).toBeVisible();
    await expect(back).toHaveCount(0);
    await expect(next).toBeDisabled();
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await radio(page, 'Tar').check();
    await radio(page, 'Nicotine').check(); // replaces the earlier choice
    // One of the set's eleven questions (decision 048).
    await expect(progress).toHaveAttribute('aria-valuenow', '9');
    await radio(page, 'Carbon monoxide').check();
    await radio(page, 'About 20 minutes').check();
    await expect(next).toBeDisabled();
    await radio(page, '1 year').check();
    await expect(progress).toHaveAttribute('aria-valuenow', '36');
    await expectNoViolations(page);
    await next.click();

    // Quiz 2.
    await expect(page.getByRole('heading', { level: 1, name: 'Tobacco in India' })).toBeVisible();
    await expect(back).toBeVisible();
    await radio(page, 'No, they are at least as harmful').check();
    await radio(page, 'Prohibited').check();
    await radio(page, 'About ₹5,500').check(); // a wrong answer
    await next.click();

    // Quiz 3: the last one submits.
    await expect(page.getByRole('heading', { level: 1, name: 'Quitting for good' })).toBeVisible();
    await expect(next).toHaveCount(0);
    const submit = page.getByRole('button', { name: 'Submit Quiz' });
    await expect(submit).toBeDisabled();
    for (const option of [
      'A few minutes',
      'In the first few days',
      'Drinking water and waiting a few minutes',
      'Yes, quitting at any age brings health benefits',
    ]) {
      await radio(page, option).check();
    }
    await submit.click();

    const dialog = page.getByRole('dialog', { name: 'Quiz Submitted' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText(
        'Thanks for joining the quiz! Hope you had a great time, and have an awesome rest of your day!',
      ),
    ).toBeVisible();
    await expectNoViolations(page);
    await dialog.getByRole('button', { name: 'View Answers' }).click();

    // Back on the first quiz, correct options marked, answers locked.
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Smoking and your body' }),
    ).toBeVisible();
    await expect(page.getByText('Correct answer')).toHaveCount(4);
    // The mark is part of the option's name, so screen readers announce it too.
    await expect(radio(page, 'Nicotine Correct answer')).toBeDisabled();
    await expect(radio(page, 'Tar')).toBeDisabled();
    await next.click();
    await expect(page.getByText('Correct answer')).toHaveCount(3);
    await expect(
      page.locator('label').filter({ hasText: 'About ₹55,000' }).getByText('Correct answer'),
    ).toBeVisible();
    await next.click();
    await expect(page.getByRole('button', { name: 'Response submitted' })).toBeDisabled();
  });

  test("an unknown quiz reads 'No Quiz available'", async ({ page }) => {
    await openApp(page, '/quiz/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'No Quiz available' })).toBeVisible();
  });
});

/** Approves the newest pending post with this title, as the operator console would. */
async function approveAsAdmin(request: APIRequestContext, title: string): Promise<void> {
  const { token } = await apiLogin(request, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const pending = await request.get('/api/explore?status=pending', { headers });
  expect(pending.ok()).toBe(true);
  const post = ((await pending.json()).data as { _id: string; title: string | null }[]).find(
    (p) => p.title === title,
  );
  expect(post, `a pending post titled ${title}`).toBeDefined();
  const res = await request.post(`/api/admin/explore/${post!._id}/approve`, { headers });
  expect(res.ok()).toBe(true);
}

test.describe('explore', () => {
  test('upload, approval by an operator, then a review', async ({ page, loginAs }) => {
    const member = await signInFresh(page, loginAs);
    await openApp(page, '/explore');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();

    const title = `Smoke-free ${Date.now().toString(36)}`;
    const upload = page.getByRole('button', { name: 'Upload' });
    await expect(upload).toBeEnabled();
    // The picture is previewed first; Post sends it with its title (decision 048).
    await page.getByTestId('explore-file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 48, [15, 118, 110]),
    });
    await page.getByLabel('Title (optional)').fill(title);
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/explore') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Post' }).click();
    expect((await sent).status()).toBe(201);
    await expect(toast(page, 'Post submitted for review')).toBeVisible();
    await expect(upload).toBeEnabled();

    // Pending posts are never listed.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await expect(page.getByText('Loading...')).toBeHidden();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

    await approveAsAdmin(page.request, title);
    await page.reload();
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: title })).toBeVisible();
    await expectNoViolations(page);

    // An empty review is not sent.
    let reviewsPosted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/explore-review') && r.method() === 'POST') reviewsPosted += 1;
    });
    const box = card.getByPlaceholder('Write a review...');
    await expect(box).toHaveAttribute('rows', '2');
    await box.fill('   ');
    await card.getByRole('button', { name: 'Submit' }).click();
    expect(reviewsPosted).toBe(0);

    await box.fill('Proud of you! Keep going.');
    await card.getByRole('button', { name: 'Submit' }).click();
    const list = card.getByRole('list', { name: `Reviews of ${title}` });
    await expect(list.getByText('Proud of you! Keep going.')).toBeVisible();
    await expect(list.getByText(member.name)).toBeVisible();
    await expect(list.getByText(/^\d{2}-\d{2}-\d{4}$/)).toBeVisible();
    await expect(box).toHaveValue('');
    expect(reviewsPosted).toBe(1);
    await expectNoViolations(page);
  });
});

/** Turns a notification setting off and waits until the server has saved it. */
async function switchOff(page: Page, setting: Locator) {
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/user-notification/') && r.request().method() === 'PUT',
  );
  await setting.click();
  expect((await saved).status()).toBe(200);
  await expect(setting).not.toBeChecked();
}

test.describe('notification settings', () => {
  test('a toggle survives a reload; Reset All restores the defaults', async ({ page, loginAs }) => {
    await signInFresh(page, loginAs);
    await openApp(page, '/notifications');
    await expect(page.getByRole('heading', { level: 2, name: 'Reminders' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Community' })).toBeVisible();
    const email = page.getByRole('switch', { name: 'Email reminders' });
    await expect(email).toBeChecked();
    await expectNoViolations(page);

    await switchOff(page, email);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Email reminders' })).not.toBeChecked();

    await page.getByRole('button', { name: 'Reset All' }).click();
    await expect(toast(page, 'Notification Reset Success')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Email reminders' })).toBeChecked();
  });

  test('in Hindi the settings from the database read in Hindi, through the API', async ({
    page,
    loginAs,
  }) => {
    await signInFresh(page, loginAs);
    await openApp(page, '/notifications');
    await expect(page.getByRole('switch', { name: 'Email reminders' })).toBeVisible();

    const single: string[] = [];
    const batches: { texts: string[]; target: string }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/translate') single.push(request.postData() ?? '');
      if (pathname === '/api/translate/batch') {
        batches.push(request.postDataJSON() as { texts: string[]; target: string });
      }
    });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');

    // The page's own text comes from the app's catalogue; the settings from
    // POST /api/translate/batch.
    await expect(page.getByRole('heading', { level: 1, name: 'सूचनाएँ' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'रिमाइंडर' })).toBeVisible();
    const email = page.getByRole('switch', { name: 'ईमेल रिमाइंडर' });
    await expect(email).toBeChecked();
    await expect(email).toHaveAccessibleDescription(
      'जब पाठों का नया दिन खुलता है, और जिस लाइव सेशन के लिए आपने रजिस्टर किया है उससे एक दिन पहले, एक ईमेल।',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'प्लान और भुगतान' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Email reminders' })).toHaveCount(0);
    // One batch request carrying each distinct text once, in Hindi; no text on its own.
    expect(single).toEqual([]);
    expect(batches).toHaveLength(1);
    const sent = batches[0]!.texts;
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toContain('Email reminders');
    expect(sent).toContain('Reminders');
    expect(batches[0]!.target).toBe('hi');
    await expectNoViolations(page);

    // A toggle still reaches the setting it names.
    await switchOff(page, email);

    // Back in English nothing is translated any more.
    await page.getByRole('combobox', { name: 'भाषा' }).selectOption('en');
    await expect(page.getByRole('switch', { name: 'Email reminders' })).not.toBeChecked();
    expect(batches).toHaveLength(1);
    expect(single).toEqual([]);
  });
});

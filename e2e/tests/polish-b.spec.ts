import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, openApp, premiumUser, freshMember, seedStorage, test } from '../fixtures';
import { solidPng } from '../png';

// Issue 19, items 2, 3, 4, 8, 10, 11, 12, 13 and 15: the places a new visitor or member got lost.

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const viewports = [
  ['phone', phone],
  ['desktop', desktop],
] as const;
const ADMIN = { email: 'admin@example.com' };
const QUIZ_PATH = '/quiz/5b7c2f4e-3d1a-4c8e-9f60-2a1b3c4d5e6f';

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.Toastify').getByText(text).first();

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);
}

async function attach(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await testInfo.attach(name, {
    body: await page.screenshot({ fullPage }),
    contentType: 'image/png',
  });
}

test.describe('landing: the main button shows the test (item 2, item 15)', () => {
  for (const [name, viewport] of viewports) {
    test(`on a ${name} the heading and first question end up below the header`, async ({
      page,
    }, testInfo) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.setViewportSize(viewport);
      await openApp(page, '/');
      await page
        .getByRole('region', { name: /^Quit smoking for good/ })
        .getByRole('link', { name: 'Take the free SIM test' })
        .click();

      const section = page.locator('#simulation-test');
      const firstQuestion = section.getByRole('radiogroup').first();
      await expect(firstQuestion).toBeVisible({ timeout: 10_000 });
      const layout = () =>
        page.evaluate(() => {
          const header = document.querySelector('header')!.getBoundingClientRect();
          const heading = document.getElementById('simulation-test-title')!.getBoundingClientRect();
          const question = document
            .querySelector('#simulation-test [role="radiogroup"]')!
            .getBoundingClientRect();
          return {
            headingBelowHeader: heading.top >= header.bottom,
            questionOnScreen: question.top >= header.bottom && question.bottom <= innerHeight,
          };
        });
      // Sections above render as the page scrolls past them; the jump must settle on target.
      await expect.poll(layout, { timeout: 5_000 }).toEqual({
        headingBelowHeader: true,
        questionOnScreen: true,
      });
      await page.waitForTimeout(500);
      expect(await layout()).toEqual({ headingBelowHeader: true, questionOnScreen: true });
      await attach(page, testInfo, `landing-jump-${name}`);
      // The router no longer warns about the landing page's empty leaf route.
      expect(warnings.filter((text) => text.includes('does not have an element'))).toEqual([]);
    });
  }
});

test.describe('visitors on content pages (items 3 and 4)', () => {
  for (const [name, viewport] of viewports) {
    test(`on a ${name}: Sign in and public links, no member bar, no member calls`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      const refused: string[] = [];
      const memberCalls: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 401) refused.push(response.url());
      });
      page.on('request', (request) => {
        if (/\/api\/(notification|user\/profile|user-plan)/.test(request.url())) {
          memberCalls.push(request.url());
        }
      });
      await openApp(page, '/blog');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Exhale' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /My Account/ })).toHaveCount(0);
      if (name === 'desktop') {
        await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
          'href',
          '/login',
        );
      } else {
        await banner.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu.getByRole('link', { name: 'SignIn' })).toHaveAttribute('href', '/login');
        await attach(page, testInfo, `visitor-menu-${name}`);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
      }

      // Every public page is linked from the footer.
      const footer = page.getByRole('contentinfo');
      const expected = {
        Blogs: '/blog',
        'News & Media': '/new-and-media',
        'Help center': '/help-center',
        'For companies': '/corporates',
        'For schools': '/schools',
        'For doctors': '/doctors',
        'For families and friends': '/non-smokers',
      };
      for (const [label, href] of Object.entries(expected)) {
        await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute(
          'href',
          href,
        );
      }
      // Explore is for members: a visitor is not sent to a login wall from the footer.
      await expect(footer.getByRole('link', { name: 'Explore the community' })).toHaveCount(0);
      await footer.getByRole('link', { name: 'News & Media' }).scrollIntoViewIfNeeded();
      await attach(page, testInfo, `visitor-footer-${name}`);
      await expectNoViolations(page);

      await footer.getByRole('link', { name: 'For doctors' }).click();
      await expect(page).toHaveURL('/doctors');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(refused).toEqual([]);
      expect(memberCalls).toEqual([]);
    });
  }
});

test.describe('members: Explore, greeting and logout (items 3, 13, 15)', () => {
  test('a new member finds Explore, previews a picture before posting, and logs out cleanly', async ({
    page,
  }, testInfo) => {
    test.slow(); // the dashboard, Explore twice over and the logout, on one account
    await freshMember(page);
    await page.setViewportSize(desktop);
    await openApp(page, '/dashboard');
    // A brand-new member is welcomed, not welcomed back.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Exhale' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Programme' }).getByRole('link', { name: 'Explore' }),
    ).toHaveAttribute('href', '/explore');
    await attach(page, testInfo, 'dashboard-new-member', true);

    // An empty feed invites the first post instead of reading like an error.
    await page.route('**/api/explore?status=approved', (route) =>
      route.fulfill({ json: { success: true, data: [] } }),
    );
    await page.getByRole('link', { name: 'Open Explore' }).click();
    await expect(page).toHaveURL('/explore');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Be the first to share' }),
    ).toBeVisible();
    await expect(page.getByText('No explore posts available')).toHaveCount(0);

    // The heading lines up with the top bar's logo.
    const left = async (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().left));
    expect(await left('main h1')).toBe(await left('header a'));

    // Choosing a picture sends nothing: a preview with a title, Post and Cancel.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/explore')) posts += 1;
    });
    const picture = {
      name: 'walk.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 48, [15, 118, 110]),
    };
    await page.getByTestId('explore-file').setInputFiles(picture);
    const composer = page.getByRole('form', { name: 'Share this picture' });
    await expect(composer.getByRole('img', { name: 'The picture you chose' })).toBeVisible();
    await expect(composer.getByLabel('Title (optional)')).toBeFocused();
    await attach(page, testInfo, 'explore-composer');
    await expectNoViolations(page);
    await composer.getByRole('button', { name: 'Cancel' }).click();
    await expect(composer).toHaveCount(0);
    expect(posts).toBe(0);

    await page.getByTestId('explore-file').setInputFiles(picture);
    await composer.getByLabel('Title (optional)').fill('My first smoke-free walk');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/explore') && r.request().method() === 'POST',
    );
    await composer.getByRole('button', { name: 'Post' }).click();
    expect((await sent).status()).toBe(201);
    await expect(toast(page, 'Post submitted for review')).toBeVisible();
    await expect(composer).toHaveCount(0);
    expect(posts).toBe(1);

    // After Logout nothing asks for the member's data (no 401s).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await openApp(page, '/dashboard');
    // The server's dashboard shows before the app runs; this journey is about the account menu,
    // not about a tap made before the app took the page over (html-first.spec.ts).
    await expect(page.locator('html')).toHaveAttribute('data-app-running', '');
    await page.getByRole('button', { name: 'My Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.waitForTimeout(1_000);
    expect(refused).toEqual([]);
  });

  test('on a phone Explore is in the account menu and the composer fits', async ({
    page,
  }, testInfo) => {
    await freshMember(page);
    await page.setViewportSize(phone);
    await openApp(page, '/dashboard');
    // The server's dashboard shows before the app runs; this journey is about the account menu,
    // not about a tap made before the app took the page over (html-first.spec.ts).
    await expect(page.locator('html')).toHaveAttribute('data-app-running', '');
    await page.getByRole('button', { name: 'My Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Explore' }).click();
    await expect(page).toHaveURL('/explore');
    await page.getByTestId('explore-file').setInputFiles({
      name: 'tea.png',
      mimeType: 'image/png',
      buffer: solidPng(48, 64, [245, 158, 11]),
    });
    await expect(page.getByRole('img', { name: 'The picture you chose' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    await attach(page, testInfo, 'explore-composer-phone', true);
  });

  test("an admin's dashboard does not say both 'Completed' and 'No test yet'", async ({
    page,
    loginAs,
  }) => {
    await loginAs(ADMIN);
    await seedStorage(page, { whatsapp_hide: 'true' });
    await openApp(page, '/dashboard');
    const roadmap = page.getByRole('region', { name: 'Your roadmap' });
    await expect(roadmap.getByRole('listitem').first()).toContainText('Completed');
    await expect(page.getByText('You have not taken a SIM test yet.')).toHaveCount(0);
    await expect(page.getByText(/^\d+ out of 250$/).first()).toBeVisible();
  });
});

test.describe('premium day tabs (item 8)', () => {
  for (const [name, viewport] of viewports) {
    test(`on a ${name} a locked day shows its IST opening and asks the server nothing`, async ({
      page,
      loginAs,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await loginAs(premiumUser);
      await seedStorage(page, { whatsapp_hide: 'true' });
      await openApp(page, '/dashboard');
      const days = page.getByRole('group', { name: 'Programme days' });
      const day2 = days.getByRole('button', { name: /^Day - 2 Lessons/ });
      await expect(day2).toHaveAttribute('aria-disabled', 'true');
      await expect(day2).toContainText(/Opens \d{1,2} [A-Z][a-z]{2}, 12:00 am IST/);
      await expect(days.getByRole('button', { name: 'Day - 1 Lessons' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      const dayRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/user-lesson?day=')) dayRequests.push(request.url());
      });
      await day2.scrollIntoViewIfNeeded();
      // aria-disabled, yet it answers a tap with when the day opens.
      await day2.dispatchEvent('click');
      await expect(
        toast(page, /^Day 2 opens on \d{1,2} [A-Z][a-z]{2}, 12:00 am IST\.$/),
      ).toBeVisible();
      expect(dayRequests).toEqual([]);
      await attach(page, testInfo, `day-tabs-${name}`);
      await expectNoViolations(page);
    });
  }
});

test.describe('live sessions (item 10)', () => {
  test('a registered session says so, pictures are the sessions’ own, the link is on phones', async ({
    page,
    loginAs,
  }, testInfo) => {
    const { user } = await loginAs(premiumUser);
    await seedStorage(page, {
      whatsapp_hide: 'true',
      live_session: JSON.stringify({ user_id: user._id, liveSession: true }),
    });
    // The server's answer with the first session marked as this member's registration.
    await page.route('**/api/live-session', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data[0].registered = true;
      await route.fulfill({ response, json: body });
    });
    await page.setViewportSize(phone);
    await openApp(page, '/dashboard');
    const liveLink = page.getByRole('banner').getByRole('link', { name: 'Live Session' });
    await expect(liveLink).toBeVisible();
    await attach(page, testInfo, 'live-session-link-phone');
    await liveLink.click();
    await expect(page).toHaveURL('/live-session');

    const cards = page.getByRole('article');
    await expect(cards.first().getByRole('button', { name: 'Registered' })).toBeDisabled();
    await expect(cards.first().getByRole('button', { name: 'REGISTER', exact: true })).toHaveCount(
      0,
    );
    // Branded pictures of their own, not a lesson's video frame.
    for (const image of await page.locator('article img').all()) {
      await expect(image).toHaveAttribute('src', /live-session-/);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await attach(page, testInfo, 'live-sessions-phone', true);
    await expectNoViolations(page);
  });
});

test.describe('blog (item 11)', () => {
  const title = 'Chai without the cigarette: breaking the tapri habit';

  test('wide cards show whole titles and a byline; narrow cards keep the 28-character rule', async ({
    page,
  }, testInfo) => {
    test.slow(); // two widths, the post and an axe scan
    await page.setViewportSize(desktop);
    await openApp(page, '/blog');
    const card = page.getByRole('article').filter({ hasText: 'tapri' });
    await expect(card.getByText(title, { exact: true })).toBeVisible();
    await expect(card.getByText('Exhale team', { exact: true })).toBeVisible();
    await expect(page.getByText('chai-without-the-cigarette')).toHaveCount(0);
    await attach(page, testInfo, 'blog-wide');

    // At 1024 px three cards share the row: each is narrower than 20rem.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(card.getByText('Chai without the cigarette: ...', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: title })).toBeVisible();
    await attach(page, testInfo, 'blog-narrow');

    await card.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The banner's title is the post's meta title, never its address slug.
    await expect(
      page.getByText('How to enjoy chai without a cigarette', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('chai-without-the-cigarette')).toHaveCount(0);
    await attach(page, testInfo, 'blog-detail');
    await expectNoViolations(page);
  });
});

test.describe('quiz (item 12)', () => {
  test('progress counts the whole set; the score and wrong answers show after submitting', async ({
    page,
  }, testInfo) => {
    test.slow(); // eleven answers across three quizzes
    await openApp(page, QUIZ_PATH);
    await page.getByLabel('Name').fill('Kavya Reddy');
    await page.getByLabel('Email').fill('kavya.polish@example.com');
    await page.getByLabel('Mobile Number').fill('9876543210');
    await page.getByRole('button', { name: 'Save & Start Quiz' }).click();
    const radio = (name: string) => page.getByRole('radio', { name, exact: true });
    const progress = page.getByRole('progressbar');
    const next = page.getByRole('button', { name: 'Next Quiz' });

    for (const option of ['Nicotine', 'Carbon monoxide', 'About 20 minutes', '1 year']) {
      await radio(option).check();
    }
    // Four of the set's eleven questions: not 100 % after the first quiz.
    await expect(progress).toHaveAttribute('aria-valuenow', '36');
    await next.click();
    for (const option of ['No, they are at least as harmful', 'Prohibited', 'About ₹5,500']) {
      await radio(option).check();
    }
    await expect(progress).toHaveAttribute('aria-valuenow', '64');
    await next.click();
    for (const option of [
      'A few minutes',
      'In the first few days',
      'Drinking water and waiting a few minutes',
      'Yes, quitting at any age brings health benefits',
    ]) {
      await radio(option).check();
    }
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await page.getByRole('button', { name: 'Submit Quiz' }).click();

    const dialog = page.getByRole('dialog', { name: 'Quiz Submitted' });
    await expect(dialog.getByText('You got 10 of 11 right')).toBeVisible();
    await attach(page, testInfo, 'quiz-score');
    await dialog.getByRole('button', { name: 'View Answers' }).click();
    await expect(page.getByTestId('quiz-score')).toHaveText('You got 10 of 11 right');
    await next.click();
    const wrong = page.locator('label').filter({ hasText: 'About ₹5,500' });
    await expect(wrong.getByText('Your answer (incorrect)')).toBeVisible();
    await expect(
      page.locator('label').filter({ hasText: 'About ₹55,000' }).getByText('Correct answer'),
    ).toBeVisible();
    await attach(page, testInfo, 'quiz-answers', true);
    await expectNoViolations(page);
  });
});

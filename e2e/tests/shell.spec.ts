import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  expect,
  freeUser,
  navigateInApp,
  openApp,
  premiumUser,
  registerUser,
  seedStorage,
  test,
} from '../fixtures';

const publicNav = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });
const banner = (page: Page) => page.getByRole('banner');
// Under the /login and /signup dialogs the page is hidden from assistive technology (a modal).
const underDialog = { includeHidden: true } as const;
const footer = (page: Page) => page.getByRole('contentinfo');
const bell = (page: Page) => page.getByRole('button', { name: 'Notifications' });

test.describe('splash', () => {
  test('shows the logo for about 700 ms, then the landing page', async ({ page }) => {
    await page.goto('/', { waitUntil: 'commit' });
    const splash = page.getByTestId('splash');
    await expect(splash).toBeVisible();
    await expect(splash).toBeHidden({ timeout: 10_000 });
    // A server-rendered page's splash hides itself by CSS; the app marks the time once it runs.
    const splashTime = () =>
      page.evaluate(() => {
        const [shown] = performance.getEntriesByName('splash:shown');
        const [hidden] = performance.getEntriesByName('splash:hidden');
        return shown && hidden ? hidden.startTime - shown.startTime : -1;
      });
    await expect.poll(splashTime, { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    const shownFor = await splashTime();
    expect(shownFor).toBeGreaterThanOrEqual(695);
    expect(shownFor).toBeLessThan(1_500);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Quit smoking for good, with a plan that understands you',
    );
  });

  test('keyboard focus waits for the logo to go, then starts at the skip link', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/no-such-page');
    // Under the logo the page is rendered (its code and data load meanwhile), but Tab does not
    // move into it.
    await expect(page.getByRole('button', { name: 'Back to home' })).toBeAttached();
    await expect(page.getByTestId('splash')).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

    await page.clock.runFor(700);
    await expect(page.getByTestId('splash')).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  });
});

test.describe('layout by first path segment', () => {
  for (const [path, dialog] of [
    ['/', null],
    ['/login', 'Sign in'],
    ['/signup', 'Create your account'],
  ] as const) {
    test(`${path} has the public header and the footer`, async ({ page }) => {
      await openApp(page, path);
      if (dialog) await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
      else await expect(page.getByRole('dialog')).toHaveCount(0);
      const nav = page.getByRole('navigation', { name: 'Main', exact: true, ...underDialog });
      await expect(nav).toBeVisible();
      for (const name of ['Home', 'Success Stories', 'Blogs', 'Contact Us']) {
        await expect(nav.getByRole('link', { name, exact: true, ...underDialog })).toBeVisible();
      }
      await expect(
        page
          .getByRole('banner', underDialog)
          .getByRole('link', { name: 'Sign in', ...underDialog }),
      ).toHaveAttribute('href', '/login');
      await expect(bell(page)).toHaveCount(0);
      await expect(page.getByRole('contentinfo', underDialog)).toBeVisible();
    });
  }

  for (const path of [
    '/terms-and-conditions',
    '/privacy-policy',
    '/help-center',
    '/help-center/contact-us',
    '/user-delete',
  ]) {
    test(`${path} has no header but a footer`, async ({ page }) => {
      await openApp(page, path);
      await expect(banner(page)).toHaveCount(0);
      await expect(footer(page)).toBeVisible();
      // Without a header the footer carries the language switcher.
      await expect(footer(page).getByRole('combobox', { name: 'Language' })).toBeVisible();
    });
  }

  test('/reset has neither header nor footer', async ({ page }) => {
    await openApp(page, '/reset');
    await expect(banner(page)).toHaveCount(0);
    await expect(footer(page)).toHaveCount(0);
  });

  for (const path of ['/edit-profile', '/blog', '/no-such-page']) {
    test(`${path} has the logged-in top bar`, async ({ page, loginAs }) => {
      await loginAs(freeUser);
      await openApp(page, path);
      await expect(bell(page)).toBeVisible();
      await expect(publicNav(page)).toHaveCount(0);
      await expect(footer(page)).toBeVisible();
    });
  }

  test('the footer has the app listing, social links, support mail, office and year', async ({
    page,
  }) => {
    await openApp(page, '/');
    const f = footer(page);
    await expect(f.getByRole('link', { name: /Google Play/ })).toBeVisible();
    for (const name of ['LinkedIn', 'YouTube', 'Facebook', 'Instagram']) {
      await expect(f.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(f.getByRole('link', { name: 'support@exhale.example' })).toHaveAttribute(
      'href',
      'mailto:support@exhale.example',
    );
    await expect(f.locator('address')).toContainText('Bengaluru');
    await expect(f).toContainText(`© ${new Date().getFullYear()} Exhale`);
  });

  test('a hidden mount point for the page-translation widget exists', async ({ page }) => {
    await openApp(page, '/');
    await expect(page.locator('#google_translate_element')).toBeHidden();
    await expect(page.locator('#google_translate_element')).toHaveCount(1);
  });
});

test.describe('public header', () => {
  test('Success Stories scrolls to the testimonials, also after closing the login dialog', async ({
    page,
  }) => {
    await openApp(page, '/login');
    // Closing the login dialog (Escape) leaves its page for the home page, at the top.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
    await publicNav(page).getByRole('link', { name: 'Success Stories' }).click();
    await expect(page).toHaveURL(/\/#success-stories$/);
    await expect(page.getByRole('heading', { name: 'Success Stories' })).toBeInViewport();
  });

  test('a shared /#success-stories link opens at the testimonials', async ({ page }) => {
    await openApp(page, '/#success-stories');
    await expect(page.getByRole('heading', { name: 'Success Stories' })).toBeInViewport();
  });

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await openApp(page, '/');
    // The server-rendered landing page shows before the app runs: start once it has taken over
    // (its splash marks the time), as a key pressed while the app starts may land elsewhere.
    await page.waitForFunction(() => performance.getEntriesByName('splash:hidden').length > 0);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the menu button opens a menu with About Us and SignIn', async ({ page }) => {
      await openApp(page, '/');
      await expect(publicNav(page)).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu.getByRole('link', { name: 'About Us' })).toBeVisible();
      await menu.getByRole('link', { name: 'SignIn' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(menu).toBeHidden();
    });

    test('nothing overflows the screen sideways', async ({ page }) => {
      for (const path of ['/', '/no-such-page']) {
        await openApp(page, path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  });
});

test.describe('logged-in top bar', () => {
  test('labels the plan link by user type', async ({ page, loginAs }) => {
    await loginAs(freeUser);
    await openApp(page, '/edit-profile');
    await expect(page.getByRole('link', { name: 'Pricing & Plans' })).toHaveAttribute(
      'href',
      '/plans',
    );

    await loginAs(premiumUser);
    await openApp(page, '/edit-profile');
    await expect(page.getByRole('link', { name: 'My Plans & Validity' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pricing & Plans' })).toHaveCount(0);
  });

  test('shows the live-session link only to the owner of an active record', async ({
    page,
    loginAs,
  }) => {
    const { user } = await loginAs(premiumUser);
    await seedStorage(page, {
      live_session: JSON.stringify({ user_id: user._id, liveSession: true }),
    });
    await openApp(page, '/edit-profile');
    await expect(page.getByRole('link', { name: 'Live Session' })).toHaveAttribute(
      'href',
      '/live-session',
    );

    await seedStorage(page, {
      live_session: JSON.stringify({ user_id: 'someone-else', liveSession: true }),
    });
    await openApp(page, '/edit-profile');
    await expect(page.getByRole('link', { name: 'Live Session' })).toHaveCount(0);

    await seedStorage(page, { live_session: '{broken' });
    await openApp(page, '/edit-profile');
    await expect(page.getByRole('link', { name: 'Live Session' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('live_session'))).toBeNull();
  });

  test('the bell opens the Notifications sheet with a settings link', async ({ page, loginAs }) => {
    await loginAs(freeUser);
    await openApp(page, '/edit-profile');
    await bell(page).click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    // The demo free user has no notifications yet.
    await expect(sheet.getByText('No New Notifications')).toBeVisible();
    await sheet.getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(sheet).toBeHidden();
  });

  test('My Account holds My Profile and Logout; logout clears storage', async ({
    page,
    loginAs,
  }) => {
    await loginAs(freeUser);
    await seedStorage(page, { video_index: '2', language: 'en' });
    await openApp(page, '/edit-profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'My Account', exact: true }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/edit-profile',
    );
    await menu.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Logout Success')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    const left = await page.evaluate(() => Object.keys(localStorage));
    expect(left).toEqual(['language']);
  });
});

test.describe('protected routes', () => {
  test("without a token: 'Please Login' and /login", async ({ page }) => {
    await openApp(page, '/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please Login')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toHaveCount(0);
  });

  test('with a token the dashboard greets the stored user', async ({ page, loginAs }) => {
    // Past the first test (a step-0 user is sent to it) and with the WhatsApp prompt skipped.
    const user = await registerUser(page.request, {}, { landingTestPoints: 40 });
    await loginAs(user);
    await seedStorage(page, { whatsapp_hide: 'true' });
    await openApp(page, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Exhale' })).toBeVisible();
    await expect(page.getByText(user.name)).toBeVisible();
  });
});

test.describe('404 page', () => {
  test("shows the spec's text, and 'Back to home' goes back in history", async ({ page }) => {
    await openApp(page, '/login');
    await navigateInApp(page, '/no-such-page');
    await expect(page.getByRole('heading', { name: '404 error!' })).toBeVisible();
    await expect(page.getByText("Sorry, there's nothing here :(")).toBeVisible();
    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("'Back to home' opens the home page when there is no history", async ({ page }) => {
    await openApp(page, '/terms-and-conditions/nope');
    await expect(page.getByRole('heading', { name: '404 error!' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(publicNav(page)).toBeVisible();
  });
});

test.describe('language', () => {
  test('switching to Hindi changes the text and survives a reload', async ({ page }) => {
    await openApp(page, '/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Quit smoking for good, with a plan that understands you');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await expect(heading).toHaveText('धूम्रपान हमेशा के लिए छोड़ें, ऐसी योजना के साथ जो आपको समझती है');
    await expect(publicNav(page)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'मुख्य', exact: true })).toContainText(
      'सफलता की कहानियाँ',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('hi');

    await page.reload();
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(heading).toHaveText('धूम्रपान हमेशा के लिए छोड़ें, ऐसी योजना के साथ जो आपको समझती है');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

    await page.getByRole('combobox', { name: 'भाषा' }).selectOption('en');
    await expect(heading).toHaveText('Quit smoking for good, with a plan that understands you');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('accessibility (axe)', () => {
  const scan = (page: Page) => new AxeBuilder({ page }).analyze();

  test('landing page has no violations', async ({ page }) => {
    await openApp(page, '/');
    expect((await scan(page)).violations).toEqual([]);
  });

  test('landing page in Hindi on a phone has no violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await seedStorage(page, { language: 'hi' });
    await openApp(page, '/');
    expect((await scan(page)).violations).toEqual([]);
  });

  test('404 page has no violations', async ({ page }) => {
    await openApp(page, '/no-such-page');
    await expect(page.getByRole('heading', { name: '404 error!' })).toBeVisible();
    expect((await scan(page)).violations).toEqual([]);
  });

  test('logged-in top bar with the notifications sheet open has no violations', async ({
    page,
    loginAs,
  }) => {
    await loginAs(freeUser);
    await openApp(page, '/edit-profile');
    expect((await scan(page)).violations).toEqual([]);
    await bell(page).click();
    await expect(page.getByText('No New Notifications')).toBeVisible();
    expect((await scan(page)).violations).toEqual([]);
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, freshMember, loginAs, openApp, test } from '../fixtures';

// Issue 48, items 3, 4, 7 and 9: scroll positions, the price before checkout, layout at 360 px
// and 1280 px, hydration on the test link, and the console's scrollable table.

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const viewports = [
  ['phone', phone],
  ['desktop', desktop],
] as const;
const ADMIN = { email: 'admin@example.com' };

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);
}

/** A screenshot in the report, and in the test's output folder to look at after a local run. */
async function attach(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  await testInfo.attach(name, {
    body: await page.screenshot({ fullPage, path: testInfo.outputPath(`${name}.png`) }),
    contentType: 'image/png',
  });
}

/** The app has rendered the page (and so run its scroll restoration). */
const appRunning = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-app-running', '', { timeout: 15_000 });

test('a page loaded afresh opens at the top; back returns to where the reader was (item 3)', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await openApp(page, '/terms-and-conditions');
  await appRunning(page);
  // Positions are kept per history entry: a page the browser loaded has a key of its own, not
  // the router's 'default' that every such page shared (and so shared one saved position).
  const entryKey = () =>
    page.evaluate(() => (window.history.state as { key?: string } | null)?.key ?? null);
  const termsKey = await entryKey();
  expect(termsKey).toMatch(/^[a-z0-9]{8}$/);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);

  // A full load in the same tab, as a typed address or a link from elsewhere would do.
  await page.evaluate(() => window.location.assign('/privacy-policy'));
  await expect(page).toHaveURL('/privacy-policy');
  await appRunning(page);
  const privacyKey = await entryKey();
  expect(privacyKey).toMatch(/^[a-z0-9]{8}$/);
  expect(privacyKey).not.toBe(termsKey);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The page left behind kept its own position, under its own key.
  const saved = await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}'),
  );
  expect(saved).toMatchObject({ [termsKey!]: 1500 });

  await page.goBack();
  await expect(page).toHaveURL('/terms-and-conditions');
  await appRunning(page);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1500);
});

test('the landing page takes over /#simulation-test without a hydration error (item 9)', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewportSize(phone);
  await openApp(page, '/#simulation-test');
  await appRunning(page);
  // The test link opens the test in place, as before.
  await expect(page.locator('#simulation-test').getByRole('radiogroup').first()).toBeVisible({
    timeout: 10_000,
  });
  await page.waitForFunction(() => document.readyState === 'complete');
  expect(problems.filter((text) => /#418|hydrat/i.test(text))).toEqual([]);
});

test.describe('landing: the price with GST, and counters that fit (items 4 and 7)', () => {
  for (const [name, viewport] of viewports) {
    test(`on a ${name}`, async ({ page }, testInfo) => {
      test.slow(); // axe over the whole landing page on a shared two-core machine
      await page.setViewportSize(viewport);
      await openApp(page, '/');

      const counter = page.locator('#counter');
      await counter.scrollIntoViewIfNeeded();
      await expect(counter.getByText('6,80,000+', { exact: true }).first()).toBeVisible();
      const fit = await counter.evaluate((section) =>
        Array.from(section.querySelectorAll('li'), (card) => {
          const { left, right, top, bottom } = card.getBoundingClientRect();
          const range = document.createRange();
          // The figure as drawn (its screen-reader copy is visually hidden).
          range.selectNodeContents(card.querySelector('p > [aria-hidden="true"]')!);
          const text = range.getBoundingClientRect();
          return {
            box: { left, right, top, bottom },
            text: { left: text.left, right: text.right },
          };
        }),
      );
      expect(fit).toHaveLength(4);
      for (const [index, { box, text }] of fit.entries()) {
        // Each figure stays inside its own card…
        expect(text.left, `figure ${index}`).toBeGreaterThanOrEqual(box.left);
        expect(text.right, `figure ${index}`).toBeLessThanOrEqual(box.right);
        // …and no card runs into another.
        for (const other of fit.slice(index + 1)) {
          const apart =
            box.right <= other.box.left ||
            other.box.right <= box.left ||
            box.bottom <= other.box.top ||
            other.box.bottom <= box.top;
          expect(apart, `card ${index}`).toBe(true);
        }
      }
      await attach(page, testInfo, `landing-counters-${name}`);

      // The plan's price comes from the server, with its GST and total, and where to read more.
      const price = page.getByTestId('landing-price');
      await price.scrollIntoViewIfNeeded();
      await expect(price).toHaveText('₹4,999 + 18% GST (₹5,898.82)');
      await expect(page.getByRole('link', { name: 'Pricing, GST and refunds' })).toHaveAttribute(
        'href',
        '/help-center/pricing-&-payment#plan',
      );
      await attach(page, testInfo, `landing-price-${name}`);
      if (name === 'phone') await expectNoViolations(page);
    });
  }
});

test('the plans page states the total with GST beside the one-time price (item 4)', async ({
  page,
}, testInfo) => {
  await freshMember(page);
  await page.setViewportSize(phone);
  await openApp(page, '/plans');
  const card = page.getByRole('article').filter({ hasText: 'Buy Now' });
  await expect(card.getByTestId('plan-price-with-gst')).toHaveText('+ 18% GST: ₹5,898.82 in total');
  await attach(page, testInfo, 'plans-card-phone');
});

test.describe('console (items 7 and 9)', () => {
  test('on a phone the menu starts folded, and the outcomes table is reachable by keyboard', async ({
    page,
  }, testInfo) => {
    // A member with a quit plan puts a cohort, and so the table, on /admin/outcomes.
    const member = await freshMember(page);
    const quitDate = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const saved = await page.request.put('/api/quit-plan', {
      headers: { authorization: `Bearer ${member.token}` },
      data: { quit_date: quitDate, tobacco: [{ type: 'bidi', per_day: 10, cost_per_day: 20 }] },
    });
    expect(saved.ok()).toBe(true);
    await loginAs(page, ADMIN);

    await page.setViewportSize(phone);
    await page.goto('/admin');
    await expect(page.getByTestId('splash')).toBeHidden();
    const heading = page.getByRole('heading', { level: 1, name: 'Metrics' });
    await expect(heading).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Console menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();
    // The page's content is on the first screen.
    expect((await heading.boundingBox())!.y).toBeLessThan(phone.height / 2);
    await attach(page, testInfo, 'console-phone');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'Quit outcomes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quit outcomes' })).toBeVisible();
    // Choosing a section folds the menu again.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    const region = page.getByRole('region', { name: 'Quit outcomes by cohort' });
    await expect(region.getByRole('table')).toBeVisible();
    await region.focus();
    await expect(region).toBeFocused();
    const before = await region.evaluate((element) => element.scrollLeft);
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => region.evaluate((element) => element.scrollLeft))
      .toBeGreaterThan(before);
    await expectNoViolations(page);
    await attach(page, testInfo, 'console-outcomes-phone');
  });

  test('at 1280 px the menu is a side column and the metrics cards hold their amounts', async ({
    page,
  }, testInfo) => {
    await loginAs(page, ADMIN);
    await page.setViewportSize(desktop);
    await page.goto('/admin');
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Console menu' })).toBeHidden();

    await expect(page.locator('#admin-main dl > div > dd').first()).toBeVisible();
    // Room for an amount such as ₹11,797.64 in the cards' own type, with space to spare, in the
    // six totals that open the page (the sections below hold times and counts).
    const room = await page.evaluate(() => {
      const totals = document.querySelector('#admin-main dl')!;
      const values = Array.from(totals.querySelectorAll<HTMLElement>(':scope > div > dd'));
      return values.map((value) => {
        const probe = document.createElement('span');
        probe.textContent = '₹11,797.64';
        probe.style.font = getComputedStyle(value).font;
        probe.style.whiteSpace = 'nowrap';
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return { needed, available: value.clientWidth };
      });
    });
    expect(room.length).toBe(6);
    for (const { needed, available } of room) expect(needed + 8).toBeLessThanOrEqual(available);
    await attach(page, testInfo, 'console-desktop');
  });
});

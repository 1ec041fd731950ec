import type { APIRequestContext, ConsoleMessage, Page } from '@playwright/test';
import { apiLogin, expect, freshMember, openApp, seedStorage, test } from '../fixtures';

// The public pages arrive as HTML with their content (decision 062): a visitor
// sees them before any script runs, and the app then takes them over without redrawing them.

const ADMIN = { email: 'admin@example.com' };

/**
 * The raw HTML the server sends for a path, as a crawler or a browser without scripts reads it;
 * `lang` is the language the app remembered in its cookie on an earlier visit.
 */
async function rawHtml(request: APIRequestContext, path: string, lang?: string): Promise<string> {
  const response = await request.get(path, lang ? { headers: { cookie: `lang=${lang}` } } : {});
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
  return response.text();
}

const HINDI_HEADING = 'धूम्रपान हमेशा के लिए छोड़ें, ऐसी योजना के साथ जो आपको समझती है';
const TAMIL_BLOGS = 'வலைப்பதிவுகள்';

/** The text of the page's #root, tags removed, as one line. */
function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
  return root
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function h1(html: string): string | undefined {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? match[1]!.replace(/<[^>]+>/g, '').trim() : undefined;
}

async function firstBlog(request: APIRequestContext) {
  const list = await request.get('/api/blog');
  const { data } = (await list.json()) as { data: { _id: string; title: string }[] };
  return data[0]!;
}

/**
 * The app has taken the page over: it marks <html> once it has rendered. (The server's HTML has
 * the same focusable main landmark as the app's, so that was no sign of the app.)
 */
const takenOver = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-app-running', '');

/** Console errors and warnings while a page loads and the app takes it over. */
async function hydrationProblems(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const listen = (message: ConsoleMessage) => {
    // Playwright blocks service workers in these journeys (playwright.config.ts) and says so.
    if (message.text().startsWith('Service Worker registration blocked')) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  };
  page.on('console', listen);
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(path);
  await expect(page.getByTestId('splash')).toBeHidden();
  await takenOver(page);
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(300);
  page.off('console', listen);
  return problems;
}

/**
 * Holds back the app's entry, as a slow phone would wait for it, until the returned function is
 * called: the reader has the server-rendered page and nothing of the app.
 */
async function holdAppEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * The browser's own timings of a page's load, on one clock: when its HTML was parsed and first
 * painted, when its stylesheet and its lead picture (a post's cover) arrived, and when the first
 * of the app's modules was asked for (the paint-first loader itself is not the app).
 */
async function pageTimings(page: Page) {
  const { resources, parsed, painted, stylesheet } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    return {
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        ({ name, startTime, responseEnd }) => ({ name, startTime, responseEnd }),
      ),
      parsed: navigation!.domInteractive,
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      stylesheet: document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href,
    };
  });
  const appModules = resources.filter(
    ({ name }) => /\/assets\/[^/]+\.js$/.test(name) && !/\/assets\/paint-first-/.test(name),
  );
  return {
    parsed,
    painted,
    stylesheetIn: resources.find(({ name }) => name === stylesheet)?.responseEnd,
    coverIn: resources.find(({ name }) => /\/media\/content\/[^/]+\.webp$/.test(name))?.responseEnd,
    entryAsked: appModules.length
      ? Math.min(...appModules.map(({ startTime }) => startTime))
      : undefined,
  };
}

test.describe('raw HTML, no script run', () => {
  test('the landing page has its heading, sections, title and description', async ({ request }) => {
    const html = await rawHtml(request, '/');
    expect(h1(html)).toBe('Quit smoking for good, with a plan that understands you');
    expect(rootText(html)).toContain('Success Stories');
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<title>Exhale – quit smoking for good<\/title>/);
    expect(html).toMatch(/<meta name="description" content="Quit smoking with Exhale/);
    // One description and one og:title: the shell's defaults gave way to the page's own.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html.match(/<meta property="og:title"/g)).toHaveLength(1);
    // No inline script: the data for the app is JSON, which the CSP's script-src 'self' allows.
    for (const [script] of html.matchAll(/<script\b[^>]*>/g)) {
      expect(script).toMatch(/type="application\/json"|src="\/assets\//);
    }
    // The app's code comes after the first paint (decision 069): a loader names it, nothing
    // fetches it while the page is parsed.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toMatch(
      /<script defer src="\/assets\/paint-first-[^"]+\.js" data-entry="\/assets\/index-/,
    );
  });

  test('the blog list and a post carry their text', async ({ request }) => {
    const post = await firstBlog(request);
    const list = await rawHtml(request, '/blog');
    expect(h1(list)).toBe('Blogs');
    expect(rootText(list)).toContain(post.title);
    expect(list).toMatch(/<title>Blogs – Exhale<\/title>/);

    const html = await rawHtml(request, `/blog/${post._id}`);
    expect(h1(html)).toBe(post.title);
    const { data } = (await (await request.get(`/api/blog/${post._id}`)).json()) as {
      data: { content: string; meta_description: string };
    };
    // The article's own words, not a loader.
    const firstWords = data.content
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
    expect(rootText(html)).toContain(firstWords);
    expect(html).toContain(`<meta property="og:type" content="article"/>`);
    expect(html).toContain(`content="${data.meta_description}"`);
  });

  test('the help centre, a marketing page, news and a legal page carry their text', async ({
    request,
  }) => {
    const expected: [string, string, string][] = [
      ['/help-center', 'Help Center', 'Frequently Asked Questions'],
      ['/corporates', 'A smoke-free workplace', 'employees'],
      ['/new-and-media', 'News & Media', ''],
      ['/terms-and-conditions', 'Terms and Conditions', 'Indian law'],
    ];
    for (const [path, heading, text] of expected) {
      const html = await rawHtml(request, path);
      expect(h1(html)?.replace('&amp;', '&'), path).toContain(heading);
      expect(rootText(html), path).toContain(text);
    }
  });

  test("a Hindi or Tamil reader's pages arrive in their language", async ({ request }) => {
    // Built at build time, per language.
    const hindi = await rawHtml(request, '/', 'hi');
    expect(hindi).toContain('<html lang="hi"');
    expect(h1(hindi)).toBe(HINDI_HEADING);
    expect(hindi).toContain('<title>Exhale – धूम्रपान हमेशा के लिए छोड़ें</title>');
    expect(rootText(hindi)).toContain('सफलता की कहानियाँ');
    // Rendered by the API on demand, kept per language: the English copy is not served.
    const tamil = await rawHtml(request, '/blog', 'ta');
    expect(tamil).toContain('<html lang="ta"');
    expect(h1(tamil)).toBe(TAMIL_BLOGS);
    expect(h1(await rawHtml(request, '/blog'))).toBe('Blogs');
  });

  test('SOS carries the breathing exercise and the quitline, without the splash, in the reader language', async ({
    request,
  }) => {
    const html = await rawHtml(request, '/sos');
    expect(h1(html)).toBe('Craving? You can ride it out.');
    // The circle that breathes with CSS alone, and the names of its steps.
    expect(html).toMatch(/data-testid="breathing-circle" class="[^"]*breathing-guide__circle/);
    for (const step of ['Breathe in', 'Hold', 'Breathe out', 'Hold, lungs empty']) {
      expect(html).toMatch(new RegExp(`data-testid="breathing-guide-step"[^>]*>${step}</span>`));
    }
    expect(html).toContain('href="tel:1800112356"');
    expect(html).toContain('aria-label="Call the National Tobacco Quitline, 1800-11-2356, free"');
    expect(rootText(html)).toContain('Call 1800-11-2356');
    // A person in a craving gets the page, not the logo (decision 084).
    expect(html).not.toContain('data-testid="splash"');
    expect(html).not.toContain('boot-splash');

    const hindi = await rawHtml(request, '/sos', 'hi');
    expect(hindi).toContain('<html lang="hi"');
    expect(h1(hindi)).toBe('तलब लगी है? आप इसे पार कर सकते हैं।');
    expect(rootText(hindi)).toContain('साँस अंदर लें');
    expect(hindi).toContain('href="tel:1800112356"');
  });

  test('a path the server does not render still gets the app', async ({ request }) => {
    const html = await rawHtml(request, '/blog/00000000-0000-4000-8000-000000000000');
    expect(html).not.toContain('id="prerender-data"');
    expect(html).toContain('data-testid="splash"');
    // The app draws this page: its code is fetched at once, not after a first paint.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
  });
});

test.describe('in the browser', () => {
  test('with JavaScript off the landing heading is visible and links work', async ({ browser }) => {
    // Motion as most phones have it, so the splash's logo would breathe if it were allowed to.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      reducedMotion: 'no-preference',
    });
    const page = await context.newPage();
    await page.goto('/');
    const heading = page.getByRole('heading', {
      level: 1,
      name: 'Quit smoking for good, with a plan that understands you',
    });
    await expect(heading).toBeVisible();
    // The splash hides itself after 700 ms with CSS alone.
    await expect(page.getByTestId('splash')).toBeHidden();
    // Nothing hidden keeps animating: a still page draws no frames on a phone's battery.
    const running = await page.evaluate(
      () =>
        document.getAnimations().filter((animation) => animation.playState === 'running').length,
    );
    expect(running).toBe(0);
    await page.getByRole('link', { name: 'Blogs', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await context.close();
  });

  test('SOS with JavaScript off at 360 px: the circle breathes, its steps change, the quitline calls', async ({
    browser,
  }, testInfo) => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        reducedMotion,
        viewport: { width: 360, height: 780 },
      });
      const page = await context.newPage();
      await page.goto('/sos');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Craving? You can ride it out.' }),
      ).toBeVisible();
      await expect(page.getByTestId('splash')).toHaveCount(0);
      // The step's name shows inside the circle and changes with the rhythm: in, then hold.
      const steps = page.getByTestId('breathing-guide-step');
      await expect(steps.filter({ hasText: 'Breathe in' })).toBeVisible();
      await expect(steps.filter({ hasText: /^Hold$/ })).toBeHidden();
      if (reducedMotion === 'no-preference') {
        await page.screenshot({ path: testInfo.outputPath('sos-360-no-script.png') });
      }
      await expect(steps.filter({ hasText: /^Hold$/ })).toBeVisible({ timeout: 6_000 });
      await expect(steps.filter({ hasText: 'Breathe in' })).toBeHidden();
      // The circle grows and shrinks, unless the reader asked for less motion.
      const circleAnimations = await page
        .getByTestId('breathing-circle')
        .evaluate(
          (circle) =>
            circle.getAnimations().filter((animation) => animation.playState === 'running').length,
        );
      expect(circleAnimations, reducedMotion).toBe(reducedMotion === 'reduce' ? 0 : 1);
      await expect(
        page.getByRole('link', { name: 'Call the National Tobacco Quitline, 1800-11-2356, free' }),
      ).toHaveAttribute('href', 'tel:1800112356');
      await context.close();
    }
  });

  test('SOS opens without the splash, for a visitor and for a member', async ({ page }) => {
    // Any splash added to the page, by the HTML or by the app, is noted.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="splash"]')) {
          (window as unknown as { splashSeen: boolean }).splashSeen = true;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const splashSeen = () =>
      page.evaluate(() => (window as unknown as { splashSeen?: boolean }).splashSeen ?? false);

    expect(await hydrationProblems(page, '/sos')).toEqual([]);
    expect(await splashSeen()).toBe(false);
    await page.getByRole('button', { name: 'Start breathing' }).click();
    await expect(page.getByText('Breathe in: 4')).toBeVisible();

    // A member gets the same HTML, and the app draws their log form over it.
    await freshMember(page);
    await page.goto('/sos');
    await takenOver(page);
    await expect(page.getByRole('button', { name: 'Save to my log' })).toBeVisible();
    expect(await splashSeen()).toBe(false);
  });

  test('the app takes the pages over without a hydration error', async ({ page, request }) => {
    const post = await firstBlog(request);
    for (const path of ['/', '/blog', `/blog/${post._id}`, '/help-center', '/corporates']) {
      expect(await hydrationProblems(page, path), path).toEqual([]);
    }
  });

  test("the app's code is fetched once the page can be painted, not beside its stylesheet", async ({
    page,
  }) => {
    for (const path of ['/', '/blog']) {
      expect(await hydrationProblems(page, path), path).toEqual([]);
      const timing = await pageTimings(page);
      expect(timing.stylesheetIn, path).toBeGreaterThan(0);
      expect(timing.entryAsked, path).toBeGreaterThanOrEqual(timing.stylesheetIn!);
      expect(timing.entryAsked, path).toBeGreaterThanOrEqual(timing.parsed);
      expect(timing.painted, path).toBeGreaterThan(0);
      expect(timing.entryAsked, path).toBeGreaterThanOrEqual(timing.painted!);
    }
  });

  test("on a post, the app's code waits for the cover picture", async ({ page, request }) => {
    const post = await firstBlog(request);
    // The cover arrives late, as on a slow connection; the app must not take its bandwidth.
    await page.route(/\/media\/content\/[^/]+\.webp$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`/blog/${post._id}`);
    await takenOver(page);
    // The browser's own timings of both requests, on one clock.
    const timing = await pageTimings(page);
    expect(timing.coverIn).toBeGreaterThan(1500);
    expect(timing.entryAsked).toBeGreaterThanOrEqual(timing.coverIn!);
  });

  test('a returning visitor with a saved test result gets the page taken over, then the result', async ({
    page,
  }) => {
    await seedStorage(page, { first_event: JSON.stringify({ points: 42 }) });
    // The server knows nothing of the device's result; the app must not fail to take over.
    expect(await hydrationProblems(page, '/')).toEqual([]);
    await expect(page.getByTestId('landing-sim-score')).toHaveText('42 out of 250');
  });

  test('the app keeps the server-rendered page instead of drawing it again', async ({ page }) => {
    // Before any of the app's scripts run (parsing done), remember the server's heading.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { serverHeading: Element | null }).serverHeading =
          document.querySelector('h1');
      });
    });
    await page.goto('/');
    await expect(page.getByTestId('splash')).toBeHidden();
    // The app runs: a link navigates in-app.
    await page.getByRole('link', { name: 'Blogs', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('splash')).toBeHidden();
    await page.waitForTimeout(500);
    const kept = await page.evaluate(() => {
      const server = (window as unknown as { serverHeading: Element | null }).serverHeading;
      return server !== null && server === document.querySelector('h1') && server.isConnected;
    });
    expect(kept).toBe(true);
  });
  test('a reader who scrolled down before the app took the page over stays where they were', async ({
    page,
  }) => {
    // The app's entry is held while the reader scrolls, as on a slow phone.
    const release = await holdAppEntry(page);
    await page.goto('/terms-and-conditions', { waitUntil: 'domcontentloaded' });
    const section = page.getByRole('heading', { name: /^12\. / });
    await section.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    release();
    await takenOver(page);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(section).toBeInViewport();
  });

  test('a tap on the phone menu or on Start before the app takes the page over is answered once it has', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    let release = await holdAppEntry(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    release();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'About Us' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    // The tap was taken, and once the app runs the loader records no other: nothing is left that a
    // control mounted later could replay.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await takenOver(page);
    await expect(page.locator('html')).not.toHaveAttribute('data-early-tap');

    await page.unrouteAll();
    release = await holdAppEntry(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Start the test' }).click();
    release();
    await expect(page.getByRole('heading', { name: /^Questions 1–10 of \d+$/ })).toBeFocused();
  });

  test('a tap on any other button before the app takes the page over is answered once, once it has', async ({
    page,
  }) => {
    const release = await holdAppEntry(page);
    await page.goto('/help-center/frequently-asked-questions', { waitUntil: 'domcontentloaded' });
    const question = page.getByRole('main').getByRole('button', { name: 'Is Exhale free?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('main')).toContainText('₹4,999 plus 18% GST');
    // Answered once: a second replay would have closed it again.
    await takenOver(page);
    await page.waitForTimeout(300);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('in the reader language', () => {
  test('a language picked before the app takes the page over is the one it shows', async ({
    page,
  }) => {
    // The app's entry is held until the reader has picked, as on a slow phone.
    const release = await holdAppEntry(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    release();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HINDI_HEADING);
    await expect(page.getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
  });

  test('a reader who picked Hindi, then Tamil, gets those pages next time, taken over as they are', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('splash')).toBeHidden();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    // The app remembers the choice where the server can read it on the next first request.
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('hi');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);

    // Remember the server's heading before any of the app's scripts run (parsing done).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { serverHeading: Element | null }).serverHeading =
          document.querySelector('h1');
      });
    });
    const keptServerHeading = () =>
      page.evaluate(() => {
        const server = (window as unknown as { serverHeading: Element | null }).serverHeading;
        return server !== null && server === document.querySelector('h1') && server.isConnected;
      });

    expect(await hydrationProblems(page, '/')).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HINDI_HEADING);
    expect(await keptServerHeading()).toBe(true);

    await page.getByRole('combobox', { name: 'भाषा' }).selectOption('ta');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    expect(await hydrationProblems(page, '/blog')).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TAMIL_BLOGS);
    expect(await keptServerHeading()).toBe(true);
  });
});

test.describe('publishing', () => {
  test('a post an operator publishes is served as HTML at once, and the list names it', async ({
    request,
  }) => {
    const { token } = await apiLogin(request, ADMIN);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const run = Date.now().toString(36);
    const title = `Prerendered on publish ${run}`;
    // The list is rendered (and kept) before the post exists.
    expect(rootText(await rawHtml(request, '/blog'))).not.toContain(title);

    const created = await request.post('/api/admin/blogs', {
      ...auth,
      data: {
        title,
        slug: `prerendered-${run}`,
        meta_title: title,
        meta_description: `Written for the HTML-first test ${run}.`,
        content: `<p>Raw HTML paragraph ${run}.</p>`,
        published: true,
      },
    });
    expect(created.status()).toBe(201);
    const { data } = (await created.json()) as { data: { _id: string } };
    try {
      const html = await rawHtml(request, `/blog/${data._id}`);
      expect(h1(html)).toBe(title);
      expect(rootText(html)).toContain(`Raw HTML paragraph ${run}.`);
      expect(rootText(await rawHtml(request, '/blog'))).toContain(title);
    } finally {
      await request.delete(`/api/admin/blogs/${data._id}`, auth);
    }
  });
});

// A member's dashboard is drawn by the app from the shell (decision 093): no cookie carries their
// session, so no request for a page's HTML says who is asking.
test.describe("a member's dashboard", () => {
  test('is drawn by the app, and no cookie carries the session', async ({ page }) => {
    const member = await freshMember(page);
    await openApp(page, '/dashboard');
    await expect(page.getByText(`Hello, ${member.name}`)).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.value.includes(token!))).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).not.toContain(token!);
    const response = await page.request.get('/dashboard');
    expect(rootText(await response.text())).not.toContain(member.name);
  });

  test("a session cookie left from the dashboard's server render is removed", async ({ page }) => {
    await freshMember(page);
    await openApp(page, '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const url = new URL(page.url());
    await page.context().addCookies([
      {
        name: 'session',
        value: token!,
        domain: url.hostname,
        path: '/dashboard',
        sameSite: 'Lax',
      },
    ]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'My Account', exact: true })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
  });
});

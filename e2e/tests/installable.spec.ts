import { expect, openApp, test } from '../fixtures';

// The one journey that lets the service worker run (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.describe('installable app', () => {
  test('meets the install criteria: manifest with icons, a worker that controls the page', async ({
    page,
  }) => {
    await openApp(page, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await page.request.get(href!)).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'Exhale',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0f766e',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }

    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  });

  test('opens a visited page without a network and keeps no API answer', async ({
    page,
    context,
  }) => {
    await openApp(page, '/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The precache is complete once the worker is active; the page is controlled after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
    // The operators' console is not downloaded onto members' phones.
    expect(cached.filter((url) => /rich-text-editor/.test(url))).toEqual([]);
    await context.setOffline(false);
  });
});

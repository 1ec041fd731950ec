import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, freshMember, openApp, test } from '../fixtures';

// Data-saver lessons (decision 057): the demo lessons come with a 240p rendition and an audio
// track; a member's Data saver (a profile setting on the server) or a slow connection picks the
// small file, and 'Listen only' plays the audio track.

const ADMIN = { email: 'admin@example.com' };
const SEED_VIDEO = fileURLToPath(
  new URL('../../apps/api/src/db/seed/media/free-2.mp4', import.meta.url),
);

const video = (page: Page) => page.getByTestId('lesson-video');
const source = (page: Page) => video(page).evaluate((el) => (el as HTMLVideoElement).currentSrc);

async function attach(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.describe('data-saver lessons', () => {
  test("Data saver in the profile makes the player use the small file; 'Listen only' plays the audio", async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await freshMember(page);

    // Off at first: the full video, its metadata loaded ahead.
    await openApp(page, '/dashboard');
    await expect(video(page)).toHaveAttribute('src', /\/media\/lessons\/free-1-[0-9a-f]+\.mp4$/);
    await expect(video(page)).toHaveAttribute('preload', 'metadata');

    await page.setViewportSize({ width: 360, height: 740 });
    await openApp(page, '/edit-profile');
    const toggle = page.getByRole('switch', { name: 'Play lessons in a smaller size' });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(page.locator('.Toastify').getByText('Data saver is on.')).toBeVisible();
    await expect(toggle).toBeChecked();
    await attach(page, testInfo, 'profile-data-saver-360');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations).toEqual([]);

    // Stored on the server, so it holds after a reload.
    await openApp(page, '/edit-profile');
    await expect(toggle).toBeChecked();

    await page.setViewportSize({ width: 1280, height: 800 });
    const lessonFiles: string[] = [];
    page.on('request', (request) => {
      if (/\/media\/lessons\/free-1-(240p|audio)-/.test(request.url())) {
        lessonFiles.push(request.url());
      }
    });
    await openApp(page, '/dashboard');
    await expect(video(page)).toHaveAttribute(
      'src',
      /\/media\/lessons\/free-1-240p-[0-9a-f]+\.mp4$/,
    );
    await expect(page.getByTestId('lesson-source-note')).toHaveText(
      'Data saver is on: playing the smaller 240p version.',
    );
    // Nothing of the file is fetched until the member plays it.
    await expect(video(page)).toHaveAttribute('preload', 'none');
    expect(lessonFiles).toEqual([]);
    await attach(page, testInfo, 'player-data-saver-1280');

    const listen = page.getByRole('button', { name: 'Listen only' });
    await expect(listen).toHaveAttribute('aria-pressed', 'false');
    await listen.click();
    await expect(listen).toHaveAttribute('aria-pressed', 'true');
    await expect(video(page)).toHaveAttribute(
      'src',
      /\/media\/lessons\/free-1-audio-[0-9a-f]+\.m4a$/,
    );
    await expect(page.getByTestId('lesson-source-note')).toContainText('Listening only');
    // It plays: the audio track's clock runs (muted, as the browser allows without a click).
    await video(page).evaluate(async (el) => {
      const media = el as HTMLVideoElement;
      media.muted = true;
      await media.play();
    });
    await expect
      .poll(() => video(page).evaluate((el) => (el as HTMLVideoElement).currentTime))
      .toBeGreaterThan(0.5);
    expect(await source(page)).toMatch(/\.m4a$/);
    expect(lessonFiles.some((url) => /free-1-audio-/.test(url))).toBe(true);
    await attach(page, testInfo, 'player-listen-only-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Listen only' }).scrollIntoViewIfNeeded();
    await attach(page, testInfo, 'player-listen-only-360');

    // Back to the picture: the small video again.
    await listen.click();
    await expect(video(page)).toHaveAttribute('src', /-240p-[0-9a-f]+\.mp4$/);
  });

  test('a slow connection picks the small file without Data saver', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        value: { effectiveType: '3g', saveData: false },
      });
    });
    await freshMember(page);
    await openApp(page, '/dashboard');
    await expect(video(page)).toHaveAttribute(
      'src',
      /\/media\/lessons\/free-1-240p-[0-9a-f]+\.mp4$/,
    );
    await expect(page.getByTestId('lesson-source-note')).toHaveText(
      'Slow connection: playing the smaller 240p version.',
    );
    await expect(video(page)).toHaveAttribute('preload', 'none');
  });

  test('the console shows the small versions being made after an upload', async ({
    page,
    loginAs,
  }, testInfo) => {
    test.setTimeout(60_000);
    await loginAs(ADMIN);
    await page.goto('/admin/lessons/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New lesson' })).toBeVisible();
    await page.getByLabel('Video', { exact: true }).setInputFiles(SEED_VIDEO);
    await expect(page.getByText('Length: 0:18')).toBeVisible({ timeout: 15_000 });
    // The worker polls every few seconds and the demo video takes about one to convert.
    await expect(page.getByTestId('rendition-status')).toContainText(
      /Small versions ready: 240p\.|Preparing small versions… \d+%/,
    );
    await expect(page.getByTestId('rendition-status')).toContainText(
      'Small versions ready: 240p.',
      { timeout: 30_000 },
    );
    // A silent video has no audio track to offer.
    await expect(page.getByTestId('rendition-status')).toContainText('The video has no sound');
    await page.getByTestId('rendition-status').scrollIntoViewIfNeeded();
    await attach(page, testInfo, 'console-renditions-1280');
  });
});

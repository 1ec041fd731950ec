import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, openApp, registerUser, seedStorage, test } from '../fixtures';

// Offline where it matters (decision 055). Like installable.spec.ts, this journey
// lets the service worker run (playwright.config.ts blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });
// The journey takes 20-40 s (the worker's precache download included); the budget leaves a loaded
// runner room, as the other long journeys do.
test.describe.configure({ timeout: 90_000 });

const REASON = 'To walk my daughter to school';

/** Today's date in India, as the quit plan takes it. */
const istToday = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

interface LoggedEntry {
  trigger: string | null;
  client_id: string | null;
  source: 'craving' | 'check_in';
}

async function serverLog(request: APIRequestContext, token: string): Promise<LoggedEntry[]> {
  const response = await request.get('/api/cravings', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: LoggedEntry[] }).data;
}

test('SOS opens without a network after one visit; a craving logged offline waits, then reaches the server once', async ({
  page,
  context,
}) => {
  // A member with a quit plan from today and one reason, signed in in the browser.
  const member = await registerUser(page.request, {}, { landingTestPoints: 40 });
  const auth = { Authorization: `Bearer ${member.token}` };
  const plan = await page.request.put('/api/quit-plan', {
    headers: auth,
    data: {
      quit_date: istToday(),
      tobacco: [{ type: 'cigarette', per_day: 10, cost_per_day: 180 }],
      reasons: [REASON],
    },
  });
  expect(plan.ok()).toBe(true);
  await seedStorage(page, {
    token: member.token,
    user: JSON.stringify(member.user),
    root: JSON.stringify({ user: member.user, isAuth: true }),
    whatsapp_hide: 'true',
  });

  // One online visit: the dashboard (progress kept on the device), then SOS (reasons kept), while
  // the service worker installs the app.
  await openApp(page, '/dashboard');
  await expect(page.getByRole('region', { name: '0 days smoke-free' })).toBeVisible();
  await page.getByRole('link', { name: 'SOS: craving now' }).first().click();
  await expect(page.getByText(REASON)).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);

  // No network: SOS reloads with the breathing, the quitline and the member's own reasons.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Craving/ })).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
  await expect(page.getByRole('link', { name: /National Tobacco Quitline/ })).toHaveAttribute(
    'href',
    'tel:1800112356',
  );
  await page.getByRole('button', { name: 'Start breathing' }).click();
  await expect(page.getByText('Breathe in: 4')).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();

  // A craving logged offline is kept on the phone.
  const log = page.getByRole('form', { name: 'Log this craving' });
  await log.getByRole('radio', { name: '3' }).click();
  await log.getByLabel('What set it off?').selectOption('tea_coffee');
  await log.getByRole('radio', { name: 'I resisted' }).click();
  await log.getByRole('button', { name: 'Save to my log' }).click();
  await expect(page.getByText('Saved on this phone.', { exact: false })).toBeVisible();
  await expect(page.getByText('You beat this craving.', { exact: false })).toBeVisible();

  // The log lists it as waiting to sync; the dashboard shows the last known progress, offline.
  await page.goto('/cravings');
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  const queued = page.getByTestId('craving-queue').getByRole('listitem');
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText('Tea or coffee');
  await expect(queued.getByText('Waiting to sync')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.goto('/dashboard');
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 15_000 });
  const card = page.getByRole('region', { name: '0 days smoke-free' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Offline', { exact: true })).toBeVisible();
  await expect(card.getByText('1 entry saved on this phone', { exact: false })).toBeVisible();

  // Today's check-in, offline: a 'used' answer waits too, with the same kind words as SOS.
  const checkIn = page.getByRole('region', { name: "Today's check-in" });
  await checkIn.getByRole('radio', { name: 'Yes' }).click();
  await checkIn.getByRole('radio', { name: 'Low', exact: true }).click();
  await checkIn.getByRole('button', { name: 'Save check-in' }).click();
  await expect(checkIn.getByTestId('check-in-answer')).toHaveText(
    'Today: used tobacco (1). Feeling: Low.',
  );
  await expect(checkIn.getByText('Waiting to sync')).toBeVisible();
  await expect(
    checkIn.getByRole('heading', { name: 'A slip is not the end of your quit' }),
  ).toBeVisible();
  await expect(card.getByText('2 entries saved on this phone', { exact: false })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(await serverLog(page.request, member.token)).toEqual([]);

  // Back online: it is sent, and the server holds it once.
  await context.setOffline(false);
  await expect(page.getByTestId('waiting-to-sync')).toHaveCount(0, { timeout: 15_000 });
  await expect(card.getByText('Offline', { exact: true })).toBeHidden();
  const stored = await serverLog(page.request, member.token);
  const cravings = stored.filter((entry) => entry.source === 'craving');
  expect(cravings).toHaveLength(1);
  expect(cravings[0]).toMatchObject({ trigger: 'tea_coffee' });
  expect(cravings[0]!.client_id).toMatch(/^[0-9a-f-]{36}$/);
  // The 'used' check-in arrived too, and recorded its slip.
  expect(stored.filter((entry) => entry.source === 'check_in')).toHaveLength(1);
  const checkIns = await page.request.get('/api/check-ins', { headers: auth });
  expect(((await checkIns.json()) as { data: unknown[] }).data).toMatchObject([
    { used: true, units: 1, mood: 2 },
  ]);

  // Starting the app again sends nothing twice.
  await openApp(page, '/cravings');
  await expect(page.getByTestId('craving-log').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('craving-queue')).toHaveCount(0);
  expect(await serverLog(page.request, member.token)).toHaveLength(2);
});

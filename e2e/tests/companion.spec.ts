import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, openApp, registerUser, seedStorage, test, type Session } from '../fixtures';

// The quit companion: a new member sets a quit plan with the keyboard, sees the
// counter, opens SOS from the dashboard, breathes one round, logs a craving and a slip, and sees
// the progress keep its history; the same key steps in Hindi; the pages are axe-clean.

// One long journey per test keeps the suite lean; each needs more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const scan = async (page: Page) => (await new AxeBuilder({ page }).analyze()).violations;

/** A new member past the first SIM test (so the dashboard opens), signed in in the browser. */
async function newMember(page: Page, language: 'en' | 'hi' = 'en'): Promise<Session> {
  const account = await registerUser(page.request, {}, { landingTestPoints: 40 });
  await seedStorage(page, {
    token: account.token,
    user: JSON.stringify(account.user),
    root: JSON.stringify({ user: account.user, isAuth: true }),
    whatsapp_hide: 'true',
    language,
  });
  return account;
}

/** Presses Tab until `target` has the focus (keyboard only, as a user would). */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test('a new member plans, breathes through a craving, logs a craving and a slip, and keeps their history', async ({
  page,
}) => {
  await newMember(page);

  // No plan yet: the dashboard invites one.
  await openApp(page, '/dashboard');
  await page.getByRole('link', { name: 'Set my quit plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your quit plan' })).toBeVisible();
  expect(await scan(page)).toEqual([]);

  // Keyboard only: tick cigarettes (defaults: 10 a day at ₹18 each), write a reason, save.
  const cigarettes = page.getByRole('checkbox', { name: 'Cigarettes' });
  await tabTo(page, cigarettes);
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Units per day (sticks)')).toHaveValue('10');
  await expect(page.getByLabel('Cost per day (₹)')).toHaveValue('180');
  await tabTo(page, page.getByLabel('Reason 1'));
  await page.keyboard.type('To play cricket with my son');
  await tabTo(page, page.getByRole('button', { name: 'Save my plan' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Plan saved' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take the dependence test' })).toBeVisible();

  // The counter on the dashboard, from the server: quit today, nothing slipped.
  await openApp(page, '/dashboard');
  const card = page.getByRole('region', { name: '0 days smoke-free' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('money-saved')).toHaveText('₹0');

  // SOS from the dashboard; one round of box breathing (16 s) on a fake clock.
  await page.clock.install();
  await card.getByRole('link', { name: 'SOS: craving now' }).click();
  await expect(page).toHaveURL('/sos');
  await expect(page.getByText('To play cricket with my son')).toBeVisible();
  await page.getByRole('button', { name: 'Start breathing' }).click();
  await expect(page.getByText('Breathe in: 4')).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(page.getByText('Hold: 3')).toBeVisible();
  await page.clock.runFor(11_000);
  await expect(page.getByTestId('breathing-cycles')).toHaveText('Rounds done: 1 of 4');
  await expect(page.getByRole('link', { name: /National Tobacco Quitline/ })).toHaveAttribute(
    'href',
    'tel:1800112356',
  );
  await page.getByRole('button', { name: 'Stop' }).click();

  // A craving resisted, then a slip of two cigarettes.
  const log = page.getByRole('form', { name: 'Log this craving' });
  await log.getByRole('radio', { name: '3' }).click();
  await log.getByLabel('What set it off?').selectOption('stress');
  await log.getByRole('radio', { name: 'I resisted' }).click();
  await log.getByRole('button', { name: 'Save to my log' }).click();
  await expect(page.getByText('You beat this craving.', { exact: false })).toBeVisible();

  await log.getByRole('radio', { name: '4' }).click();
  await log.getByLabel('What set it off?').selectOption('tea_coffee');
  await log.getByRole('radio', { name: 'I used tobacco' }).click();
  await log.getByLabel('How many (cigarettes, bidis or packets)?').fill('2');
  await log.getByRole('button', { name: 'Save to my log' }).click();
  await expect(
    page.getByRole('heading', { name: 'A slip is not the end of your quit' }),
  ).toBeVisible();
  await expect(page.getByText('Your history is kept', { exact: false })).toBeVisible();

  // Progress counts the slip and keeps the log.
  await page.getByRole('link', { name: 'See my progress' }).click();
  await expect(page.getByTestId('slips')).toHaveText('1');
  await expect(page.getByText('Resisted: 1. Used tobacco: 1.')).toBeVisible();
  expect(await scan(page)).toEqual([]);
  await page.getByRole('link', { name: 'Open my craving log' }).click();
  await expect(page.getByTestId('craving-log').getByRole('listitem')).toHaveCount(2);
});

test('visitors get SOS and the dependence test, scored by the server and called the clinical test', async ({
  page,
}) => {
  await openApp(page, '/sos');
  await expect(page.getByRole('button', { name: 'Start breathing' })).toBeVisible();
  await expect(page.getByText('Sign in to keep a log of your cravings')).toBeVisible();
  expect(await scan(page)).toEqual([]);

  await openApp(page, '/dependence-test');
  await expect(page.getByText("separate from Exhale's SIM test", { exact: false })).toBeVisible();
  await page.getByRole('radio', { name: 'I chew (gutka, khaini)' }).click();
  const questions = page.locator('main ol > li');
  await expect(questions).toHaveCount(6);
  // The heaviest answer to every question: 10 of 10.
  for (const question of await questions.all()) {
    await question.getByRole('radio').first().click();
  }
  expect(await scan(page)).toEqual([]);
  await page.getByRole('button', { name: 'See my score' }).click();
  await expect(page.getByRole('heading', { name: 'Your score: 10 out of 10' })).toBeVisible();
  await expect(page.getByTestId('dependence-level')).toHaveText('Nicotine dependence: very high');
  await expect(page.getByRole('link', { name: /National Tobacco Quitline/ })).toBeVisible();
});

test('in Hindi: quit plan, SOS breathing and the slip message', async ({ page }) => {
  await newMember(page, 'hi');
  await openApp(page, '/quit-plan');
  await expect(page.getByRole('heading', { level: 1, name: 'आपकी छोड़ने की योजना' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'बीड़ी' }).check();
  await expect(page.getByLabel('रोज़ का ख़र्च (₹)')).toHaveValue('15');
  await page.getByRole('button', { name: 'मेरी योजना सहेजें' }).click();
  await expect(page.getByRole('heading', { name: 'योजना सहेज ली गई' })).toBeVisible();

  await page.getByRole('link', { name: 'SOS: अभी तलब से निपटने में मदद' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'तलब लगी है? आप इसे पार कर सकते हैं।' }),
  ).toBeVisible();
  await page.clock.install();
  await page.getByRole('button', { name: 'साँस का अभ्यास शुरू करें' }).click();
  await expect(page.getByText('साँस अंदर लें: 4')).toBeVisible();
  await page.clock.runFor(16_000);
  await expect(page.getByTestId('breathing-cycles')).toHaveText('पूरे हुए चक्र: 4 में से 1');

  const log = page.getByRole('form', { name: 'इस तलब को दर्ज करें' });
  await log.getByRole('radio', { name: '2' }).click();
  await log.getByLabel('तलब किस वजह से लगी?').selectOption('after_meal');
  await log.getByRole('radio', { name: 'मैंने तंबाकू लिया' }).click();
  await log.getByLabel('कितने (सिगरेट, बीड़ी या पैकेट)?').fill('1');
  await log.getByRole('button', { name: 'मेरी डायरी में सहेजें' }).click();
  await expect(
    page.getByRole('heading', { name: 'एक चूक से आपका छोड़ना ख़त्म नहीं होता' }),
  ).toBeVisible();

  // In-app navigation: a full load would wait on the fake clock for the splash to go.
  await page.getByRole('link', { name: 'मेरी प्रगति देखें' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'आपकी प्रगति' })).toBeVisible();
  await expect(page.getByTestId('slips')).toHaveText('1');
  expect(await scan(page)).toEqual([]);
});

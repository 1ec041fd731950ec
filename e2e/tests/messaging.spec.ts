import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  expect,
  loginAs,
  openApp,
  readOutbox,
  registerUser,
  seedStorage,
  test,
  waitForMessage,
} from '../fixtures';

// The messaging programme (issue 15): a member sets a quit plan and SMS messages, the day's
// message reaches the outbox at the chosen time (the scheduler run for an injected instant through
// the dev-only /dev/messaging/run), and the member replies CRAVE from the outbox's 'reply as this
// member' box and gets the coping reply with the /sos link. The console lists, previews and counts
// the messages. Pages are axe-clean at 360 px and on a desktop.

test.describe.configure({ timeout: 90_000 });

const scan = async (page: Page) => (await new AxeBuilder({ page }).analyze()).violations;

/** The IST calendar date `days` after today, 'YYYY-MM-DD'. */
function istDate(days = 0): string {
  const now = Date.now() + (5 * 60 + 30) * 60_000;
  return new Date(now + days * 86_400_000).toISOString().slice(0, 10);
}

async function runScheduler(page: Page, at: string) {
  const res = await page.request.post('/dev/messaging/run', { data: { at } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a member sets a quit plan and SMS messages, gets the day’s message at the chosen time and replies CRAVE', async ({
  page,
}) => {
  const account = await registerUser(
    page.request,
    { name: 'Meera Nair' },
    { landingTestPoints: 40 },
  );
  await seedStorage(page, {
    token: account.token,
    user: JSON.stringify(account.user),
    root: JSON.stringify({ user: account.user, isAuth: true }),
    whatsapp_hide: 'true',
    language: 'en',
  });

  // A quit date ten days ahead: today is outside the programme, so only the injected instant
  // (7 days before the quit date) is due.
  const quitDate = istDate(10);
  const firstDay = istDate(3);
  await openApp(page, '/quit-plan');
  await page.getByLabel('Quit date').fill(quitDate);
  await page.getByRole('checkbox', { name: 'Cigarettes' }).check();
  await page.getByRole('button', { name: 'Save my plan' }).click();
  await expect(page.getByRole('heading', { name: 'Plan saved' })).toBeVisible();

  await openApp(page, '/notifications');
  const section = page.getByRole('region', { name: 'Daily quit messages' });
  await expect(section).toBeVisible();
  await expect(section.getByLabel('Send my messages by')).toHaveValue('none');
  // No verified WhatsApp number: that choice is offered but cannot be taken.
  await expect(section.getByRole('option', { name: 'WhatsApp' })).toBeDisabled();
  // SMS goes only to a number a code proved (decision 078): choosing it opens the verify step,
  // and saving before the code is entered is refused.
  const verify = section.getByRole('group', { name: 'Confirm your mobile number for SMS' });
  await expect(verify).toBeHidden();
  await section.getByLabel('Send my messages by').selectOption('sms');
  await section.getByRole('button', { name: 'Save message settings' }).click();
  await expect(page.getByText('Verify your mobile number first.')).toBeVisible();
  await verify.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('A code is on its way to your mobile number.')).toBeVisible();
  const sms = await waitForMessage(page.request, account.mobile, (m) =>
    /code to confirm this mobile number/.test(m.text),
  );
  const code = /\b(\d{6})\b/.exec(sms.text)![1]!;
  // On a 360 px phone the six code boxes stay inside the verify card.
  await page.setViewportSize({ width: 360, height: 900 });
  const card = (await verify.boundingBox())!;
  const lastBox = (await verify.getByRole('textbox', { name: 'Digit 6 of 6' }).boundingBox())!;
  expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(card.x + card.width);
  await verify.getByRole('textbox', { name: 'Digit 1 of 6' }).pressSequentially(code);
  await verify.getByRole('button', { name: 'Verify number' }).click();
  await expect(page.getByText('Your mobile number is verified.')).toBeVisible();
  await expect(
    section.getByText(`Mobile number ${account.mobile} is verified: SMS can go to it.`),
  ).toBeVisible();
  expect(await scan(page)).toEqual([]);
  await section.getByLabel('Time of day (India time)').fill('08:30');
  await section.getByLabel('Write my messages in').selectOption('en');
  await section.getByRole('button', { name: 'Save message settings' }).click();
  await expect(page.getByText('Your message settings are saved.')).toBeVisible();
  expect(await scan(page)).toEqual([]);

  // One minute early: nothing. At 08:30 IST: the day −7 message, with the member's first name.
  await runScheduler(page, `${firstDay}T08:29:00+05:30`);
  expect(
    (await readOutbox(page.request, account.mobile)).filter((m) => m.text.startsWith('Namaste')),
  ).toEqual([]);
  await runScheduler(page, `${firstDay}T08:30:00+05:30`);
  const daily = await waitForMessage(page.request, account.mobile, (m) =>
    m.text.startsWith('Namaste Meera! Your quit day is in 7 days.'),
  );
  expect(daily.channel).toBe('sms');
  // Once a day: a later run that day sends nothing more.
  await runScheduler(page, `${firstDay}T09:00:00+05:30`);
  expect(
    (await readOutbox(page.request, account.mobile)).filter((m) => m.text.startsWith('Namaste')),
  ).toHaveLength(1);

  // The member answers CRAVE from the outbox, as they would from their phone.
  await page.goto(`/dev/outbox?to=${account.mobile}`);
  const message = page.locator('article').filter({ hasText: 'Namaste Meera!' });
  await message.getByLabel('Reply as this member').fill('CRAVE');
  await message.getByRole('button', { name: 'Send reply' }).click();
  await expect(page).toHaveURL(new RegExp(`/dev/outbox\\?to=${account.mobile}$`));
  const sos = new URL('/sos', page.url()).toString();
  const coping = await waitForMessage(page.request, account.mobile, (m) =>
    m.text.includes('Breathe with us'),
  );
  expect(coping.text).toContain(sos);
  await expect(page.locator('article').first()).toContainText('Breathe with us');

  // The link opens the SOS page.
  await openApp(page, new URL(sos).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Both widths, for the look of the section.
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openApp(page, '/notifications');
    await expect(page.getByRole('region', { name: 'Daily quit messages' })).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath(`notifications-${width}.png`),
      fullPage: true,
    });
  }
});

test('the console lists the library, previews a message and shows delivery per day', async ({
  page,
}) => {
  await loginAs(page, { email: 'admin@example.com' });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The console has no splash or main#main of the member pages: its heading says it is ready.
    await page.goto('/admin/programme-messages');
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Programme messages' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Quit day', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Delivery, last 14 days' })).toBeVisible();
    expect(await scan(page)).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`programme-messages-${width}.png`),
      fullPage: true,
    });
  }

  // Edit the quit day's message: the preview fills a sample member's figures.
  await page
    .getByRole('row', { name: /Quit day/ })
    .getByRole('button', { name: /Edit/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Message')).toHaveValue(/^Today is your quit day, \{name\}!/);
  await dialog.getByRole('button', { name: 'Preview with a sample member' }).click();
  await expect(dialog.getByText(/^Today is your quit day, Ravi!/)).toBeVisible();
  expect(await scan(page)).toEqual([]);
});

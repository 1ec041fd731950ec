import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  expect,
  openApp,
  readOutbox,
  registerUser,
  seedStorage,
  test,
  type ApiUser,
} from '../fixtures';

// One-click refunds, two refund deadlines, a SIM score
// that ran the wrong way, contradictory pricing, operators landing as members, a roadmap step that
// counted nothing, and a trial that does not exist.

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first();
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function attach(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A fresh member past the first test, signed in in the browser, WhatsApp prompt skipped. */
async function member(page: Page, landingTestPoints = 40) {
  const account = await registerUser(page.request, {}, { landingTestPoints });
  await signIn(page, account.token, account.user);
  return account;
}

async function signIn(page: Page, token: string, user: ApiUser) {
  await seedStorage(page, {
    token,
    user: JSON.stringify(user),
    root: JSON.stringify({ user, isAuth: true }),
    whatsapp_hide: 'true',
  });
}

async function lifetimePlanId(request: APIRequestContext): Promise<string> {
  const plans = (await (await request.get('/api/plan')).json()) as {
    data: { _id: string; duration: number }[];
  };
  return plans.data.find((p) => p.duration !== 0)!._id;
}

/** Buys the plan through the API and the sandbox: EXHALE (10% off) is ₹5,308.94. */
async function buyWithExhale(request: APIRequestContext, token: string) {
  const coupon = await (
    await request.post('/api/coupon/verify', { headers: auth(token), data: { code: 'EXHALE' } })
  ).json();
  const order = await request.post('/api/user-plan', {
    headers: auth(token),
    data: { plan_id: await lifetimePlanId(request), coupon_id: coupon.data.id, total: 5308.94 },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const orderId = (await order.json()).data.payment.order_id as string;
  const paid = await request.post('/api/payments/sandbox/pay', {
    headers: auth(token),
    data: { order_id: orderId, outcome: 'success' },
  });
  const p = (await paid.json()).data;
  const verified = await request.post('/api/user-plan/verify', {
    headers: { ...auth(token), 'x-razorpay-signature': p.razorpay_signature },
    data: { order_id: p.razorpay_order_id, payment_id: p.razorpay_payment_id },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
}

/** Premium at no cost (the NOCOST demo coupon), then the browser's stored user refreshed. */
async function makePremium(page: Page, token: string) {
  const coupon = await (
    await page.request.post('/api/coupon/verify', {
      headers: auth(token),
      data: { code: 'NOCOST' },
    })
  ).json();
  const order = await page.request.post('/api/user-plan', {
    headers: auth(token),
    data: { plan_id: await lifetimePlanId(page.request), coupon_id: coupon.data.id, total: 0 },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const profile = await (
    await page.request.get('/api/user/profile', { headers: auth(token) })
  ).json();
  await signIn(page, token, profile.data as ApiUser);
}

test.describe('plans and refunds (items 1, 5, 16)', () => {
  test('no trial is promised; Cancel Membership asks first and then shows the request', async ({
    page,
  }, testInfo) => {
    test.slow(); // Long journeys on a shared two-core machine.
    const account = await member(page);
    await page.setViewportSize(phone);
    await openApp(page, '/plans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start the programme');
    await expect(page.getByText(/trial|trail/i)).toHaveCount(0);
    await expect(page.getByText(/full refund if you ask within 10 business days/)).toBeVisible();
    await attach(page, testInfo, 'plans-free-phone');

    await buyWithExhale(page.request, account.token);
    const profile = await (
      await page.request.get('/api/user/profile', { headers: auth(account.token) })
    ).json();
    await signIn(page, account.token, profile.data as ApiUser);
    await page.setViewportSize(desktop);
    await openApp(page, '/plans');
    const card = page.getByRole('article', { name: 'Lifetime Plan' });
    await expect(card.getByTestId('plan-status')).toHaveText('Active');

    // Item 5: the page and the receipt mail name the same last day.
    const until = await card.getByText(/^You can cancel for a refund until /).textContent();
    const lastDay = until!.replace('You can cancel for a refund until ', '').replace(/\.$/, '');
    const receipt = (await readOutbox(page.request, account.email)).find((m) =>
      m.subject?.includes('receipt'),
    );
    expect(receipt?.text).toContain(`from the Plans page until ${lastDay}.`);

    // Item 1: one click only opens the question.
    await card.getByRole('button', { name: 'Cancel Membership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your membership?' });
    await expect(dialog).toContainText('You will get back ₹5,308.94');
    await expect(dialog).toContainText('The day-by-day premium lessons and their exercises');
    await expect(dialog).toContainText(`You can ask for a refund until ${lastDay}.`);
    await expectNoViolations(page);
    await attach(page, testInfo, 'refund-dialog-desktop');
    await dialog.getByRole('button', { name: 'Keep my membership' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('plan-status')).toHaveText('Active');

    await page.setViewportSize(phone);
    await card.getByRole('button', { name: 'Cancel Membership' }).click();
    await dialog.getByLabel('Why are you leaving? (optional)').fill('My shifts changed.');
    await attach(page, testInfo, 'refund-dialog-phone');
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    await expect(toast(page, 'Refund request submitted.')).toBeVisible();
    await expect(card.getByTestId('plan-status')).toHaveText('Refund requested');
    const state = card.getByTestId('refund-state');
    await expect(state).toContainText('Refund pending');
    await expect(state).toContainText('You asked for ₹5,308.94 back on');
    await expect(state).toContainText('Your reason: My shifts changed.');
    await expect(card.getByRole('button', { name: 'Refund requested' })).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Cancel Membership' })).toHaveCount(0);
    await expect(toast(page, 'Refund request submitted.')).toBeHidden({ timeout: 8_000 });
    await expectNoViolations(page);
    await attach(page, testInfo, 'refund-pending-phone', true);
  });
});

test.describe('SIM score and roadmap (items 6, 7, 14)', () => {
  test('the heaviest answers score lowest, and every score says what it means', async ({
    page,
  }, testInfo) => {
    test.slow(); // Long journeys on a shared two-core machine.
    const statements = (await (await page.request.get('/api/question?event=0&limit=inf')).json())
      .data as { _id: string; options: { value: string; point: number }[] }[];
    const scoreWhenAll = async (answer: string) => {
      const answers = statements.map((q) => ({
        question_id: q._id,
        value: q.options.find((o) => o.value === answer)!.point,
      }));
      const res = await page.request.post('/api/question/score', { data: { answers } });
      return (await res.json()).data.total_points as number;
    };
    const heaviest = await scoreWhenAll('Strongly Agree');
    const lightest = await scoreWhenAll('Strongly Disagree');
    expect(heaviest).toBeLessThan(lightest);

    // The landing result for a visitor who answered 'Strongly Agree' to everything.
    await page.setViewportSize(phone);
    await seedStorage(page, { first_event: JSON.stringify({ points: heaviest }) });
    await openApp(page, '/');
    const result = page.getByTestId('landing-sim-score').locator('..');
    await result.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('landing-sim-score')).toContainText(String(heaviest));
    await expect(page.getByTestId('landing-sim-band')).toHaveText('Strong hold');
    await attach(page, testInfo, 'landing-result-band-phone');

    // Items 7 and 14 on the free dashboard: Upgrade follows the server, free videos are counted.
    await member(page, heaviest);
    await page.setViewportSize(desktop);
    await openApp(page, '/dashboard');
    await expect(page.getByTestId('score-band').first()).toHaveText('Strong hold');
    await expect(page.getByText('A higher score means a looser hold of smoking.')).toBeVisible();
    await expect(page.getByTestId('free-videos-watched')).toHaveText(/^0 of \d+ videos watched$/);
    const upgrade = page.getByRole('link', { name: 'Upgrade to Premium' });
    await expect(upgrade).toHaveAttribute('href', '/plans');
    await expect(page.getByText('Your score video opens after SIM Test 2.')).toBeVisible();
    await expectNoViolations(page);
    await attach(page, testInfo, 'dashboard-free-desktop', true);
    await page.setViewportSize(phone);
    await page.getByTestId('free-videos-watched').scrollIntoViewIfNeeded();
    await attach(page, testInfo, 'dashboard-roadmap-phone');
  });

  test('a premium member keeps the score history and joins the closing session at no cost', async ({
    page,
  }, testInfo) => {
    test.slow(); // Long journeys on a shared two-core machine.
    const account = await member(page, 60);
    await makePremium(page, account.token);

    await openApp(page, '/dashboard');
    const scores = page.getByRole('region', { name: 'Your SIM test scores' });
    await expect(scores).toContainText('60 out of 250');
    await expect(scores.getByTestId('score-band')).toHaveText('Strong hold');

    await page.setViewportSize(phone);
    await openApp(page, '/live-session');
    const closing = page.getByRole('article', { name: 'Your first smoke-free week' });
    await expect(closing.getByTestId('live-session-price')).toContainText('Included in your plan');
    const other = page.getByRole('article', { name: 'Beating cravings: live Q&A' });
    await expect(other.getByTestId('live-session-price')).toHaveText('Rs.499 + 18 % GST');
    await closing.getByRole('button', { name: 'REGISTER' }).click();
    await expect(
      toast(page, 'Registration successful. Check your mail for the details.'),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Exhale' })).toHaveCount(0);
    await expect(closing.getByText('You are registered')).toBeVisible();
    await closing.scrollIntoViewIfNeeded();
    await attach(page, testInfo, 'live-session-included-phone');
    await expect(
      toast(page, 'Registration successful. Check your mail for the details.'),
    ).toBeHidden({ timeout: 8_000 });
    await expectNoViolations(page);
  });
});

test.describe('operators (item 9)', () => {
  test('an admin who signs in lands in the console, whose header keeps one row at 360 px', async ({
    page,
  }, testInfo) => {
    test.slow(); // Long journeys on a shared two-core machine.
    await page.setViewportSize(phone);
    await openApp(page, '/login');
    const login = page.getByRole('dialog', { name: 'Sign in' });
    await login.getByRole('button', { name: 'Sign in with password' }).click();
    await login.getByLabel('Email or mobile number').fill('admin@example.com');
    await login.getByLabel('Password', { exact: true }).fill('Exhale@2026');
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Back to the app' })).toBeVisible();
    const box = (await header.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(66);
    for (const control of [
      header.getByRole('link', { name: 'Back to the app' }),
      header.getByRole('button', { name: 'Log out' }),
    ]) {
      const rect = (await control.boundingBox())!;
      expect(rect.x + rect.width).toBeLessThanOrEqual(phone.width);
      expect(rect.y).toBeLessThan(box.y + box.height);
    }
    await attach(page, testInfo, 'console-header-phone');
    await expectNoViolations(page);

    // The dashboard stays one tap away.
    await expect(header.getByRole('link', { name: 'Back to the app' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});

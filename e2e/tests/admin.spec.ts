import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  expect,
  newAccount,
  openApp,
  seedStorage,
  test,
  type ApiUser,
} from '../fixtures';
import { solidPng } from '../png';

// The operator console: the journeys an operator makes at /admin, what members then see,
// and that members can neither use the console nor download its code.

const ADMIN = { email: 'admin@example.com' };
const SEED_VIDEO = fileURLToPath(
  new URL('../../apps/api/src/db/seed/media/free-2.mp4', import.meta.url),
);

const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true });
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Opens a console page and waits for its heading (the console has no splash of its own). */
async function openConsole(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByTestId('splash')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

interface Member {
  email: string;
  name: string;
  token: string;
  user: ApiUser;
}

/** A fresh account past its first test (step 1), signed in in the browser. */
async function freshMember(page: Page): Promise<Member> {
  const { age, ...account } = newAccount();
  const response = await page.request.post('/api/auth/user/register', {
    data: { ...account, dob: age, step: 1, total_points: 40 },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { token: string; data: ApiUser };
  return { email: account.email, name: account.name, token: body.token, user: body.data };
}

async function signInBrowser(page: Page, member: Member) {
  const profile = await (
    await page.request.get('/api/user/profile', { headers: auth(member.token) })
  ).json();
  await seedStorage(page, {
    token: member.token,
    user: JSON.stringify(profile.data),
    root: JSON.stringify({ user: profile.data, isAuth: true }),
    whatsapp_hide: 'true',
  });
}

/** Buys the lifetime plan through the API with the demo's 100% coupon (nothing to pay). */
/**
 * Buys the first paid plan for the member: free of charge with the demo 'NOCOST' coupon, or
 * `paid` through the sandbox checkout (the way a real purchase is invoiced, so its refund gets a
 * credit note). Returns the member's plan id.
 */
async function buyPlan(
  request: APIRequestContext,
  token: string,
  { paid = false } = {},
): Promise<string> {
  const plans = (await (await request.get('/api/plan')).json()) as {
    data: {
      _id: string;
      duration: number;
      price_paise: number;
      special_price_paise: number | null;
    }[];
  };
  const plan = plans.data.find((p) => p.duration !== 0)!;
  let data: Record<string, unknown>;
  if (paid) {
    // What the plans page shows and sends back: the price with 18% GST, in rupees.
    const pricePaise = plan.special_price_paise ?? plan.price_paise;
    data = { plan_id: plan._id, total: Math.round(pricePaise * 1.18) / 100 };
  } else {
    const coupon = await (
      await request.post('/api/coupon/verify', { headers: auth(token), data: { code: 'NOCOST' } })
    ).json();
    data = { plan_id: plan._id, coupon_id: coupon.data.id, total: 0, sub_total: 0, gst: 0 };
  }
  const order = await request.post('/api/user-plan', { headers: auth(token), data });
  expect(order.ok(), await order.text()).toBe(true);
  if (paid) {
    const orderId = ((await order.json()) as { data: { payment: { order_id: string } } }).data
      .payment.order_id;
    const pay = await request.post('/api/payments/sandbox/pay', {
      headers: auth(token),
      data: { order_id: orderId, outcome: 'success' },
    });
    expect(pay.ok(), await pay.text()).toBe(true);
    const receipt = ((await pay.json()) as { data: Record<string, string> }).data;
    const verified = await request.post('/api/user-plan/verify', {
      headers: { ...auth(token), 'x-razorpay-signature': receipt.razorpay_signature! },
      data: {
        order_id: receipt.razorpay_order_id,
        payment_id: receipt.razorpay_payment_id,
        id: plan._id,
      },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  const current = await (
    await request.get('/api/user-plan/current', { headers: auth(token) })
  ).json();
  return (current as { data: { _id: string } }).data._id;
}

async function serverType(request: APIRequestContext, token: string): Promise<string> {
  const body = await (await request.get('/api/user/profile', { headers: auth(token) })).json();
  return (body as { data: ApiUser }).data.type;
}

test.describe('who may use the console', () => {
  test('a member who opens /admin is told it is for admins only', async ({ page }) => {
    const member = await freshMember(page);
    await signInBrowser(page, member);
    await page.goto('/admin/lessons');
    await expect(page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to my dashboard' })).toBeVisible();
    // The API refuses too, whatever the browser shows.
    const res = await page.request.get('/api/admin/lessons', { headers: auth(member.token) });
    expect(res.status()).toBe(403);
    await expectNoViolations(page);
  });

  test('a visitor without a login is sent to /login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("member pages never download the console's code", async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(await response.text().catch(() => ''));
      }
    });
    const member = await freshMember(page);
    await signInBrowser(page, member);
    await openApp(page, '/dashboard');
    await openApp(page, '/edit-profile');
    await openApp(page, '/');
    expect(scripts.length).toBeGreaterThan(0);
    // Every console request path starts with /api/admin/; no member page's code contains one.
    expect(scripts.filter((code) => code.includes('/api/admin/'))).toEqual([]);
    // Nor the console's route table, which names its layout's chunk: the router fetches it when
    // an /admin address is first opened.
    expect(scripts.filter((code) => /admin-shell-[\w-]+\.js/.test(code))).toEqual([]);
  });
});

test.describe('operator journeys', () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs(ADMIN);
  });

  test('adds a lesson with an exercise at 5 s; a premium member plays it to the exercise', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const title = `Breathing reset ${Date.now().toString(36)}`;
    await openConsole(page, '/admin/lessons/new', 'New lesson');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('Four slow breaths.');
    await page.getByLabel('Type', { exact: true }).selectOption('paid');
    await page.getByLabel('Day', { exact: true }).fill('1');
    await page.getByLabel('Video', { exact: true }).setInputFiles(SEED_VIDEO);
    // The length comes from the server, read from the file.
    await expect(page.getByText('Length: 0:18')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('video')).toHaveAttribute('src', /\/media\/admin\/videos\//);
    await page.getByRole('button', { name: 'Add an exercise' }).click();
    await page.getByLabel('Exercise 1: second').fill('5');
    await page.getByLabel('Exercise 1: questions').selectOption('sim-exercise-1');

    // The preview is the members' player: jumping to the moment pauses there and shows what
    // members are asked, without recording anything for the operator.
    await page.locator('video').evaluate((element: HTMLVideoElement) => {
      element.muted = true;
    });
    await page.getByRole('button', { name: '5 s: sim-exercise-1' }).click();
    const preview = page.getByRole('dialog', { name: 'Complete the Exercise!' });
    await expect(preview).toBeVisible({ timeout: 15_000 });
    await expect(preview.getByText('1. Smoking helps me handle stress.')).toBeVisible();
    expect(
      await page.locator('video').evaluate((element: HTMLVideoElement) => ({
        paused: element.paused,
        atMoment: element.currentTime >= 5 && element.currentTime < 6.5,
      })),
    ).toEqual({ paused: true, atMoment: true });
    await preview.getByRole('button', { name: 'Continue the video' }).click();
    await expect(preview).toBeHidden();
    await page.locator('video').evaluate((element: HTMLVideoElement) => element.pause());

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Lesson saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/lessons$/);
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

    const member = await freshMember(page);
    await buyPlan(page.request, member.token);
    try {
      type Listed = {
        _id: string;
        status: string;
        exercises: { time: number; route: string }[];
        lesson_details: { title: string; total_duration: number };
      };
      const dayOne = async () =>
        (
          (await (
            await page.request.get('/api/user-lesson?day=1', { headers: auth(member.token) })
          ).json()) as { data: Listed[] }
        ).data;
      // A new lesson is appended to its day locked (decision 015): it opens once everything
      // before it on day 1 is watched, as the member's list shows.
      const before = await dayOne();
      expect(before.find((l) => l.lesson_details.title === title)).toMatchObject({
        status: 'inactive',
        exercises: [{ time: 5, route: 'sim-exercise-1' }],
        lesson_details: { total_duration: 18 },
      });
      for (const earlier of before.filter((l) => l.lesson_details.title !== title)) {
        const viewed = await page.request.put(`/api/user-lesson/${earlier._id}`, {
          headers: auth(member.token),
          data: { is_viewed: true },
        });
        expect(viewed.ok(), await viewed.text()).toBe(true);
      }
      expect((await dayOne()).find((l) => l.lesson_details.title === title)?.status).toBe('active');

      // The member's player opens on it (the first lesson they have not watched) and plays it
      // until the exercise at 5 s stops the video and asks its questions.
      await signInBrowser(page, member);
      await openApp(page, '/dashboard');
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      const video = page.getByTestId('lesson-video');
      await video.evaluate(async (element: HTMLVideoElement) => {
        element.muted = true;
        element.playbackRate = 2;
        await element.play();
      });
      const exercise = page.getByRole('dialog', { name: 'Complete the Exercise!' });
      await expect(exercise).toBeVisible({ timeout: 15_000 });
      await expect(
        exercise.getByRole('radiogroup', { name: '1. Smoking helps me handle stress.' }),
      ).toBeVisible();
      const paused = await video.evaluate((element: HTMLVideoElement) => ({
        paused: element.paused,
        time: element.currentTime,
      }));
      expect(paused.paused).toBe(true);
      expect(paused.time).toBeGreaterThanOrEqual(5);
      expect(paused.time).toBeLessThan(7);
    } finally {
      // Retire it again so the other journeys see the programme as seeded.
      const { token } = await apiLogin(page.request, ADMIN);
      const lessons = await (
        await page.request.get('/api/admin/lessons', { headers: auth(token) })
      ).json();
      const created = (lessons.data as { _id: string; title: string }[]).find(
        (l) => l.title === title,
      );
      if (created) {
        await page.request.delete(`/api/admin/lessons/${created._id}`, { headers: auth(token) });
      }
    }
  });

  test('adds a notification setting members then find on their page, and deletes it', async ({
    page,
    browser,
  }) => {
    const name = `Email copies ${Date.now().toString(36)}`;
    await openConsole(page, '/admin/notification-settings', 'Notification settings');
    await page.getByRole('button', { name: 'New setting' }).click();
    const form = page.getByRole('dialog', { name: 'New setting' });
    await expectNoViolations(page);
    await form.getByLabel('Topic').selectOption('account');
    await form.getByLabel('Channel').selectOption('email');
    await form.getByLabel('Group').fill('Plans & Payments');
    await form.getByLabel('Setting', { exact: true }).fill(name);
    await form.getByLabel('Description').fill('Purchase and refund updates by email.');
    await form.getByLabel('On for users who have not chosen').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Notification setting saved.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Plans and payments');
    await expect(row).toContainText('On');

    const memberPage = await browser.newPage();
    try {
      const member = await freshMember(memberPage);
      await signInBrowser(memberPage, member);
      await openApp(memberPage, '/notifications');
      await expect(memberPage.getByRole('switch', { name })).toBeChecked();

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: `Delete Plans & Payments: ${name}` }).click();
      await expect(toast(page, 'Notification setting deleted.')).toBeVisible();
      await expect(row).toHaveCount(0);
      await memberPage.reload();
      await expect(
        memberPage.getByRole('switch', { name: 'WhatsApp updates' }).first(),
      ).toBeVisible();
      await expect(memberPage.getByRole('switch', { name })).toHaveCount(0);
    } finally {
      await memberPage.close();
    }
  });

  test('approves an Explore post; members then see it in the feed', async ({ page }) => {
    const member = await freshMember(page);
    const title = `Week one done ${Date.now().toString(36)}`;
    const upload = await page.request.post('/api/explore', {
      headers: auth(member.token),
      multipart: {
        title,
        image: { name: 'me.png', mimeType: 'image/png', buffer: solidPng(48, 48, [15, 118, 110]) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    await openConsole(page, '/admin/explore', 'Explore moderation');
    await page.getByRole('button', { name: `Approve ${title}` }).click();
    await expect(toast(page, 'Post approved; the uploader was told.')).toBeVisible();
    await expect(page.getByRole('button', { name: `Approve ${title}` })).toHaveCount(0);

    await signInBrowser(page, member);
    await openApp(page, '/explore');
    await expect(
      page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) }),
    ).toBeVisible();
  });

  test('approves a refund: the member is back on the free plan', async ({ page }) => {
    const member = await freshMember(page);
    const planId = await buyPlan(page.request, member.token, { paid: true });
    expect(await serverType(page.request, member.token)).toBe('premium');
    const asked = await page.request.put('/api/user-plan/request-refund', {
      headers: auth(member.token),
      data: { id: planId },
    });
    expect((await asked.json()).data.success).toBe(true);

    await openConsole(page, '/admin/refunds', 'Refunds');
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('button', { name: `Approve the refund of ${member.name}` })
      .first()
      .click();
    await expect(toast(page, 'Refund approved.')).toBeVisible();
    await expect.poll(() => serverType(page.request, member.token)).toBe('free');

    // The approval issued a GST credit note, downloadable from the refunded requests.
    await page.getByLabel('Show').selectOption({ label: 'Refunded' });
    const creditNote = page.getByRole('button', { name: /^Download credit note EXC\// }).first();
    await expect(creditNote).toBeVisible();
    const download = page.waitForEvent('download');
    await creditNote.click();
    expect((await download).suggestedFilename()).toMatch(/^credit-note-EXC-\d\d-\d\d-\d{6}\.pdf$/);

    await signInBrowser(page, member);
    await openApp(page, '/dashboard');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Pricing & Plans' }),
    ).toBeVisible();
  });

  test('every main console page passes axe', async ({ page }) => {
    // Twenty scans (pages and forms), each in full on a shared, busy machine.
    test.setTimeout(240_000);
    const pages: [string, string][] = [
      ['/admin', 'Metrics'],
      ['/admin/audit', 'Audit log'],
      ['/admin/lessons', 'Lessons'],
      ['/admin/lessons/new', 'New lesson'],
      ['/admin/questions', 'Questions'],
      ['/admin/plans', 'Plans'],
      ['/admin/coupons', 'Coupons'],
      ['/admin/live-sessions', 'Live sessions'],
      ['/admin/payments', 'Payments'],
      ['/admin/refunds', 'Refunds'],
      ['/admin/blogs', 'Blogs'],
      ['/admin/news', 'News & media'],
      ['/admin/quizzes', 'Quizzes'],
      ['/admin/quizzes/new', 'New quiz set'],
      ['/admin/explore', 'Explore moderation'],
      ['/admin/users', 'Users'],
      ['/admin/feedback', 'Lesson questions'],
      ['/admin/notification-settings', 'Notification settings'],
    ];
    for (const [path, heading] of pages) {
      await openConsole(page, path, heading);
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expectNoViolations(page);
    }
    // A user's progress page, reached from the search.
    await openConsole(page, '/admin/users', 'Users');
    await page.getByRole('searchbox', { name: 'Find users' }).fill('free@example.com');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: 'Ravi Kumar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SIM test attempts' })).toBeVisible();
    await expectNoViolations(page);
    // A form with the rich-text editor open.
    await openConsole(page, '/admin/blogs', 'Blogs');
    await page.getByRole('button', { name: 'New post' }).click();
    await expect(page.getByRole('toolbar', { name: 'Formatting for Content' })).toBeVisible();
    await expectNoViolations(page);
  });
});

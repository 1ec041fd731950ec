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

// Issue 7 (operator console): the journeys an operator makes at /admin, what members then see,
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
async function buyPlan(request: APIRequestContext, token: string): Promise<string> {
  const plans = (await (await request.get('/api/plan')).json()) as {
    data: { _id: string; duration: number }[];
  };
  const plan = plans.data.find((p) => p.duration !== 0)!;
  const coupon = await (
    await request.post('/api/coupon/verify', { headers: auth(token), data: { code: 'NOCOST' } })
  ).json();
  const order = await request.post('/api/user-plan', {
    headers: auth(token),
    data: { plan_id: plan._id, coupon_id: coupon.data.id, total: 0, sub_total: 0, gst: 0 },
  });
  expect(order.ok(), await order.text()).toBe(true);
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
  });
});

test.describe('operator journeys', () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs(ADMIN);
  });

  test('adds a lesson with an exercise at 5 s; a premium member finds it in their list', async ({
    page,
  }) => {
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
    await expect(page.getByRole('button', { name: '5 s: sim-exercise-1' })).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Lesson saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/lessons$/);
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

    const member = await freshMember(page);
    await buyPlan(page.request, member.token);
    try {
      const list = await (
        await page.request.get('/api/user-lesson?day=1', { headers: auth(member.token) })
      ).json();
      const lesson = (
        list.data as {
          status: string;
          exercises: { time: number; route: string }[];
          lesson_details: { title: string; total_duration: number };
        }[]
      ).find((l) => l.lesson_details.title === title);
      expect(lesson).toMatchObject({
        status: 'inactive',
        exercises: [{ time: 5, route: 'sim-exercise-1' }],
        lesson_details: { total_duration: 18 },
      });
      await signInBrowser(page, member);
      await openApp(page, '/dashboard');
      await expect(
        page.getByRole('button', { name: `${title} Locked`, exact: true }),
      ).toBeVisible();
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
    const planId = await buyPlan(page.request, member.token);
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

    await signInBrowser(page, member);
    await openApp(page, '/dashboard');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Pricing & Plans' }),
    ).toBeVisible();
  });

  test('every main console page passes axe', async ({ page }) => {
    // Sixteen pages, each scanned in full on a shared, busy machine.
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

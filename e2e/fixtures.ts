import { randomInt } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/** Password of every demo account (apps/api/src/db/seed/demo-users.ts). */
export const DEMO_PASSWORD = 'Exhale@2026';

export interface Account {
  email: string;
  password?: string;
}

/** Demo accounts the server seeds on a fresh data directory. */
export const freeUser = { email: 'free@example.com', name: 'Ravi Kumar' } as const;
export const premiumUser = { email: 'premium@example.com', name: 'Priya Sharma' } as const;

/** The user object as the API returns it (only the fields the journeys read). */
export interface ApiUser {
  _id: string;
  name: string;
  email: string;
  mobile: string | null;
  dob: number | null;
  gender: 'male' | 'female' | null;
  profile: string | null;
  type: 'free' | 'premium';
  step: number;
  current_day: number | null;
}

export interface Session {
  token: string;
  user: ApiUser;
}

async function expectOk<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${JSON.stringify(body)}`);
  }
  return body as T;
}

/** POST /api/auth/user/password-login. */
export async function apiLogin(
  request: APIRequestContext,
  { email, password = DEMO_PASSWORD }: Account,
): Promise<Session> {
  const body = await expectOk<{ token: string; data: ApiUser }>(
    await request.post('/api/auth/user/password-login', { data: { email, password } }),
  );
  return { token: body.token, user: body.data };
}

/**
 * Writes local storage for the app's origin without loading the app (and its splash): a stub
 * page is served on the origin, storage written, and the stub route removed again.
 */
export async function seedStorage(page: Page, entries: Record<string, string>): Promise<void> {
  const stub = '/__e2e_seed__';
  await page.route(`**${stub}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>seed</title>' }),
  );
  await page.goto(stub);
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
  await page.unroute(`**${stub}`);
}

/**
 * A real login through the API (POST /api/auth/user/password-login), stored the way the app's
 * own login stores it (authStore.setSession: 'token', 'user' and the persisted 'root').
 */
export async function loginAs(page: Page, account: Account): Promise<Session> {
  const session = await apiLogin(page.request, account);
  await seedStorage(page, {
    token: session.token,
    user: JSON.stringify(session.user),
    root: JSON.stringify({ user: session.user, isAuth: true }),
  });
  return session;
}

/** A fresh account's inputs: unique email and mobile, valid for every signup rule. */
export interface NewAccount {
  name: string;
  email: string;
  mobile: string;
  age: number;
  gender: 'male' | 'female';
  password: string;
}

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const unique = `${Date.now().toString(36)}${randomInt(36 ** 4).toString(36)}`;
  return {
    name: 'Meera Nair',
    email: `e2e-${unique}@example.com`,
    mobile: `7${String(randomInt(10 ** 9)).padStart(9, '0')}`,
    age: 31,
    gender: 'female',
    password: 'Quit@2026',
    ...overrides,
  };
}

/**
 * Registers a fresh account through POST /api/auth/user/register: at step 0 (first test pending),
 * or at step 1 as someone who took the landing test with `landingTestPoints`.
 */
export async function registerUser(
  request: APIRequestContext,
  overrides: Partial<NewAccount> = {},
  { landingTestPoints }: { landingTestPoints?: number } = {},
): Promise<NewAccount & Session> {
  const account = newAccount(overrides);
  const { age, ...rest } = account;
  const step =
    landingTestPoints === undefined ? { step: 0 } : { step: 1, total_points: landingTestPoints };
  const body = await expectOk<{ token: string; data: ApiUser }>(
    await request.post('/api/auth/user/register', { data: { ...rest, dob: age, ...step } }),
  );
  return { ...account, token: body.token, user: body.data };
}

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string | null;
  text: string;
  status: 'pending' | 'sent' | 'failed';
  created_at: string;
}

/** The local mailbox (GET /dev/outbox.json?to=…): the latest messages to `to`, newest first. */
export async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const body = await expectOk<{ data: OutboxMessage[] }>(
    await request.get('/dev/outbox.json', { params: { to } }),
  );
  return body.data;
}

/** Waits for the newest message to `to` that matches, and returns it. */
export async function waitForMessage(
  request: APIRequestContext,
  to: string,
  matches: (message: OutboxMessage) => boolean,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(request, to)).find(matches);
        return found !== undefined;
      },
      { message: `a message to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link to `path` in a message's text part (mails carry "Label: URL"). */
export function linkIn(message: OutboxMessage, path: string): string {
  const match = message.text.match(new RegExp(`https?://\\S+${path}\\?token=[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in: ${message.text}`);
  return match[0];
}

/** A fresh member past the first test (step 1), signed in, with the WhatsApp prompt skipped. */
export async function freshMember(page: Page): Promise<NewAccount & Session> {
  const account = await registerUser(page.request, {}, { landingTestPoints: 40 });
  await loginAs(page, account);
  await seedStorage(page, { whatsapp_hide: 'true' });
  return account;
}

/**
 * Opens a path and waits until the splash has gone and the page is usable. The main landmark is
 * found by id: under the /login and /signup dialogs it is hidden from the accessibility tree.
 */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('splash')).toBeHidden();
  await expect(page.locator('main#main')).toBeVisible();
}

/**
 * An in-app navigation (as a router link would do), for checks that need history inside the
 * single-page app without depending on which pages exist yet.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = Number((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `e2e${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL(path);
}

export const test = base.extend<{
  loginAs: (account: Account) => Promise<Session>;
  openApp: (path: string) => Promise<void>;
}>({
  loginAs: async ({ page }, use) => {
    await use((account) => loginAs(page, account));
  },
  openApp: async ({ page }, use) => {
    await use((path) => openApp(page, path));
  },
});

export { expect };

/**
 * The demo member the browser benchmarks sign in as (lighthouse.ts, main-thread.ts): the seeded
 * free user, through the API, with a quit date three days back.
 */
import type { Browser } from 'puppeteer-core';
import { addIstDays, istDateString } from '../../packages/contract/src/ist';

interface Storage {
  clear(): void;
  setItem(key: string, value: string): void;
}

/** Demo account the server seeds (apps/api/src/db/seed/demo-users.ts). */
const DEMO_LOGIN = { email: 'free@example.com', password: 'Exhale@2026' };

export async function callApi<T>(
  baseUrl: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const body = (await res.json().catch(() => null)) as T;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

const passwordLogin = (baseUrl: string) =>
  callApi<{ token: string; data: { step: number } }>(baseUrl, '/api/auth/user/password-login', {
    method: 'POST',
    body: JSON.stringify(DEMO_LOGIN),
  });

/**
 * Signs the demo free user in through the API and returns what the web app keeps in localStorage
 * after a login. The account starts with its first SIM test due, and /dashboard sends it to the
 * test; it takes the test first (the first option of every statement), as a new member would.
 * Then it sets a quit date three days back, so the dashboard measured is the one a member opens
 * every day after quitting: progress, milestones and the daily check-in card.
 */
export async function demoSession(baseUrl: string): Promise<Record<string, string>> {
  let session = await passwordLogin(baseUrl);
  if (session.data.step === 0) {
    const headers = { authorization: `Bearer ${session.token}` };
    const { next_event } = await callApi<{ next_event: number }>(baseUrl, '/api/user-answer', {
      headers,
    });
    const questions = await callApi<{ data: { _id: string; options: { point: number }[] }[] }>(
      baseUrl,
      `/api/question?event=${next_event}&limit=inf`,
      { headers },
    );
    const answers = questions.data.map((q) => ({ question_id: q._id, value: q.options[0]!.point }));
    await callApi(baseUrl, '/api/user-answer', {
      method: 'POST',
      headers,
      body: JSON.stringify({ answers }),
    });
    session = await passwordLogin(baseUrl);
  }
  await callApi(baseUrl, '/api/quit-plan', {
    method: 'PUT',
    headers: { authorization: `Bearer ${session.token}` },
    body: JSON.stringify({
      quit_date: addIstDays(istDateString(new Date()), -3),
      tobacco: [{ type: 'cigarette', per_day: 10, cost_per_day: 100 }],
      reasons: ['My family', 'My health'],
    }),
  });
  // As authStore.setSession stores it (apps/web/src/lib/auth-store.ts; e2e/fixtures.ts loginAs).
  return {
    token: session.token,
    user: JSON.stringify(session.data),
    root: JSON.stringify({ user: session.data, isAuth: true }),
    // The member has answered the WhatsApp prompt ('Skip this step') on an earlier visit: the
    // budget is for the dashboard itself, which members open every day, not for that one-off
    // dialog (the e2e journeys skip it the same way).
    whatsapp_hide: 'true',
  };
}

/**
 * Writes localStorage for the app's origin in a browser (or one of its contexts), from a page of
 * that origin that is not the app (robots.txt), so no app code runs. Lighthouse's storage reset
 * clears caches and service workers, not localStorage, so the session is there when it loads the
 * dashboard.
 */
export async function seedLocalStorage(
  browser: Pick<Browser, 'newPage'>,
  baseUrl: string,
  entries: Record<string, string>,
): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate((values) => {
      // Runs in the page; this package is typed for Node, without the DOM's globals.
      const storage = (globalThis as unknown as { localStorage: Storage }).localStorage;
      storage.clear();
      for (const [key, value] of Object.entries(values)) storage.setItem(key, value);
    }, entries);
  } finally {
    await page.close();
  }
}

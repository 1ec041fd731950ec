import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Journeys run against the real built app served by `npm start` on port 3100, with a fresh data
 * directory (embedded PostgreSQL, uploads) per run.
 *
 * E2E_BASE_URL + E2E_NO_SERVER=1 point the suite at a server you started yourself, e.g.
 * `npx vite preview --port 3100` in apps/web for layout-only work while the API is down.
 */
const noServer = process.env.E2E_NO_SERVER === '1';
// E2E_PORT lets several suites run side by side on one machine.
const port = process.env.E2E_PORT ?? '3100';
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

// Playwright evaluates this file again in every worker; the variable keeps it to one directory.
if (!noServer && !process.env.E2E_DATA_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exhale-e2e-'));
  // When run as root the embedded PostgreSQL runs as the `postgres` user, which must be able to
  // enter this directory; mkdtemp creates it owner-only.
  fs.chmodSync(dir, 0o755);
  process.env.E2E_DATA_DIR = dir;
}

// The push journey's local push service (tests/push-notifications.spec.ts) answers over HTTPS
// with this self-signed certificate, which the server trusts through NODE_EXTRA_CA_CERTS, as it
// would a real push service's (API.md "Real channels"). Made once, beside the data directory.
if (!noServer && !process.env.E2E_PUSH_TLS_DIR) {
  const dir = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'push-tls');
  fs.mkdirSync(dir, { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  process.env.E2E_PUSH_TLS_DIR = dir;
}

export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // axe judges what it sees: a toast caught mid-fade has too little contrast. A user who asks
    // for reduced motion gets toasts without the entry animation, so the scans see settled pages.
    reducedMotion: 'reduce',
    // The service worker downloads the whole app in the background; only the journey that tests
    // the installed app (installable.spec.ts) lets it run, so it never races another test.
    serviceWorkers: 'block',
    // Debian's Chromium, never a downloaded browser.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: noServer
    ? undefined
    : {
        command: 'node ../scripts/start.mjs',
        url: `http://127.0.0.1:${port}/api/healthz`,
        env: {
          PORT: port,
          DATA_DIR: process.env.E2E_DATA_DIR ?? '',
          NODE_ENV: 'test',
          // Every journey comes from the same address, faster than any person: the per-IP budgets
          // (20 sign-in requests and 300 requests of any kind, page assets included, per minute)
          // would throttle the suite, not a user.
          AUTH_RATE_LIMIT_MAX: '1000',
          RATE_LIMIT_MAX: '20000',
          NODE_EXTRA_CA_CERTS: path.join(process.env.E2E_PUSH_TLS_DIR ?? '', 'cert.pem'),
        },
        reuseExistingServer: false,
        timeout: 180_000,
        // The server logs every request; its errors (including a failed build) go to stderr.
        stdout: 'ignore',
        stderr: 'pipe',
      },
});

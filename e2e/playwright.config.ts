import { defineConfig, devices } from '@playwright/test';
import { DEFAULT_COUNCIL_TIME_ZONE } from '../packages/contracts/src/council-time';
import { E2E_ADMIN, E2E_DEMO_PASSWORD } from './support/accounts';
import { E2E_DATA_DIR } from './support/database';
import { E2E_SMTP_PORT } from './support/smtp';

const port = Number(process.env.E2E_PORT ?? 3999);

/**
 * Debian's Chromium (never a downloaded one) in its headless build, the `chromium-headless-shell`
 * package: the same Blink as /usr/bin/chromium without the desktop browser around it, as Playwright
 * itself runs headless tests. The whole e2e run took 546 s with it against 834 s with the full browser
 * (both cores busy either way); CHROMIUM_PATH picks another binary.
 */
const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../.tmp/e2e-results',
  fullyParallel: true,
  // Two, one per core: the run is CPU-bound (the whole e2e run took 527 s with two workers and 573 s
  // with three, both cores 91 % and 96 % busy, `npx playwright test --workers N` one after the other).
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Whole scenarios (log in, fill a form, upload, check the public page) on a 2-core CI machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  // The run's SMTP server, which every spec reads (support/smtp.ts).
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-AR',
    // The browser lives where the council does, so that what it shows can be compared with the council's calendar.
    timezoneId: DEFAULT_COUNCIL_TIME_ZONE,
    // No trace unless asked for (E2E_TRACE=retain-on-failure, or --trace on the command line): recording
    // one for every test, kept or not, cost a quarter of the browser-heavy specs' time (keyboard and cm:
    // 90-107 s with it, 68-76 s without, `npx playwright test keyboard.spec.ts cm.spec.ts` run twice
    // each way; the whole run: 546 s with, 527 s without). A failure still keeps its screenshot and
    // Playwright's error context (the page's accessibility tree at the failure).
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
      testMatch: ['**/navigation.spec.ts', '**/accessibility.spec.ts', '**/home.spec.ts', '**/public-digest.spec.ts'],
    },
  ],
  webServer: {
    // A fresh data folder each run: a new embedded PostgreSQL with the demo accounts.
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEMO_DATA: 'true',
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      // Not 'production': a production start refuses the demo accounts the suite logs in with.
      NODE_ENV: 'test',
      // The run's real SMTP server (support/global-setup.ts), whose messages the specs read.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});

import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/support/chromium';

const DATABASE_LEG_SPECS = [
  'checkout',
  'konbini',
  'lottery',
  'waitlist',
  'wallet',
  'scanner',
  'passes',
  'passRenewal',
  'receipts',
  'zzBooks',
];

const PORT = Number(process.env.E2E_PORT ?? 4173);
// Set once by the runner's process and inherited by its workers, which load this file again under another pid.
process.env.E2E_DATA_DIR ??= `.data-test/e2e-${process.pid}`;
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  // CI's PostgreSQL leg (scripts/test.sh, TEST_DATABASE_LEG=1) repeats in the browser only the flows whose server
  // side writes money, stock, tickets and scans (the integration tests cover every service on PostgreSQL); pages,
  // layout, axe sweeps, identity and the gate's offline code ran in the first leg and do not depend on the database.
  ...(process.env.TEST_DATABASE_LEG === '1'
    ? { testMatch: DATABASE_LEG_SPECS.map((name) => `**/${name}.spec.ts`) }
    : {}),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    launchOptions: CHROMIUM,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 390, height: 844 },
    trace: 'off',
  },
  webServer: {
    // The built app (npm test builds before the browser tests) on its own fresh database, with a real SMTP
    // sink whose mails the tests read, and the local OpenID Connect provider on PORT+1.
    command: 'node --import tsx e2e/support/serve.ts',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The browser tests pay at the sandboxes and sign in through the local OpenID provider.
      DEMO: 'true',
      PUBLIC_URL: `http://localhost:${PORT}`,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});

import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the whole running stack (`npm start` on a fresh data folder, its own
 * port), in Debian's Chromium (docs/notes/frontend.md).
 */
const port = Number(process.env.E2E_PORT ?? 8091);
const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/ciffc-e2e-data';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
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
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx scripts/start.ts`,
    cwd: '..',
    url: `http://localhost:${port}/gateway/health`,
    // Many sign-ins a minute from one address: lift the login rate limit for this test stack only.
    env: { PORT: String(port), DATA_DIR: dataDir, AUTH_RATELIMIT_MAX: '1000' },
    timeout: 600_000,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});

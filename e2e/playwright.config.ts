import { defineConfig } from '@playwright/test';
import { E2E_PORT, E2E_STACK } from './stack.ts';

/**
 * Browser tests against the whole running stack (`npm start` on a fresh data folder, its own
 * port: ./stack.ts), in Debian's Chromium (docs/notes/frontend.md). `npm test` starts that stack
 * beforehand and sets E2E_REUSE=1; run alone, Playwright starts it.
 *
 * The browser is Debian's headless build of Chromium (`chromium-headless-shell`, the same version as
 * its `chromium`): the same engine without the browser's interface, at about half the CPU for the
 * same tests (docs/decisions.md, "Browser tests in Chromium's headless build"). The benchmarks of
 * bench/ measure the full `chromium`, as a reader's browser.
 */

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
  // One folder per stack, so two runs on other ports do not delete each other's traces.
  outputDir: `../test-results/port-${E2E_PORT}`,
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  webServer: {
    command: E2E_STACK.command,
    cwd: '..',
    url: E2E_STACK.healthUrl,
    env: E2E_STACK.env,
    timeout: 600_000,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});

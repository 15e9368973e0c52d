/**
 * The browser tests' stack: `npm start` on a fresh data folder and its own port. Written once for
 * the Playwright configuration (which starts it when nothing answers) and for `npm test` (which
 * starts it beside the other suites, so its start-up is off the run's critical path).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/ciffc-e2e-data';

export const E2E_STACK = {
  command: `rm -rf ${dataDir} && npx tsx scripts/start.ts`,
  healthUrl: `http://localhost:${E2E_PORT}/gateway/health`,
  // Many sign-ins a minute from one address: lift the login rate limit for this test stack only.
  env: { PORT: String(E2E_PORT), DATA_DIR: dataDir, AUTH_RATELIMIT_MAX: '1000' },
};

/**
 * `BASE_URL=http://localhost:8101 SAMPLES=20 npx tsx bench/keystroke-save.ts`: the time from the
 * last keystroke in an agency sitrep field to the server's answer to the save carrying it,
 * against a running stack with demo data (`npm start`, or an e2e stack).
 *
 * In Debian's Chromium, as e2e/playwright.config.ts runs it, signed in as AGENCY (default `mb`):
 *   - blur: type a new value in `a_oth`, leave the field and stay; the editing engine queues it and
 *     the 5-second tick sends it (data-entry.md 4.3), so up to about 5 s is expected; each sample
 *     starts at a random moment of the tick;
 *   - leave: type, leave the field and click Overview at once; the route change sends it.
 * A sample ends when the POST whose body holds the new value is answered 200 (the version is then
 * saved). Prints each mode's p50, p99 and maximum; bounded by SAMPLES per mode.
 */
import { DEMO_PASSWORD } from '@ciffc/contracts';
import { type Browser, chromium, type Page } from '@playwright/test';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8101';
const SAMPLES = Number(process.env.SAMPLES ?? 20);
const AGENCY = process.env.AGENCY ?? 'mb';
const FIELD = 'a_oth';
/** The editing engine's tick (data-entry.md 4.3). */
const TICK_MS = 5000;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function signIn(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 } });
  page.on('dialog', (d) => void d.accept());
  await page.goto('/login');
  await page.getByLabel(/^Username/).fill(AGENCY);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/agency/);
  return page;
}

/** Opens the sitrep in editing mode (claiming it when this user does not hold it yet). */
async function openEditing(page: Page): Promise<void> {
  await page.goto(`/agency/sitrep/${AGENCY}`);
  const buttons = page.getByRole('button', { name: /^(Start Editing|Pause Edit)$/ });
  await buttons.first().waitFor();
  const start = page.getByRole('button', { name: 'Start Editing' });
  if (await start.isVisible()) await start.click();
  await page.getByRole('button', { name: 'Pause Edit' }).waitFor();
}

/** One sample: ms from the last keystroke to the answer of the save that carries `value`. */
async function sample(page: Page, value: number, leave: boolean): Promise<number> {
  const answered = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      r.url().includes(`/v1/sitrep/agency?agency=${AGENCY}`) &&
      (r.request().postData() ?? '').includes(`"${FIELD}":${value}`),
    { timeout: 20_000 },
  );
  const field = page.locator(`input[name="${FIELD}"]`);
  await field.fill('');
  const text = String(value);
  await field.pressSequentially(text.slice(0, -1));
  const typedAt = performance.now();
  await field.press(text.slice(-1));
  await field.blur();
  if (leave) await page.getByRole('link', { name: 'Overview' }).first().click();
  const response = await answered;
  const ms = performance.now() - typedAt;
  if (response.status() !== 200) throw new Error(`save answered ${response.status()}`);
  return ms;
}

async function run(page: Page, leave: boolean, first: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    if (leave || i === 0) await openEditing(page);
    // A person types at any moment of the 5 s tick: without this pause every sample would start
    // just after the previous tick's save and wait the whole period.
    else await page.waitForTimeout(Math.random() * TICK_MS);
    times.push(await sample(page, first + i, leave));
  }
  return times.sort((a, b) => a - b);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await signIn(browser);
  // Values of this run only, so that every sample is a change.
  const base = 1000 + (Date.now() % 7000);
  for (const [mode, leave] of [
    ['blur', false],
    ['leave', true],
  ] as const) {
    const times = await run(page, leave, leave ? base + SAMPLES : base);
    console.log(
      `${mode}: n=${times.length} p50=${percentile(times, 50).toFixed(0)} ms p99=${percentile(times, 99).toFixed(0)} ms max=${(times.at(-1) ?? 0).toFixed(0)} ms`,
    );
  }
  await openEditing(page);
  await page.getByRole('button', { name: 'Pause Edit' }).click();
  await page.getByRole('button', { name: 'Start Editing' }).waitFor();
} finally {
  await browser.close();
}

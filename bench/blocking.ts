/**
 * `BASE_URL=http://localhost:8105 npx tsx bench/blocking.ts`: how long the main thread is blocked
 * while the four main public pages load, beside bench/first-load.ts (which times the map).
 *
 * Each page is loaded cold (a new browser context per run) in Debian's Chromium, in the profiles of
 * bench/browser.ts (a laptop; a phone with 4x CPU slowdown and a 4G-like network). From the first
 * contentful paint until the page has been quiet (no long task and no request) for QUIET_MS, it
 * sums Total Blocking Time as Lighthouse defines it (each long task's time beyond 50 ms) and reports
 * the long tasks' count and the longest. Medians of RUNS runs. Throttling here is applied, not
 * simulated as Lighthouse's default is, so the figures are of the same kind as a phone's, not equal
 * to Lighthouse's.
 */
import type { Browser } from '@playwright/test';
import { emulateProfile, launchChromium, PROFILES, type Profile } from './browser.ts';
import { median } from './lib.ts';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8105';
const RUNS = Number(process.env.RUNS ?? 3);
const QUIET_MS = Number(process.env.QUIET_MS ?? 3000);
const PAGES = (process.env.PAGES ?? '/,/national,/situation,/statistics').split(',');

interface Run {
  fcp: number;
  tbt: number;
  longTasks: number;
  longest: number;
}

/** Collects long tasks and the first contentful paint from the first paint on (buffered). */
const OBSERVERS = `
  window.__longTasks = []; window.__fcp = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries())
    if (e.name === 'first-contentful-paint') window.__fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
`;

async function run(browser: Browser, profile: Profile, path: string): Promise<Run> {
  const context = await browser.newContext({ viewport: profile.viewport, isMobile: profile.mobile });
  const page = await context.newPage();
  await emulateProfile(context, page, profile);
  await page.addInitScript({ content: OBSERVERS });
  let lastActivity = Date.now();
  page.on('request', () => {
    lastActivity = Date.now();
  });
  page.on('requestfinished', () => {
    lastActivity = Date.now();
  });
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'load', timeout: 120_000 });
  let tasks = 0;
  for (;;) {
    await page.waitForTimeout(250);
    const now = await page.evaluate<number>('window.__longTasks.length');
    if (now !== tasks) {
      tasks = now;
      lastActivity = Date.now();
    }
    if (Date.now() - lastActivity >= QUIET_MS) break;
  }
  const { fcp, longTasks } = await page.evaluate<{ fcp: number; longTasks: [number, number][] }>(
    '({ fcp: window.__fcp, longTasks: window.__longTasks })',
  );
  await context.close();
  const after = longTasks.filter(([start, duration]) => start + duration > fcp);
  return {
    fcp,
    tbt: after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
    longTasks: after.length,
    longest: Math.max(0, ...after.map(([, duration]) => duration)),
  };
}

const browser = await launchChromium();
try {
  for (const profile of PROFILES) {
    for (const path of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await run(browser, profile, path));
      const m = (pick: (r: Run) => number) => Math.round(median(runs.map(pick)));
      console.log(
        `${profile.name} ${path}: TBT ${m((r) => r.tbt)} ms (runs ${runs.map((r) => Math.round(r.tbt)).join(', ')}), ` +
          `${m((r) => r.longTasks)} long tasks, longest ${m((r) => r.longest)} ms, FCP ${m((r) => r.fcp)} ms`,
      );
    }
  }
} finally {
  await browser.close();
}

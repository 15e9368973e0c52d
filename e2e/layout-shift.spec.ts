import { expect, test } from '@playwright/test';
import { PUBLIC_ROUTES } from './support.ts';

/**
 * No page jumps while it loads (docs/notes/frontend.md, "Measuring pages"): the layout shift of
 * every public route, summed from a PerformanceObserver without recent input, read once the
 * network is idle and 1.5 s later, at Lighthouse's desktop size, a laptop and a phone, in English
 * and French. The bound is the "good" layout shift of Web Vitals halved: 0.05.
 */
const SIZES = [
  { width: 1350, height: 940 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
const MAX_SHIFT = 0.05;

const OBSERVE_SHIFTS = `
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

test.describe('layout shift of the public pages', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const locale of ['en', 'fr'] as const) {
    for (const size of SIZES) {
      test(`every public route at ${size.width}×${size.height} (${locale})`, async ({ browser }) => {
        test.setTimeout(180_000);
        const shifts: string[] = [];
        for (const path of PUBLIC_ROUTES) {
          // A new context per page: a first visit, nothing cached from the page before.
          const context = await browser.newContext({ viewport: size });
          const page = await context.newPage();
          await page.addInitScript({ content: OBSERVE_SHIFTS });
          if (locale === 'fr')
            await page.addInitScript({ content: "localStorage.setItem('ciffc.locale', 'fr')" });
          await page.goto(path, { waitUntil: 'networkidle' });
          await page.waitForTimeout(1500);
          const shift = await page.evaluate<number>('window.__shift');
          if (shift > MAX_SHIFT) shifts.push(`${path}: ${shift.toFixed(3)}`);
          await context.close();
        }
        expect(shifts).toEqual([]);
      });
    }
  }
});

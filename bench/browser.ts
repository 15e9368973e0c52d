/**
 * What the browser benchmarks share: the first-load profiles and Debian's Chromium launched as
 * e2e/playwright.config.ts does it, with software WebGL (--disable-gpu).
 */
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';

export interface Profile {
  name: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  cpuSlowdown: number;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

/** A laptop, and a phone: 390 × 844, 4x CPU, 9 Mbit/s down, 1.5 Mbit/s up, 150 ms. */
export const PROFILES: Profile[] = [
  { name: 'laptop', viewport: { width: 1366, height: 900 }, mobile: false, cpuSlowdown: 1 },
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    mobile: true,
    cpuSlowdown: 4,
    network: { latency: 150, downloadThroughput: (9e6 / 8) | 0, uploadThroughput: (1.5e6 / 8) | 0 },
  },
];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

/** The profile's CPU slowdown and network on a page of `context` (through the DevTools protocol). */
export async function emulateProfile(context: BrowserContext, page: Page, profile: Profile): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  if (profile.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  }
}

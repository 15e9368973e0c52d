import { beforeAll, expect, it, vi } from 'vitest';
import { forEachEngine, type TestContext } from '../../test/context.ts';
import { fire } from '../../test/fixtures.ts';
import { upsertFires } from '../fires/store.ts';
import { PAGES_AHEAD, readAheadRunning } from './read-ahead.ts';

/** 1,100 fires: GDAL's first page of 10, then pages of 1,000 (1,000 and 90). */
const FIRES = Array.from({ length: 1_100 }, (_, i) =>
  fire({ agency_fire_id: `RA-${String(i).padStart(4, '0')}`, situation_report_date: '2026-07-10' }),
);

const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });
const idle = (ctx: TestContext) =>
  vi.waitFor(() => expect(readAheadRunning(ctx.app)).toBe(false), { timeout: 10_000, interval: 10 });
const nextOf = (body: { links: { rel: string; href: string }[] }) => {
  const href = body.links.find((l) => l.rel === 'next')?.href;
  return href && `${new URL(href).pathname}${new URL(href).search}`;
};

forEachEngine('OGC read-ahead of the pages a GIS client reads next', (ctx) => {
  beforeAll(async () => {
    await upsertFires(ctx().app.db.kysely, FIRES);
  });

  it('builds the next two pages while GDAL reads its first, so it finds both built', async () => {
    expect(PAGES_AHEAD).toBe(2);
    const cache = ctx().app.responseCache;
    await idle(ctx());
    const first = await get(ctx(), '/v1/ogc/collections/fires/items?limit=10');
    expect(first.statusCode).toBe(200);
    const built = cache.misses;
    // Both pages after this one, one after the other, without the client asking.
    await vi.waitFor(
      () => {
        expect(cache.misses).toBe(built + 2);
        expect(readAheadRunning(ctx().app)).toBe(false);
      },
      { timeout: 10_000, interval: 10 },
    );
    const second = nextOf(first.json());
    expect(second).toMatch(/limit=1000&offset=10$/);
    const page2 = await get(ctx(), second ?? '');
    expect(page2.json().numberReturned).toBe(1_000);
    await idle(ctx());
    const third = nextOf(page2.json());
    expect(third).toMatch(/limit=1000&offset=1010$/);
    const page3 = await get(ctx(), third ?? '');
    expect(page3.json().numberReturned).toBe(90);
    expect(nextOf(page3.json())).toBeUndefined();
    await idle(ctx());
    // Neither page the client read had to be built for it.
    expect(cache.misses).toBe(built + 2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, forEachEngine } from '../../test/context.ts';

forEachEngine('GET /v1/health', (ctx) => {
  it('reports the database engine, that it answers, and whether the content system answers', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.database).toMatchObject({ engine: ctx().engine, reachable: true });
    expect(body.content_system.reachable).toBe(ctx().cms !== null);
    expect(body.status).toBe(ctx().cms ? 'ok' : 'degraded');
  });

  it("does not show the content system's internal address", async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/v1/health' });
    expect(Object.keys(res.json().content_system).sort()).toEqual(['latency_ms', 'reachable']);
    expect(res.body).not.toContain(ctx().app.config.cmsUrl);
  });
});

describe.each(engines)('GET /v1/health when the database does not answer [%s]', (engine) => {
  let context: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    context = await createTestContext(engine);
    // The app's real connection (pool or file handle) is closed under it, as when the database goes away.
    await context.app.db.close();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('answers 503 with status "down" and database.reachable false', async () => {
    const res = await context.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBe('5');
    const body = res.json();
    expect(body.status).toBe('down');
    expect(body.database).toMatchObject({ engine, reachable: false });
  });
});

import { expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';

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
});

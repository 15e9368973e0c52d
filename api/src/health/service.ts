import type { Db } from '../db/index.ts';

async function timed(check: () => Promise<unknown>): Promise<{ reachable: boolean; latency_ms: number }> {
  const start = performance.now();
  try {
    await check();
    return { reachable: true, latency_ms: Math.round(performance.now() - start) };
  } catch {
    return { reachable: false, latency_ms: Math.round(performance.now() - start) };
  }
}

/**
 * GET /v1/health: down without the database, degraded without the content system (the public
 * reads still answer), ok with both.
 */
export async function healthOf(db: Db, cmsUrl: string) {
  const [database, contentSystem] = await Promise.all([
    timed(() => db.ping()),
    // Strapi answers 204 on /_health; any HTTP answer within the timeout counts as reachable.
    timed(() => fetch(`${cmsUrl}/_health`, { signal: AbortSignal.timeout(1_500) })),
  ]);
  const status: 'ok' | 'degraded' | 'down' = !database.reachable
    ? 'down'
    : contentSystem.reachable
      ? 'ok'
      : 'degraded';
  return { status, database: { engine: db.engine, ...database }, content_system: contentSystem };
}

import type { FastifyInstance } from 'fastify';
import { withSeedLock } from './db/seed-lock.ts';
import { seedDemo } from './fires/demo.ts';

/**
 * Demo mode at start (`CIFFC_DEMO=1`): the fires and history first, then `ready()` runs the
 * domains' own seeding hooks. Every step holds the seeding lock, so several instances may start
 * together on an empty database.
 */
export async function seedDemoAtStart(app: FastifyInstance): Promise<{ fires: number; historical: number }> {
  const seeded = await withSeedLock(app.db, () => seedDemo(app.db, { now: app.config.now() }));
  await app.ready();
  return seeded;
}

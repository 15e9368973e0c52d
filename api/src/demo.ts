import type { FastifyInstance } from 'fastify';
import { seedAgencySitrepDemo } from './agency-sitrep/demo.ts';
import { withSeedLock } from './db/seed-lock.ts';
import { seedDemo } from './fires/demo.ts';
import { seedNationalDemo } from './national-sitrep/demo.ts';
import { seedPerimeterDemo } from './perimeters/demo.ts';

/**
 * Demo mode at start (`CIFFC_DEMO=1`), the one entry point of demo seeding: the fires and history
 * first, then the perimeters of the large active fires, then the agency reports (their fire statistics come from those fires), then the published
 * national reports of the archive and /situation. Every step is idempotent and holds the seeding
 * lock, so several instances may start together on an empty database (docs/decisions.md).
 */
export async function seedDemoAtStart(
  app: FastifyInstance,
): Promise<{ fires: number; historical: number; perimeters: number; nationalReports: number }> {
  const seeded = await withSeedLock(app.db, () => seedDemo(app.db, { now: app.config.now() }));
  const perimeters = await withSeedLock(app.db, () => seedPerimeterDemo(app.db, { now: app.config.now() }));
  await app.ready();
  await withSeedLock(app.db, () => seedAgencySitrepDemo(app.db.kysely, app.config.now()));
  const nationalReports = await withSeedLock(app.db, () =>
    seedNationalDemo(app.db, { now: app.config.now() }),
  );
  return { ...seeded, perimeters, nationalReports };
}

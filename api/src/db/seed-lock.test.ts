/**
 * Two instances started together in demo mode on one empty PostgreSQL database. Without
 * the seeding lock one crashed on a duplicate key (historical_yearly_pk) and both seeded the fires.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../test/postgres.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemoAtStart } from '../demo.ts';

describe('demo seeding with two instances at once [postgres]', () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `ciffc_seed_${randomBytes(5).toString('hex')}`;
  const apps: FastifyInstance[] = [];

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('both start, and the data is seeded once', { timeout: 120_000 }, async () => {
    const url = await createDatabase(adminUrl, name);
    const start = async () => {
      const config = loadConfig(
        { NODE_ENV: 'test' },
        { databaseUrl: url, jwtSecret: 'seed-test', cmsUrl: 'http://127.0.0.1:9', demo: true },
      );
      const app = await buildApp({ config, migrate: true });
      apps.push(app);
      return seedDemoAtStart(app);
    };
    const results = await Promise.allSettled([start(), start()]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const app = apps[0] as FastifyInstance;
    const count = async (table: string) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(app.db.kysely))
          .rows[0]?.n,
      );
    // One instance seeded, the other found the work done.
    const seeded = results.map((r) => (r.status === 'fulfilled' ? r.value.fires : -1)).sort((x, y) => x - y);
    expect(seeded[0]).toBe(0);
    expect(seeded[1]).toBeGreaterThan(0);
    expect(await count('fires')).toBe(seeded[1]);
  });
});

import { sql } from 'kysely';
import type { Db } from './index.ts';

/** Any fixed number: the advisory lock every instance of this API takes to seed demo data. */
const DEMO_SEED_LOCK = 0x0c1ffc;

let sqliteQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `seed` while holding the demo-seeding lock, so instances started together on an empty
 * database seed one after the other; each seed then finds the work done and skips it (two
 * instances at once crashed on a duplicate key and both seeded the fires). PostgreSQL: a
 * session advisory lock on a connection of its own (the seed writes through the others, so the
 * pool needs 2). SQLite serves one instance (one file, one process): a queue in this process.
 */
export async function withSeedLock<T>(db: Db, seed: () => Promise<T>): Promise<T> {
  if (db.engine !== 'postgres') {
    const run = sqliteQueue.then(seed, seed);
    sqliteQueue = run.catch(() => {});
    return run;
  }
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(DEMO_SEED_LOCK)})`.execute(connection);
    try {
      return await seed();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(DEMO_SEED_LOCK)})`.execute(connection);
    }
  });
}

import { sql } from 'kysely';
import type { Db } from './index.ts';

/**
 * The database's clock, read from this process: several instances must agree on when a claim
 * expires and on "today" (part of the ETag), so they all take the time from the one database.
 * The offset to the local clock is measured at start and refreshed every minute; `now()` stays
 * synchronous for the routes.
 */
export class DbClock {
  private offsetMs = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {}

  /** Measures the offset once (half the round trip is taken as the query's own delay). */
  async sync(): Promise<number> {
    const before = Date.now();
    const databaseMs = await this.readDatabaseMs();
    const after = Date.now();
    this.offsetMs = databaseMs - (before + after) / 2;
    return this.offsetMs;
  }

  private async readDatabaseMs(): Promise<number> {
    if (this.db.engine === 'postgres') {
      // clock_timestamp(): the time now, not the start of the transaction.
      const row = await sql<{
        ms: number;
      }>`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`
        .execute(this.db.kysely)
        .then((r) => r.rows[0]);
      return Number(row?.ms);
    }
    const row = await sql<{ ms: number }>`select (julianday('now') - 2440587.5) * 86400000.0 as ms`
      .execute(this.db.kysely)
      .then((r) => r.rows[0]);
    return Number(row?.ms);
  }

  /** Re-measures every `everyMs` until `stop()`; a failed measure keeps the last offset. */
  start(everyMs = 60_000): void {
    this.timer = setInterval(() => this.sync().catch(() => {}), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  readonly now = (): Date => new Date(Date.now() + this.offsetMs);

  get offset(): number {
    return this.offsetMs;
  }
}

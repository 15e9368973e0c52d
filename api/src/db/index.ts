import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// COUNT(*) is int8 and AVG/SUM of integers are numeric in PostgreSQL, which pg returns as strings;
// every count here fits a double, and the SQLite engine already answers numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface DbOptions {
  databaseUrl?: string | undefined;
  sqliteFile: string;
  poolSize?: number;
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      engine: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(kysely);
      },
      close: () => kysely.destroy(),
    };
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const database = new SQLite(options.sqliteFile);
  // WAL lets readers run beside the one writer; busy_timeout waits for a lock instead of failing.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return {
    kysely,
    engine: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}

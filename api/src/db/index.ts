import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { SqliteReadsDialect } from './sqlite-reads.ts';
import type { Database } from './tables.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * A small read of committed rows by a query kept prepared: the data version read of every cached
   * public answer, where Kysely's driver (a mutex, async hops and, on SQLite, a `prepare` per
   * execution) cost about a fifth of the request (docs/performance.md). SQLite: synchronous, on a
   * second, read-only connection, which sees only committed data, so a read never sees another
   * request's transaction in flight. PostgreSQL: a named prepared statement on the pool. Undefined
   * on in-memory SQLite (tests): use Kysely there.
   */
  readPrepared?: <R>(query: string, parameters: readonly unknown[]) => R[] | Promise<R[]>;
  /**
   * SQLite in a file: its name, for another connection to it (a worker thread's, docs/decisions.md,
   * "Large imports off the request thread"), and `holdWriter`, which runs `work` while this
   * connection's writer is held, for a long write made on that other connection: the process's
   * other writes wait for it without blocking the thread; its reads go on beside it (WAL).
   * Undefined on PostgreSQL and in-memory SQLite.
   */
  sqliteFile?: { name: string; holdWriter<T>(work: () => Promise<T>): Promise<T> };
  /** PostgreSQL: the pool's connections now (the metrics, metrics/metrics.ts). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A server that is away answers no connect at all (a cut network, a failover): the request
      // gets its 503 after 5 s instead of waiting for the OS's TCP timeout.
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    // Nor a client checked out (inside a query or a transaction): pg emits 'error' on the client
    // itself then (57P01 on a restart, ECONNRESET on a cut), and the pool listens only to idle
    // ones. The query in flight fails with the error (503 to its request) and the pool drops the
    // broken client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      engine: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(kysely);
      },
      readPrepared: sharedReads(
        async (query, parameters) =>
          (await pool.query({ name: statementName(query), text: query, values: [...parameters] })).rows,
      ),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: options.poolSize ?? 10,
      }),
      close: () => kysely.destroy(),
    };
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const database = openSqlite(options.sqliteFile);
  // A file: plain SELECTs on a read-only connection beside the writer (sqlite-reads.ts).
  const file = options.sqliteFile === ':memory:' ? undefined : options.sqliteFile;
  const dialect = file ? new SqliteReadsDialect(database, file) : new SqliteDialect({ database });
  const kysely = new Kysely<Database>({ dialect });
  const reader = file ? committedReader(file) : undefined;
  return {
    kysely,
    engine: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    ...(reader && { readPrepared: reader.read }),
    ...(file &&
      dialect instanceof SqliteReadsDialect && {
        sqliteFile: { name: file, holdWriter: (work) => dialect.holdWriter(work) },
      }),
    close: async () => {
      reader?.close();
      await kysely.destroy();
    },
  };
}

/** A connection to a SQLite database with the settings every connection of the API uses. */
export function openSqlite(file: string): SQLite.Database {
  const database = new SQLite(file);
  // WAL lets readers run beside the one writer; busy_timeout waits for a lock instead of failing.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  return database;
}

type Read = (query: string, parameters: readonly unknown[]) => Promise<unknown[]>;

/**
 * Identical reads share one round trip, but only one *sent after* the caller asked: the first
 * caller of a read sends it at the end of this turn of the event loop (setImmediate), and every
 * caller of the same turn shares it; a caller arriving once it is sent (so maybe after a commit it
 * must see) starts the next one. Each caller thus gets rows read after it asked, the freshness of
 * one read per request, while 50 concurrent public reads cost one read per turn instead of 50.
 * Reads of successive turns may be on their way at once (on different pool connections): waiting
 * for the previous one to finish cost a round trip of latency at p99 (docs/decisions.md, "data
 * version"). A sent read's failure reaches only its own callers.
 */
export function sharedReads(run: Read): <R>(query: string, parameters: readonly unknown[]) => Promise<R[]> {
  const joinable = new Map<string, Promise<unknown[]>>();
  return <R>(query: string, parameters: readonly unknown[]) => {
    const key = parameters.length ? `${query}\u0000${JSON.stringify(parameters)}` : query;
    let read = joinable.get(key);
    if (!read) {
      read = new Promise<unknown[]>((resolve, reject) =>
        setImmediate(() => {
          joinable.delete(key);
          // A throw here would escape to the event loop and end the process.
          try {
            run(query, parameters).then(resolve, reject);
          } catch (error) {
            reject(error);
          }
        }),
      );
      joinable.set(key, read);
    }
    return read as Promise<R[]>;
  };
}

/** A stable name per query text: pg prepares a named statement once per connection. */
const statementNames = new Map<string, string>();
function statementName(query: string): string {
  let name = statementNames.get(query);
  if (!name) {
    name = `ciffc_read_${statementNames.size + 1}`;
    statementNames.set(query, name);
  }
  return name;
}

/** The read-only connection of `readPrepared`, opened at its first read, statements kept. */
function committedReader(file: string) {
  let connection: SQLite.Database | undefined;
  const statements = new Map<string, SQLite.Statement>();
  return {
    read: <R>(query: string, parameters: readonly unknown[]): R[] => {
      connection ??= new SQLite(file, { readonly: true, fileMustExist: true });
      let statement = statements.get(query);
      if (!statement) {
        statement = connection.prepare(query);
        statements.set(query, statement);
      }
      return statement.all(...parameters) as R[];
    },
    close: () => {
      connection?.close();
      connection = undefined;
      statements.clear();
    },
  };
}

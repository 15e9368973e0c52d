import { ApiErrorBody } from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import { type Db, sharedReads } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import type { DataSet } from '../db/versions.ts';
import { requestLang } from './lang.ts';
import { centreToday } from './time.ts';

/** The error body of every refusal, for route schemas: the contract's one shape. */
export const ErrorResponse = ApiErrorBody;

type VersionRow = { name: string; version: number };

/** Queries built and compiled once per database and id: Kysely's builder and compiler cost 3 %. */
const compiledQueries = new WeakMap<Kysely<Database>, Map<string, CompiledQuery<unknown>>>();

export function compileOnce<R>(
  db: Kysely<Database>,
  id: string,
  build: (db: Kysely<Database>) => { compile(): CompiledQuery<R> },
): CompiledQuery<R> {
  let perDb = compiledQueries.get(db);
  if (!perDb) {
    perDb = new Map();
    compiledQueries.set(db, perDb);
  }
  let compiled = perDb.get(id) as CompiledQuery<R> | undefined;
  if (!compiled) {
    compiled = build(db).compile();
    perDb.set(id, compiled);
  }
  return compiled;
}

/**
 * The rows of a compiled read of committed data, by the database's prepared fast path when it has
 * one (`Db.readPrepared`), else through Kysely. For the small reads every cached public answer
 * makes (its data versions), not inside a transaction.
 */
export async function readRows<R>(db: Db, query: CompiledQuery<R>): Promise<readonly R[]> {
  return db.readPrepared
    ? db.readPrepared<R>(query.sql, query.parameters)
    : (await db.kysely.executeQuery(query)).rows;
}

type TokenRow = { v: number; n: number; t: string | null };

/** Every version source of the fast path's routes (fast-path.ts), in one read. */
const DATA_TOKEN_SQL =
  'select (select coalesce(sum(version), 0) from data_versions) as v, ' +
  '(select count(*) from national_sitrep_publications) as n, ' +
  '(select max(published_at) from national_sitrep_publications) as t';

/**
 * The data token of the fast path: changed by every commit that changes a data version (versions
 * only grow, so their sum does) or a national publication (its count or newest time), and by the
 * day. Always read after the caller asked, and shared by the callers of one turn of the event loop
 * (`sharedReads`), so a hit is as fresh as one read per request. Undefined where there is no
 * prepared read (in-memory SQLite).
 */
export function dataToken(db: Db, today: () => string): (() => Promise<string>) | undefined {
  const read = db.readPrepared;
  if (!read) return undefined;
  // On PostgreSQL readPrepared already shares reads; SQLite reads synchronously, at once.
  const shared =
    db.engine === 'sqlite' ? sharedReads(async (query, parameters) => read(query, parameters)) : read;
  const text = (rows: TokenRow[]) => `${rows[0]?.v ?? 0}:${rows[0]?.n ?? 0}@${rows[0]?.t ?? ''}|${today()}`;
  return async () => text(await shared<TokenRow>(DATA_TOKEN_SQL, []));
}

/**
 * The versions of the named data sets, read from the database on every request, so no instance
 * serves an answer older than the data another instance wrote.
 */
async function versionsOf(db: Db, sets: readonly DataSet[]): Promise<string> {
  const query = compileOnce<VersionRow>(db.kysely, `versions:${sets.join(',')}`, (k) =>
    k.selectFrom('data_versions').select(['name', 'version']).where('name', 'in', sets),
  );
  const rows = await readRows(db, query);
  const byName = new Map(rows.map((r) => [r.name, r.version]));
  return sets.map((n) => `${n}:${byName.get(n) ?? 0}`).join(',');
}

/** What a public read depends on besides its URL: the data sets, "today", and the language if named. */
export async function readVersion(
  app: FastifyInstance,
  request: FastifyRequest,
  sets: readonly DataSet[],
  options: { lang?: boolean } = {},
): Promise<string> {
  const versions = await versionsOf(app.db, sets);
  const today = centreToday(app.config.now());
  return `${versions}|${today}${options.lang ? `|${requestLang(request)}` : ''}`;
}

import { IsoDate } from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import type { DataSet } from '../db/versions.ts';
import { requestLang } from './lang.ts';
import { centreToday } from './time.ts';

export const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const dateQuery = IsoDate;

/** `to` must not come before `from`; the error names the later parameter. */
export function orderedDates<T extends Record<string, unknown>>(
  from: keyof T & string,
  to: keyof T & string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = value[from];
    const b = value[to];
    if (typeof a === 'string' && typeof b === 'string' && b < a) {
      ctx.addIssue({ code: 'custom', path: [to], message: `${to} ${b} is before ${from} ${a}` });
    }
  };
}

export const ErrorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  validationErrors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
  code: z
    .string()
    .optional()
    .describe("The message as a code of the site's catalogues (SERVER_MESSAGES in @ciffc/contracts)"),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe("The code's parameters"),
});

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

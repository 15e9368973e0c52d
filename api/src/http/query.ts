import { IsoDate } from '@ciffc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import { z } from 'zod';
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
});

/** One compiled query per list of data sets and database: building and compiling it is not free. */
const compiledVersions = new WeakMap<
  Kysely<Database>,
  Map<string, CompiledQuery<{ name: string; version: number }>>
>();

/**
 * `dataVersions` of db/versions.ts, with the query built and compiled once (the profile of a cached
 * read showed Kysely's builder and compiler at 3% of its time); still read from the database on
 * every request, so no instance serves an answer older than the data another instance wrote.
 */
async function versionsOf(db: Kysely<Database>, sets: readonly DataSet[]): Promise<string> {
  let perDb = compiledVersions.get(db);
  if (!perDb) {
    perDb = new Map();
    compiledVersions.set(db, perDb);
  }
  const id = sets.join(',');
  let compiled = perDb.get(id);
  if (!compiled) {
    compiled = db.selectFrom('data_versions').select(['name', 'version']).where('name', 'in', sets).compile();
    perDb.set(id, compiled);
  }
  const { rows } = await db.executeQuery(compiled);
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
  const versions = await versionsOf(app.db.kysely, sets);
  const today = centreToday(app.config.now());
  return `${versions}|${today}${options.lang ? `|${requestLang(request)}` : ''}`;
}

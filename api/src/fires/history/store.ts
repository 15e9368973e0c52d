import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { FireImport, FireVersionAction } from '@ciffc/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Engine } from '../../db/index.ts';
import type { Database, FireImportsTable, FireVersionsTable } from '../../db/tables.ts';
import { FIRE_VALUE_COLUMNS, type FireRow, type NewFire } from '../store.ts';

/**
 * The import history (docs/fires-import.md, "History"): one `fire_imports` row per written import
 * and an append-only `fire_versions` row per inserted or changed fire, holding its values after
 * the import, so that the state of a fire at any import is its latest version up to that import.
 */

export type ImportSource = FireImport['source'];

/** Who imports: a signed-in user through the API, or the command line (no user). */
export interface ImportActor {
  source: ImportSource;
  userId: number | null;
  username: string | null;
}

export type VersionAction = FireVersionAction;
export type ImportRecord = Omit<Selectable<FireImportsTable>, 'file_gzip'>;
export type VersionRecord = Selectable<FireVersionsTable> & {
  recorded_at: string;
  source: string;
  username: string | null;
};

export const fireKey = (agency: string, fireId: string) => `${agency}\u0000${fireId}`;

export function sameValues(a: NewFire, b: NewFire): boolean {
  return FIRE_VALUE_COLUMNS.every((c) =>
    typeof a[c] === 'number' || typeof b[c] === 'number' ? Number(a[c]) === Number(b[c]) : a[c] === b[c],
  );
}

// Any constant: the key of the one lock all imports share on PostgreSQL.
const IMPORT_LOCK = 2_026_0060;

/**
 * Imports run one at a time on PostgreSQL (a transaction-scoped advisory lock), so that the
 * values an import compares against are still the current ones when it writes; SQLite has one
 * writer already.
 */
export async function lockImports(db: Kysely<Database>, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(db);
}

/** The fires (as `f`) with `has_history`: whether a fire has a version yet (a baseline is due first). */
export function firesWithHistoryFlag(db: Kysely<Database>) {
  return db
    .selectFrom('fires as f')
    .selectAll('f')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('fire_versions as v')
            .select(sql`1`.as('one'))
            .whereRef('v.agency_code', '=', 'f.agency_code')
            .whereRef('v.agency_fire_id', '=', 'f.agency_fire_id'),
        )
        .as('has_history'),
    );
}

/** The current rows of the given fires, each with whether it has a version yet. */
export async function existingFires(
  db: Kysely<Database>,
  keys: readonly { agency_code: string; agency_fire_id: string }[],
): Promise<Map<string, FireRow & { has_history: boolean }>> {
  const found = new Map<string, FireRow & { has_history: boolean }>();
  const byAgency = new Map<string, string[]>();
  for (const k of keys) {
    const ids = byAgency.get(k.agency_code);
    if (ids) ids.push(k.agency_fire_id);
    else byAgency.set(k.agency_code, [k.agency_fire_id]);
  }
  for (const [agency, ids] of byAgency) {
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await firesWithHistoryFlag(db)
        .where('f.agency_code', '=', agency)
        .where('f.agency_fire_id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const r of rows)
        found.set(fireKey(agency, r.agency_fire_id), { ...r, has_history: !!r.has_history });
    }
  }
  return found;
}

export interface NewImport {
  created_at: string;
  actor: ImportActor;
  /** The only agency the file could hold (an agency user's import); null: any agency. */
  agency_code: string | null;
  format: string;
  file_name: string | null;
  counts: {
    total_rows: number;
    inserted: number;
    updated: number;
    unchanged: number;
    rejected: number;
    ended: number;
    overruled: number;
  };
  /** The day a snapshot speaks for; null when the import is not one. */
  snapshot_on: string | null;
  file: StoredFile;
}

export interface StoredFile {
  bytes: number;
  gzip: Uint8Array;
}

/** The file as the history keeps it: compressed off the main thread, before any transaction. */
export async function storedFile(text: string): Promise<StoredFile> {
  return { bytes: Buffer.byteLength(text, 'utf8'), gzip: await promisify(gzip)(text, { level: 6 }) };
}

/** Inserts the import's row and answers its id. */
export async function insertImport(db: Kysely<Database>, entry: NewImport): Promise<number> {
  const row = await db
    .insertInto('fire_imports')
    .values({
      created_at: entry.created_at,
      source: entry.actor.source,
      user_id: entry.actor.userId,
      username: entry.actor.username,
      agency_code: entry.agency_code,
      format: entry.format,
      file_name: entry.file_name,
      snapshot_on: entry.snapshot_on,
      ...entry.counts,
      file_bytes: entry.file.bytes,
      file_gzip: entry.file.gzip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertVersions(
  db: Kysely<Database>,
  importId: number,
  versions: readonly { action: VersionAction; fire: NewFire }[],
): Promise<void> {
  const rows = versions.map(({ action, fire }) => ({ ...fire, import_id: importId, action }));
  // 17 columns a row: 1,000 rows stay under both engines' bound-parameter limits.
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('fire_versions')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

const IMPORT_COLUMNS = [
  'id',
  'created_at',
  'source',
  'user_id',
  'username',
  'agency_code',
  'format',
  'file_name',
  'total_rows',
  'inserted',
  'updated',
  'unchanged',
  'rejected',
  'ended',
  'overruled',
  'snapshot_on',
  'file_bytes',
] as const;

/** Imports newest first; `agency` keeps only that agency user's imports. */
export async function listImports(
  db: Kysely<Database>,
  filter: { agency?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ total: number; items: ImportRecord[] }> {
  let query = db.selectFrom('fire_imports');
  if (filter.agency) query = query.where('agency_code', '=', filter.agency);
  const counted = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const items = await query
    .select(IMPORT_COLUMNS)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(counted.n), items };
}

/** One import with its file's text, or undefined. */
export async function importWithFile(
  db: Kysely<Database>,
  id: number,
): Promise<(ImportRecord & { text: string }) | undefined> {
  const row = await db.selectFrom('fire_imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { file_gzip, ...rest } = row;
  const text = (await promisify(gunzip)(file_gzip)).toString('utf8');
  return { ...rest, text };
}

/** A fire's versions, newest first, each with when and by whom it was recorded. */
export function fireVersions(db: Kysely<Database>, agency: string, fireId: string): Promise<VersionRecord[]> {
  return db
    .selectFrom('fire_versions as v')
    .innerJoin('fire_imports as i', 'i.id', 'v.import_id')
    .selectAll('v')
    .select(['i.created_at as recorded_at', 'i.source', 'i.username'])
    .where('v.agency_code', '=', agency)
    .where('v.agency_fire_id', '=', fireId)
    .orderBy('v.id', 'desc')
    .execute();
}

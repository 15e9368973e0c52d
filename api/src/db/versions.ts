import { type Kysely, sql } from 'kysely';
import type { Database } from './tables.ts';

/** `catalogue`: the resource catalogue and its short-name lists, written by the reference data step. */
export type DataSet = 'agencies' | 'catalogue' | 'fires' | 'historical' | 'perimeters';

export async function dataVersion(db: Kysely<Database>, name: DataSet): Promise<number> {
  const row = await db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.version ?? 0;
}

export async function lastUpdated(db: Kysely<Database>, name: DataSet): Promise<string | null> {
  const row = await db
    .selectFrom('data_versions')
    .select('updated_at')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.updated_at ?? null;
}

/** Call inside the transaction that changed the data set. */
export async function bumpDataVersion(db: Kysely<Database>, name: DataSet): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('data_versions')
    .values({ name, version: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ version: sql`data_versions.version + 1`, updated_at: now }),
    )
    .execute();
}

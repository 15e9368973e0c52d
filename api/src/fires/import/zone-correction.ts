import { gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { centreToday } from '../../http/time.ts';
import { fireKey, sameValues } from '../history/store.ts';
import type { NewFire } from '../store.ts';
import { parseFireFile } from './parse.ts';
import { checkRecords } from './rows.ts';

/**
 * The first of the 2026 Canadian clock changes (British Columbia, 8 March 2026): a day computed
 * before it was computed with the same offsets by any zone data (docs/time-zones.md).
 */
const FIRST_2026_ZONE_CHANGE = '2026-03-08';

/** The columns a row's clock decides. */
const ZONE_COLUMNS = ['agency_data_timezone', 'situation_report_date', 'status_date'] as const;

export interface ZoneCorrection {
  /** Fires whose current values came from an import written since the first change. */
  checked: number;
  /** Fires whose days the shipped zone data reads otherwise: updated, a 'corrected' version added. */
  corrected: number;
}

/**
 * Local days stored by zone data older than the 2026 changes, recomputed. A fire's current values
 * came from one row of one import, whose file the history keeps: that row is read again with the
 * zone data now in force, and where its zone, report day or status day differ, the fire takes them
 * and a 'corrected' version records it (the earlier versions stay as they were). A fire changed
 * since (a national edit, a later import) is left alone: its values are no longer that row's.
 * Running it twice changes nothing the second time. Call inside a transaction.
 */
export async function correctZoneDays(db: Kysely<Database>): Promise<ZoneCorrection> {
  const latest = await db
    .selectFrom('fire_versions as v')
    .innerJoin('fire_imports as i', 'i.id', 'v.import_id')
    .where('i.created_at', '>=', FIRST_2026_ZONE_CHANGE)
    .where('v.action', 'in', ['inserted', 'updated'])
    .where('v.id', '=', (eb) =>
      eb
        .selectFrom('fire_versions as w')
        .select((w) => w.fn.max('w.id').as('id'))
        .whereRef('w.agency_code', '=', 'v.agency_code')
        .whereRef('w.agency_fire_id', '=', 'v.agency_fire_id'),
    )
    .select(['v.import_id', 'v.agency_code', 'v.agency_fire_id'])
    .execute();
  const byImport = new Map<number, string[]>();
  for (const v of latest) {
    const keys = byImport.get(v.import_id) ?? [];
    keys.push(fireKey(v.agency_code, v.agency_fire_id));
    byImport.set(v.import_id, keys);
  }
  let corrected = 0;
  for (const [importId, keys] of byImport) corrected += await correctImport(db, importId, new Set(keys));
  return { checked: latest.length, corrected };
}

/** The fires of `keys` whose current values are this import's rows, read again. */
async function correctImport(db: Kysely<Database>, importId: number, keys: Set<string>): Promise<number> {
  const entry = await db
    .selectFrom('fire_imports')
    .select(['created_at', 'format', 'file_gzip'])
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
  const text = gunzipSync(entry.file_gzip).toString('utf8');
  const today = centreToday(new Date(entry.created_at));
  const { valid } = checkRecords(parseFireFile(text, entry.format).records, today);
  let corrected = 0;
  for (const { fire: row } of valid) {
    const key = fireKey(row.agency_code, row.agency_fire_id);
    if (!keys.has(key)) continue;
    if (await correctFire(db, importId, row)) corrected += 1;
  }
  return corrected;
}

/**
 * National publications whose date is not the centre's day of their publishing on the shipped zone
 * data: published between 23:00 and midnight (UTC−5) after Manitoba kept daylight time, while the
 * server's older data still said the day before. They are counted and named, not moved: the date is
 * the one the public read, and a report of the right date may exist beside it (docs/time-zones.md).
 */
export async function misdatedPublications(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('national_sitrep_publications')
    .select(['report_date', 'published_at'])
    .where('published_at', '>=', FIRST_2026_ZONE_CHANGE)
    .execute();
  return rows
    .filter((r) => centreToday(new Date(r.published_at)) !== r.report_date)
    .map((r) => `${r.report_date} published ${r.published_at}`);
}

/** The zone columns of a fire's values. */
const zoneColumnsOf = (fire: NewFire): Pick<NewFire, (typeof ZONE_COLUMNS)[number]> => ({
  agency_data_timezone: fire.agency_data_timezone,
  situation_report_date: fire.situation_report_date,
  status_date: fire.status_date,
});

/** Call inside a transaction: the fire is read and written, and its version added, together. */
async function correctFire(db: Kysely<Database>, importId: number, row: NewFire): Promise<boolean> {
  const fire = await db
    .selectFrom('fires')
    .selectAll()
    .where('agency_code', '=', row.agency_code)
    .where('agency_fire_id', '=', row.agency_fire_id)
    .executeTakeFirst();
  if (!fire || ZONE_COLUMNS.every((c) => fire[c] === row[c])) return false;
  // Only a fire whose other values are still that row's is this import's to correct.
  if (!sameValues(fire, { ...row, ...zoneColumnsOf(fire) })) return false;
  const days = zoneColumnsOf(row);
  await db
    .updateTable('fires')
    .set(days)
    .where('agency_code', '=', row.agency_code)
    .where('agency_fire_id', '=', row.agency_fire_id)
    .execute();
  await db
    .insertInto('fire_versions')
    .values({ ...fire, ...days, import_id: importId, action: 'corrected' })
    .execute();
  return true;
}

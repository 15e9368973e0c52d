import { AGENCY_CODES, type AgencyCode, type ResourceIndex, seasonOf } from '@ciffc/contracts';
import type { Kysely, Transaction } from 'kysely';
import { getApprovedSnapshot, publishApprovedCopies } from '../agency-sitrep/service.ts';
import type { Database } from '../db/tables.ts';
import { carriedOver } from '../fires/store.ts';
import { historicalAverages } from '../historical/averages.ts';
import { loadResourceIndex } from '../resources/store.ts';
import type { ResourceLabel } from './report.ts';

/**
 * Everything the national sitrep reads from other domains, behind one function each, so a change
 * of another domain's store touches this file only.
 */

/** One agency's approved copy: its version and its sitrep data (docs/spec/data-entry.md 3.1 field names). */
export interface ApprovedCopy {
  agency: AgencyCode;
  version_number: number;
  data: Record<string, unknown>;
}

/** The approved copy of every agency that has one (pass a transaction to read inside it). */
export async function approvedAgencyCopies(db: Kysely<Database>): Promise<ApprovedCopy[]> {
  const snapshots = await Promise.all(AGENCY_CODES.map((code) => getApprovedSnapshot(db, code)));
  return snapshots
    .filter((s) => s !== null)
    .map((s) => ({
      agency: s.agency as AgencyCode,
      version_number: s.version,
      data: s.document as Record<string, unknown>,
    }));
}

/**
 * Publishing the national sitrep makes each agency's copy that the report shows (`versions`: agency
 * → approved version used) its published copy, in the publish's transaction.
 */
export async function publishAgencyCopies(
  trx: Transaction<Database>,
  versions: ReadonlyMap<string, number>,
  now: Date,
): Promise<void> {
  await publishApprovedCopies(trx, { versions, now });
}

/**
 * Historical figures per agency for the report date (fires engineer's historical tables). The
 * year-to-date figures include the carry-over fires (docs/spec/public-site.md: the table "marks carry-over
 * fires with an asterisk"), so `current_year` adds them and `carry_over` says how many.
 */
export async function historicalFigures(db: Kysely<Database>, reportDate: string) {
  const [rows, carried] = await Promise.all([
    historicalAverages(db, reportDate),
    carryOverTotals(db, reportDate),
  ]);
  return rows.map((row) => {
    const carry = carried.get(row.agency_code) ?? { fires: 0, area: 0 };
    return {
      ...row,
      current_year: {
        fires: row.current_year.fires + carry.fires,
        area: round1(row.current_year.area + carry.area),
      },
      carry_over: carry,
    };
  });
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Count and hectares of the carry-over fires per agency (every one, unlike the bounded list). */
async function carryOverTotals(db: Kysely<Database>, reportDate: string) {
  const rows = await db
    .selectFrom('fires')
    .select(['agency_code'])
    .select((eb) => [eb.fn.countAll().as('fires'), eb.fn.sum<number>('fire_size').as('area')])
    .where(carriedOver(seasonOf(reportDate)))
    .groupBy('agency_code')
    .execute();
  return new Map(
    rows.map((r) => [r.agency_code, { fires: Number(r.fires), area: round1(Number(r.area ?? 0)) }]),
  );
}

/** The carry-over fires of the report date's season (docs/glossary.md, "Current picture"). */
export async function carryOverFires(db: Kysely<Database>, reportDate: string) {
  const rows = await db
    .selectFrom('fires')
    .select(['agency_code', 'agency_fire_id', 'stage_of_control', 'fire_size', 'situation_report_date'])
    .where(carriedOver(seasonOf(reportDate)))
    .orderBy('agency_code')
    .orderBy('fire_size', 'desc')
    .limit(2_000)
    .execute();
  const byAgency = new Map<string, typeof rows>();
  for (const code of AGENCY_CODES) byAgency.set(code, []);
  for (const r of rows) byAgency.get(r.agency_code)?.push(r);
  return byAgency;
}

/** Names of every catalogue item, both languages, keyed by short name. */
export async function resourceLabels(db: Kysely<Database>): Promise<Map<string, ResourceLabel>> {
  const rows = await db
    .selectFrom('resource_items')
    .select(['short', 'name_en', 'name_fr', 'category_code', 'subcategory_code'])
    .execute();
  return new Map(
    rows.map((r) => [
      r.short,
      {
        short: r.short,
        en: r.name_en,
        fr: r.name_fr,
        category: r.category_code,
        subcategory: r.subcategory_code,
      },
    ]),
  );
}

let indexCache: { db: Kysely<Database>; at: number; index: Promise<ResourceIndex> } | undefined;

/**
 * The full resource catalogue as a lookup, for the resource checks of a save (5.2, as the agency
 * sitrep's). The catalogue only changes by migration, so a minute of reuse keeps autosaves cheap.
 */
export function catalogueIndex(db: Kysely<Database>, now: Date): Promise<ResourceIndex> {
  const at = now.getTime();
  if (!indexCache || indexCache.db !== db || Math.abs(at - indexCache.at) > 60_000) {
    const index = loadResourceIndex(db);
    indexCache = { db, at, index };
    index.catch(() => {
      indexCache = undefined;
    });
  }
  return indexCache.index;
}

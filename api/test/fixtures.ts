import type { Kysely } from 'kysely';
import type { Database } from '../src/db/tables.ts';
import type { NewFire } from '../src/fires/store.ts';

/** A valid fire in Alberta; override what the test is about. */
export function fire(overrides: Partial<NewFire> & { agency_fire_id: string }): NewFire {
  return {
    agency_code: 'ab',
    agency_data_timezone: 'America/Edmonton',
    situation_report_date: '2026-07-15',
    status_date: '2026-07-15',
    stage_of_control: 'OC',
    fire_cause: 'N',
    response_type: 'FUL',
    fire_size: 10,
    latitude: 55.1,
    longitude: -115.2,
    updated_at: '2026-07-15T12:00:00.000Z',
    ...overrides,
  };
}

export const CSV_HEADER =
  'agency_code,agency_fire_id,agency_data_timezone,situation_report_date,status_date,stage_of_control,fire_cause,response_type,fire_size,latitude,longitude';

/** A closed square ring of `size` degrees with its south-west corner at (lon, lat). */
export const square = (lon: number, lat: number, size: number) => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
  [lon, lat],
];

/** A current national publication of `date`, written directly: for tests of what reads publications. */
export async function insertPublication(
  db: Kysely<Database>,
  date: string,
  level: string,
  report: unknown = {},
): Promise<void> {
  await db
    .insertInto('national_sitrep_publications')
    .values({
      report_date: date,
      publication_number: 1,
      current: 1,
      draft_version: 1,
      preparedness_level: level,
      report: JSON.stringify(report),
      fields: '{}',
      published_at: `${date}T20:00:00.000Z`,
      published_by: 'ciffc',
    })
    .execute();
}

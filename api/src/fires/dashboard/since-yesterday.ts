import type { DashboardSinceYesterday } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { lastUpdated } from '../../db/versions.ts';
import { addDays } from '../../http/time.ts';
import * as nationalSitrep from '../../national-sitrep/store.ts';
import { groupedTotals } from '../store.ts';

/**
 * What changed in the national picture since the day before (the home page's first screen): fires
 * first reported today and yesterday, fires whose stage became Out today, and the national level
 * against the report before it. Days are the centre's (docs/time-zones.md).
 */
export async function sinceYesterday(db: Kysely<Database>, today: string): Promise<DashboardSinceYesterday> {
  const yesterday = addDays(today, -1);
  // New fires are counted as GET /v1/wildfire/stats counts "fires today" (one definition: the
  // fires of the scope of a report day); out today by the day their stage became Out.
  const total = async (day: string) =>
    (await groupedTotals(db, ['agency_code'], { from: day, to: day })).reduce(
      (sum, r) => sum + r.fire_count,
      0,
    );
  const [newToday, newYesterday, out] = await Promise.all([
    total(today),
    total(yesterday),
    db
      .selectFrom('fires')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stage_of_control', '=', 'OUT')
      .where('status_date', '=', today)
      .executeTakeFirst(),
  ]);
  const [latest, validAs] = await Promise.all([
    nationalSitrep.latestPublicationMeta(db),
    lastUpdated(db, 'fires'),
  ]);
  const before = latest ? await nationalSitrep.publicationBefore(db, latest.report_date) : undefined;
  return {
    date: today,
    new_fires: newToday,
    new_fires_yesterday: newYesterday,
    out_fires: Number(out?.n ?? 0),
    fires_valid_as: validAs,
    level: latest
      ? {
          current: latest.preparedness_level,
          current_date: latest.report_date,
          previous: before?.preparedness_level ?? null,
          previous_date: before?.report_date ?? null,
        }
      : null,
  };
}

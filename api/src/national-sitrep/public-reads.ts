import {
  type PublicNationalSitrep,
  type SitrepArchive,
  withoutExpandedData,
  withReportNumberDefaults,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Db as AppDb } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import { keyFigures } from './report.ts';
import * as store from './store.ts';

/** The national sitrep's public reads: the report of a date, the archive, the yearly export rows. */

type Db = Kysely<Database>;

/**
 * The stored public report of a date (latest without one), or undefined. A report published before
 * a number was added reads that number as null.
 */
export async function publicReport(db: Db, date?: string): Promise<PublicNationalSitrep | undefined> {
  const row = await store.currentPublication(db, date);
  return row ? withReportNumberDefaults(JSON.parse(row.report) as PublicNationalSitrep) : undefined;
}

/**
 * What every public answer about the publications depends on (count and newest publication time):
 * it keys their ETags and cache entries on every instance.
 */
export const publicationsVersion = (db: AppDb): Promise<string> => store.publicationsVersion(db);

/** Whether a report is published for the date (one indexed look-up, before any cache is asked). */
export async function isPublished(db: Db, date: string): Promise<boolean> {
  return (await store.existingReportDates(db, date, date)).has(date);
}

/** The published report of a date as a served page shows it: the public fields, as stored. */
export async function servedReport(
  db: Db,
  date: string | undefined,
): Promise<PublicNationalSitrep | undefined> {
  const row = await store.currentPublication(db, date);
  return row && withoutExpandedData(JSON.parse(row.report) as PublicNationalSitrep);
}

/** The preparedness level of the report published for the date, undefined when none is. */
export async function publishedLevel(db: Db, date: string): Promise<string | undefined> {
  return (await store.currentPublication(db, date))?.preparedness_level;
}

/** Every report date with its level and publication time, oldest first (sitemap, level feed). */
export const levelHistory = (db: Db) => store.levelHistory(db);

/** The newest publications with their stored reports, newest first (the reports' Atom feed). */
export const latestPublications = (db: Db, limit: number) => store.latestPublications(db, limit);

export async function archive(db: Db): Promise<SitrepArchive> {
  const rows = await store.archiveRows(db);
  const years: SitrepArchive['years'] = [];
  for (const r of rows) {
    const year = Number(r.report_date.slice(0, 4));
    const month = Number(r.report_date.slice(5, 7));
    const day = Number(r.report_date.slice(8, 10));
    let y = years.at(-1);
    if (!y || y.year !== year) {
      y = { year, months: [] };
      years.push(y);
    }
    let mo = y.months.at(-1);
    if (!mo || mo.month !== month) {
      mo = { month, days: [] };
      y.months.push(mo);
    }
    mo.days.push({ day, date: r.report_date, data: { field_preparedness_level: r.preparedness_level } });
  }
  years.reverse();
  const latest = await publicReport(db);
  return { latest: latest ? basic(latest) : null, years };
}

export const basic = (r: PublicNationalSitrep) => ({
  field_preparedness_level: r.field_preparedness_level,
  field_date: r.field_date,
  field_en_summary_comments: r.field_en_summary_comments,
  field_fr_summary_comments: r.field_fr_summary_comments,
});

/** One row per published national sitrep of the year (the current report of each date), for the CSV export. */
export interface PublishedNationalSitrepRow {
  date: string;
  national_preparedness_level: string;
  published_at: string;
  publication_number: number;
  agencies_reporting: number;
  new_fires: number;
  active_fires: number;
  active_hectares: number;
  ytd_fires: number;
  ytd_hectares: number;
  national_mobilizations: number;
  us_preparedness_level: number | null;
  duty_officer: string;
}

export async function listPublishedNationalSitreps(
  db: Db,
  year: number,
): Promise<PublishedNationalSitrepRow[]> {
  const rows = await store.currentPublicationsOfYear(db, year);
  return rows.map((r) => {
    const report = JSON.parse(r.report) as PublicNationalSitrep;
    const f = keyFigures(report);
    return {
      date: r.report_date,
      national_preparedness_level: r.preparedness_level,
      published_at: r.published_at,
      publication_number: r.publication_number,
      agencies_reporting: f.reporting,
      new_fires: f.newFires,
      active_fires: f.activeFires,
      active_hectares: f.activeArea,
      ytd_fires: f.ytd.fires,
      ytd_hectares: Math.round(f.ytd.area * 10) / 10,
      national_mobilizations: f.mobilized,
      us_preparedness_level: report.field_us_preparedness_level,
      duty_officer: report.field_duty_officer,
    };
  });
}

import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Leased } from '../db/lease.ts';
import type { Database } from '../db/tables.ts';
import { compileOnce, readRows } from '../http/query.ts';
import type { NationalSitrepDraftTable, NationalSitrepPublicationsTable } from './tables.ts';
import './tables.ts';

export type DraftRow = Selectable<NationalSitrepDraftTable>;
export type PublicationRow = Selectable<NationalSitrepPublicationsTable>;
type Q = Kysely<Database> | Transaction<Database>;

const DRAFT_ID = 1;

/** The lease of the one national draft (db/lease.ts). */
export const DRAFT_LEASE: Leased<'national_sitrep_draft'> = {
  table: 'national_sitrep_draft',
  key: 'id',
  id: DRAFT_ID,
};

/**
 * The one draft row, created empty on first use. `lock` (inside a transaction) first writes the row
 * to itself: PostgreSQL holds the row lock to the end of the transaction, so a concurrent save
 * waits for this one; SQLite has one writer at a time already.
 */
export async function loadDraft(db: Q, options: { lock?: boolean } = {}): Promise<DraftRow> {
  const lock = () =>
    db
      .updateTable('national_sitrep_draft')
      .set((eb) => ({ version_number: eb.ref('version_number') }))
      .where('id', '=', DRAFT_ID)
      .execute();
  const select = () => db.selectFrom('national_sitrep_draft').selectAll().where('id', '=', DRAFT_ID);
  if (options.lock) await lock();
  const row = await select().executeTakeFirst();
  if (row) return row;
  await db
    .insertInto('national_sitrep_draft')
    .values({
      id: DRAFT_ID,
      data: '{}',
      version_number: 0,
      claimed_by: null,
      claimed_by_name: null,
      claim_expires_at: null,
      edited_by: null,
      edited_by_name: null,
      last_edit: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  if (options.lock) await lock();
  return (await select().executeTakeFirstOrThrow()) as DraftRow;
}

/** A new kept version and the draft moved to it. */
export async function saveVersion(
  db: Q,
  data: string,
  versionNumber: number,
  user: { id: number; username: string },
  now: string,
  session: { edit_session: string | null; edit_session_base: number | null } = {
    edit_session: null,
    edit_session_base: null,
  },
): Promise<void> {
  await db
    .insertInto('national_sitrep_versions')
    .values({
      version_number: versionNumber,
      data,
      edited_by: user.id,
      edited_by_name: user.username,
      created_at: now,
    })
    .execute();
  await db
    .updateTable('national_sitrep_draft')
    .set({
      data,
      version_number: versionNumber,
      edited_by: user.id,
      edited_by_name: user.username,
      last_edit: now,
      ...session,
    })
    .where('id', '=', DRAFT_ID)
    .execute();
}

/** The current publication of a date, or the latest one when no date is given. */
export async function currentPublication(db: Q, date?: string): Promise<PublicationRow | undefined> {
  let q = db.selectFrom('national_sitrep_publications').selectAll().where('current', '=', 1);
  q = date ? q.where('report_date', '=', date) : q.orderBy('report_date', 'desc').limit(1);
  return q.executeTakeFirst();
}

/** The latest current publication before a date (yesterday's data for bring forward). */
export async function publicationBefore(db: Q, date: string): Promise<PublicationRow | undefined> {
  return db
    .selectFrom('national_sitrep_publications')
    .selectAll()
    .where('current', '=', 1)
    .where('report_date', '<', date)
    .orderBy('report_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Meta of the latest publication without its (large) documents. */
export async function latestPublicationMeta(db: Q) {
  return db
    .selectFrom('national_sitrep_publications')
    .select(['report_date', 'publication_number', 'draft_version', 'preparedness_level', 'published_at'])
    .where('current', '=', 1)
    .orderBy('report_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The number the next publication of the date takes (1 for the first). */
export async function nextPublicationNumber(db: Q, date: string): Promise<number> {
  const last = await db
    .selectFrom('national_sitrep_publications')
    .select(sql<number>`max(publication_number)`.as('n'))
    .where('report_date', '=', date)
    .executeTakeFirst();
  return Number(last?.n ?? 0) + 1;
}

/** Adds a publication for the date; an earlier one of the same date stays in the history, no longer current. */
export async function insertPublication(
  db: Q,
  row: Omit<PublicationRow, 'publication_number' | 'current'>,
): Promise<number> {
  const number = await nextPublicationNumber(db, row.report_date);
  await db
    .updateTable('national_sitrep_publications')
    .set({ current: 0 })
    .where('report_date', '=', row.report_date)
    .where('current', '=', 1)
    .execute();
  await db
    .insertInto('national_sitrep_publications')
    .values({ ...row, publication_number: number, current: 1 })
    .execute();
  return number;
}

/** Dates and levels of every current publication, oldest first (the archive). */
export function archiveRows(db: Q) {
  return db
    .selectFrom('national_sitrep_publications')
    .select(['report_date', 'preparedness_level'])
    .where('current', '=', 1)
    .orderBy('report_date')
    .execute();
}

export function currentPublicationsOfYear(db: Q, year: number) {
  return db
    .selectFrom('national_sitrep_publications')
    .select(['report_date', 'preparedness_level', 'report', 'published_at', 'publication_number'])
    .where('current', '=', 1)
    .where('report_date', '>=', `${year}-01-01`)
    .where('report_date', '<=', `${year}-12-31`)
    .orderBy('report_date')
    .execute();
}

export async function existingReportDates(db: Q, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('national_sitrep_publications')
    .select('report_date')
    .where('current', '=', 1)
    .where('report_date', '>=', from)
    .where('report_date', '<=', to)
    .execute();
  return new Set(rows.map((r) => r.report_date));
}

const publicationsVersionQuery = (db: Q) =>
  db
    .selectFrom('national_sitrep_publications')
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`max(published_at)`.as('t')]);

const versionText = (row: { n: number; t: string | null } | undefined) => `${row?.n ?? 0}@${row?.t ?? ''}`;

/**
 * What the public answers depend on: how many publications exist and the newest one's time. Any
 * publish or republish changes it, so it keys ETags and the response cache on every instance.
 * Read on every public request: compiled once and by the database's prepared fast path.
 */
export async function publicationsVersion(db: Db): Promise<string> {
  const [row] = await readRows(db, compileOnce(db.kysely, 'publications-version', publicationsVersionQuery));
  return versionText(row);
}

/** The newest current publications, newest first, with their stored reports (the Atom feed). */
export function latestPublications(db: Q, limit: number) {
  return db
    .selectFrom('national_sitrep_publications')
    .select(['report_date', 'preparedness_level', 'report', 'published_at'])
    .where('current', '=', 1)
    .orderBy('report_date', 'desc')
    .limit(limit)
    .execute();
}

/** The level of each report date, oldest first (the preparedness level feed). */
export function levelHistory(db: Q) {
  return db
    .selectFrom('national_sitrep_publications')
    .select(['report_date', 'preparedness_level', 'published_at'])
    .where('current', '=', 1)
    .orderBy('report_date')
    .execute();
}

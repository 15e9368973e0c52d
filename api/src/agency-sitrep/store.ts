import type { Season } from '@ciffc/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';
import { activeInSeason, counted, ofSeason } from '../fires/store.ts';
import type { AgencySitrepsTable, AgencySitrepVersionsTable, SitrepHistoryKind } from './tables.ts';
import './tables.ts';

export type SitrepRow = Selectable<AgencySitrepsTable>;
export type VersionRow = Selectable<AgencySitrepVersionsTable>;
type Db = Kysely<Database> | Transaction<Database>;

export function getSitrepRow(db: Db, agency: string): Promise<SitrepRow | undefined> {
  return db.selectFrom('agency_sitreps').selectAll().where('agency', '=', agency).executeTakeFirst();
}

export function listSitrepRows(db: Db, agencies?: readonly string[]): Promise<SitrepRow[]> {
  let query = db.selectFrom('agency_sitreps').selectAll().orderBy('agency');
  if (agencies) query = query.where('agency', 'in', agencies.length ? agencies : ['']);
  return query.execute();
}

export interface HistoryEntry {
  agency: string;
  version: number;
  kind: SitrepHistoryKind;
  user_id: number | null;
  username: string | null;
  created_at: string;
  document: string;
  edit_session?: string | null;
  reason?: string | null;
}

/** Appends a history row, taking the next `seq` of the agency under the row's lock. */
export async function appendHistory(db: Db, entry: HistoryEntry): Promise<number> {
  const bumped = await db
    .updateTable('agency_sitreps')
    .set({ history_seq: sql`history_seq + 1` })
    .where('agency', '=', entry.agency)
    .returning('history_seq')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('agency_sitrep_versions')
    .values({ ...entry, seq: bumped.history_seq })
    .execute();
  return bumped.history_seq;
}

export interface SaveValues {
  document: string;
  validation_errors: string;
  status: string;
  edited_by: string;
  last_edit: string;
  claim_expires_at: string;
}

/**
 * The save's compare-and-swap: the new version is written only if the user still holds the claim
 * and the save is based on the current version, or on an older one when every version since came
 * from the same editing session (its own earlier save, cancelled on the client but landed here).
 * Returns the new version, or undefined.
 */
export async function compareAndSave(
  db: Db,
  agency: string,
  basedOn: number,
  userId: number,
  session: string | null,
  values: SaveValues,
): Promise<number | undefined> {
  const row = await db
    .updateTable('agency_sitreps')
    .set({
      ...values,
      version_number: sql`version_number + 1`,
      edit_session: session,
      // A session's run starts at the version it first saved over (old values on the right of SET).
      edit_session_base:
        session === null
          ? null
          : sql<number>`case when edit_session = ${session} then edit_session_base else version_number end`,
    })
    .where('agency', '=', agency)
    .where('claimed_by', '=', userId)
    .where((eb) => {
      const current = eb('version_number', '=', basedOn);
      if (session === null) return current;
      return eb.or([
        current,
        eb.and([
          eb('edit_session', '=', session),
          eb('edit_session_base', '<=', basedOn),
          eb('version_number', '>', basedOn),
        ]),
      ]);
    })
    .returning('version_number')
    .executeTakeFirst();
  return row?.version_number;
}

export async function updateSitrep(
  db: Db,
  agency: string,
  values: Partial<Omit<SitrepRow, 'agency' | 'version_number' | 'history_seq'>>,
  where: { version_number?: number; status?: string } = {},
): Promise<boolean> {
  let query = db.updateTable('agency_sitreps').set(values).where('agency', '=', agency);
  if (where.version_number !== undefined) query = query.where('version_number', '=', where.version_number);
  if (where.status !== undefined) query = query.where('status', '=', where.status);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The accepted save (or seed) that made a version: its document, author and time. */
export function versionRow(
  db: Db,
  agency: string,
  version: number,
): Promise<Pick<VersionRow, 'document' | 'username' | 'created_at'> | undefined> {
  return db
    .selectFrom('agency_sitrep_versions')
    .select(['document', 'username', 'created_at'])
    .where('agency', '=', agency)
    .where('version', '=', version)
    .where('kind', 'in', ['save', 'seed'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The document of a version (the approved and published copies are versions). */
export async function documentOfVersion(
  db: Db,
  agency: string,
  version: number,
): Promise<string | undefined> {
  return (await versionRow(db, agency, version))?.document;
}

export function listHistory(db: Db, agency: string): Promise<VersionRow[]> {
  return db
    .selectFrom('agency_sitrep_versions')
    .selectAll()
    .where('agency', '=', agency)
    .orderBy('seq')
    .execute();
}

/** Approve rows of a year (the yearly export), oldest first. */
export function approvalsBetween(db: Db, from: string, to: string): Promise<VersionRow[]> {
  return db
    .selectFrom('agency_sitrep_versions')
    .selectAll()
    .where('kind', '=', 'approve')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .orderBy('agency')
    .execute();
}

/** Known fires of an agency for the priority-fire copy: active in the season, largest first. */
export function knownFires(db: Db, agency: string, season: Season, limit: number) {
  return db
    .selectFrom('fires')
    .select(['agency_fire_id', 'latitude', 'longitude', 'stage_of_control', 'fire_size'])
    .where('agency_code', '=', agency)
    .where(activeInSeason(season))
    .orderBy('fire_size', 'desc')
    .orderBy('agency_fire_id')
    .limit(limit)
    .execute();
}

export interface FireStatisticsRow {
  response_type: string;
  stage_of_control: string;
  fires: number;
  hectares: number;
}

/** Fires of the season (carry-overs included) by response type and stage: the fire statistics groups. */
export function seasonStatistics(db: Db, agency: string, season: Season): Promise<FireStatisticsRow[]> {
  return db
    .selectFrom('fires')
    .select([
      counted('response_type').as('response_type'),
      'stage_of_control',
      sql<number>`count(*)`.as('fires'),
      sql<number>`coalesce(sum(fire_size), 0)`.as('hectares'),
    ])
    .where('agency_code', '=', agency)
    .where(ofSeason(season))
    .groupBy([counted('response_type'), 'stage_of_control'])
    .execute();
}

/** New fires of one day by cause. */
export function newFiresByCause(db: Db, agency: string, day: string) {
  return db
    .selectFrom('fires')
    .select([counted('fire_cause').as('fire_cause'), sql<number>`count(*)`.as('fires')])
    .where('agency_code', '=', agency)
    .where('situation_report_date', '=', day)
    .groupBy(counted('fire_cause'))
    .execute();
}

export async function countVersions(db: Db, agency: string, kind?: SitrepHistoryKind): Promise<number> {
  let query = db
    .selectFrom('agency_sitrep_versions')
    .select(sql<number>`count(*)`.as('n'))
    .where('agency', '=', agency);
  if (kind) query = query.where('kind', '=', kind);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The agencies' feeds: the SQL of the settings the national centre's screen reads and sets, and of
 * the polls (./service.ts) that take a feed's lease, find the feeds due and record a run.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { FireFeedsTable } from './tables.ts';

export type FeedRow = Selectable<FireFeedsTable>;

/**
 * What a feed brings: the agency's fires (its active-fires file) or its fire perimeters (a GeoJSON,
 * KML or zipped Shapefile URL); each kind has its table, with the same columns.
 */
export type FeedKind = 'fires' | 'perimeters';
// The cast is sound: both tables have FireFeedsTable's columns (feeds/tables.ts).
const feedTable = (kind: FeedKind) => (kind === 'fires' ? 'fire_feeds' : 'perimeter_feeds') as 'fire_feeds';

/** What the screen sets on a feed; `fresh` when its URL is new (validators and schedule restart). */
export interface FeedSettings {
  url: string;
  interval_minutes: number;
  enabled: boolean;
  snapshot: boolean | null;
}

export const listFeeds = (db: Kysely<Database>, kind: FeedKind): Promise<FeedRow[]> =>
  db.selectFrom(feedTable(kind)).selectAll().orderBy('agency_code').execute();

export const feedOf = (db: Kysely<Database>, kind: FeedKind, agency: string): Promise<FeedRow | undefined> =>
  db.selectFrom(feedTable(kind)).selectAll().where('agency_code', '=', agency).executeTakeFirst();

/** Creates or changes an agency's feed; a new URL is a new file, so its validators and schedule start again. */
export async function saveFeed(
  db: Kysely<Database>,
  kind: FeedKind,
  agency: string,
  settings: FeedSettings,
  now: string,
): Promise<FeedRow> {
  const table = feedTable(kind);
  const existing = await feedOf(db, kind, agency);
  const fresh = !existing || existing.url !== settings.url;
  const values = {
    url: settings.url,
    interval_minutes: settings.interval_minutes,
    enabled: settings.enabled ? 1 : 0,
    snapshot: settings.snapshot === null ? null : settings.snapshot ? 1 : 0,
    ...(fresh ? { etag: null, last_modified: null, next_run_at: now } : {}),
  };
  if (existing) await db.updateTable(table).set(values).where('agency_code', '=', agency).execute();
  else
    await db
      .insertInto(table)
      .values({ agency_code: agency, ...values, next_run_at: now })
      .execute();
  const row = await feedOf(db, kind, agency);
  if (!row) throw new Error(`the ${kind} feed of ${agency} vanished after its save`);
  return row;
}

/** Removes an agency's feed; false when it had none. */
export async function removeFeed(db: Kysely<Database>, kind: FeedKind, agency: string): Promise<boolean> {
  const result = await db.deleteFrom(feedTable(kind)).where('agency_code', '=', agency).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Takes an agency's feed for one poll, in one statement so that of instances sharing the database
 * only one wins; false when another holds an unexpired lease.
 */
export async function claimFeedLease(
  db: Kysely<Database>,
  kind: FeedKind,
  agency: string,
  owner: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const result = await db
    .updateTable(feedTable(kind))
    .set({ lease_owner: owner, lease_until: until.toISOString() })
    .where('agency_code', '=', agency)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The agencies whose enabled feed is due at `now`, the longest waiting first. */
export async function dueFeeds(db: Kysely<Database>, kind: FeedKind, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom(feedTable(kind))
    .select('agency_code')
    .where('enabled', '=', 1)
    .where('next_run_at', '<=', now.toISOString())
    .orderBy('next_run_at')
    .execute();
  return rows.map((r) => r.agency_code);
}

/** Records a poll's result and its next time, and gives the lease back (only the lease's owner's). */
export async function finishFeedRun(
  db: Kysely<Database>,
  kind: FeedKind,
  agency: string,
  owner: string,
  run: Partial<Omit<FeedRow, 'agency_code' | 'lease_owner' | 'lease_until'>>,
): Promise<void> {
  await db
    .updateTable(feedTable(kind))
    .set({ ...run, lease_owner: null, lease_until: null })
    .where('agency_code', '=', agency)
    .where('lease_owner', '=', owner)
    .execute();
}

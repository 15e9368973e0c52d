import { randomUUID } from 'node:crypto';
import type { AgencyCode, FeedOutcome } from '@ciffc/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.ts';
import { decodeFile, importFires } from '../fires/import.ts';
import { HttpError } from '../http/errors.ts';
import type { FireFeedsTable } from './schema.ts';
import './schema.ts';

export type FeedRow = Selectable<FireFeedsTable>;

/** This process, as the holder of a feed's lease. */
const INSTANCE_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;
/**
 * A feed's poll lease (not a report's editing lease, db/lease.ts): it outlives the longest poll
 * (fetch timeout plus a large import) with margin, so two instances never poll one feed at once.
 */
const FEED_POLL_LEASE_MS = 10 * 60_000;
const FETCH_TIMEOUT_MS = 60_000;

export interface PollOptions {
  today: string;
  now: Date;
  owner?: string;
}

export type PollOutcome = FeedOutcome;

/**
 * Takes the feed's lease when free (or expired): one conditional update, so that of several API
 * instances sharing the database only one polls a given feed at a time.
 */
export async function takeLease(db: Db, agency: string, owner: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const result = await db.kysely
    .updateTable('fire_feeds')
    .set({ lease_owner: owner, lease_until: new Date(now.getTime() + FEED_POLL_LEASE_MS).toISOString() })
    .where('agency_code', '=', agency)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function fetchFeed(feed: FeedRow): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'text/csv, application/geo+json, application/json;q=0.9, */*;q=0.5',
  };
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.last_modified) headers['if-modified-since'] = feed.last_modified;
  return fetch(feed.url, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
}

type RunRecord = Partial<Omit<FeedRow, 'agency_code' | 'url' | 'interval_minutes' | 'enabled'>>;

/** Fetches and imports one feed; a failure is recorded and the fires it gave before stay as they are. */
async function runFeed(
  db: Db,
  feed: FeedRow,
  options: PollOptions,
): Promise<{ outcome: PollOutcome; record: RunRecord }> {
  const at = options.now.toISOString();
  try {
    const response = await fetchFeed(feed);
    if (response.status === 304)
      return { outcome: 'not_modified', record: { last_success_at: at, last_outcome: 'not_modified' } };
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
    const body = decodeFile(
      new Uint8Array(await response.arrayBuffer()),
      response.headers.get('content-type') ?? undefined,
    );
    const result = await importFires(db, body, {
      today: options.today,
      onlyAgency: feed.agency_code as AgencyCode,
      formatHint: response.headers.get('content-type') ?? undefined,
      actor: { source: 'feed', userId: null, username: null },
      snapshot: feed.snapshot === null ? undefined : feed.snapshot === 1,
      lastModified: response.headers.get('last-modified'),
      fileName: new URL(feed.url).pathname.split('/').pop()?.slice(0, 255) || feed.url.slice(0, 255),
    });
    return {
      outcome: 'imported',
      record: {
        etag: response.headers.get('etag'),
        last_modified: response.headers.get('last-modified'),
        last_success_at: at,
        last_outcome: 'imported',
        last_total_rows: result.total_rows,
        last_accepted: result.accepted_count,
        last_rejected: result.rejected_count,
        last_import_id: result.import_id,
      },
    };
  } catch (error) {
    const message = error instanceof HttpError || error instanceof Error ? error.message : String(error);
    return {
      outcome: 'failed',
      record: { last_error_at: at, last_error: message.slice(0, 1000), last_outcome: 'failed' },
    };
  }
}

/** Polls one feed under its lease; `leased` when another instance holds it. */
export async function pollFeed(db: Db, agency: string, options: PollOptions): Promise<PollOutcome> {
  const owner = options.owner ?? INSTANCE_ID;
  if (!(await takeLease(db, agency, owner, options.now))) return 'leased';
  const feed = await db.kysely
    .selectFrom('fire_feeds')
    .selectAll()
    .where('agency_code', '=', agency)
    .executeTakeFirst();
  if (!feed) return 'failed';
  const { outcome, record } = await runFeed(db, feed, options);
  const next = new Date(options.now.getTime() + feed.interval_minutes * 60_000).toISOString();
  await db.kysely
    .updateTable('fire_feeds')
    .set({
      ...record,
      last_run_at: options.now.toISOString(),
      next_run_at: next,
      lease_owner: null,
      lease_until: null,
    })
    .where('agency_code', '=', agency)
    .where('lease_owner', '=', owner)
    .execute();
  return outcome;
}

/** Every enabled feed whose time has come, one after the other (imports run one at a time anyway). */
export async function pollDueFeeds(db: Db, options: PollOptions): Promise<Record<string, PollOutcome>> {
  const due = await db.kysely
    .selectFrom('fire_feeds')
    .select('agency_code')
    .where('enabled', '=', 1)
    .where('next_run_at', '<=', options.now.toISOString())
    .orderBy('next_run_at')
    .execute();
  const outcomes: Record<string, PollOutcome> = {};
  for (const { agency_code } of due) outcomes[agency_code] = await pollFeed(db, agency_code, options);
  return outcomes;
}

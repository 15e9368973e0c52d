import { randomUUID } from 'node:crypto';
import type { AgencyCode, FeedOutcome, FeedStatus } from '@ciffc/contracts';
import type { Db } from '../db/index.ts';
import { importFires, SentFile } from '../fires/import/import.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { importPerimeterFeed } from '../perimeters/service.ts';
import {
  claimFeedLease,
  dueFeeds,
  type FeedKind,
  type FeedRow,
  type FeedSettings,
  feedOf,
  finishFeedRun,
  listFeeds,
  removeFeed,
  saveFeed,
} from './store.ts';
import './tables.ts';

export type { FeedKind } from './store.ts';

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
export async function takeLease(
  db: Db,
  agency: string,
  owner: string,
  now: Date,
  kind: FeedKind = 'fires',
): Promise<boolean> {
  return claimFeedLease(db.kysely, kind, agency, owner, now, new Date(now.getTime() + FEED_POLL_LEASE_MS));
}

async function fetchFeed(feed: FeedRow): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'text/csv, application/geo+json, application/json;q=0.9, */*;q=0.5',
  };
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.last_modified) headers['if-modified-since'] = feed.last_modified;
  return fetch(feed.url, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
}

/** The import routes' body limit (config.ts): a feed's file is no larger than a file sent. */
const FEED_FILE_BYTES = 64 * 1024 * 1024;

/** The response's body, read no further than `max` bytes: a server that sends more is refused there. */
async function boundedBody(response: Response, max: number): Promise<Uint8Array> {
  const tooLarge = () => new Error(`the file is larger than ${max} bytes`);
  if (Number(response.headers.get('content-length') ?? 0) > max) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body ?? []) {
    total += chunk.byteLength;
    if (total > max) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

type RunRecord = Partial<Omit<FeedRow, 'agency_code' | 'url' | 'interval_minutes' | 'enabled'>>;

/** An agency's active-fires file, imported as the fire import route would (docs/fires-import.md). */
async function importFireFeed(
  db: Db,
  feed: FeedRow,
  bytes: Uint8Array,
  response: Response,
  options: PollOptions,
  fileName: string,
) {
  const contentType = response.headers.get('content-type') ?? undefined;
  // The bytes as fetched: a large file is decoded a piece at a time on the import's worker, never
  // whole on the API's thread (docs/fires-import.md).
  const result = await importFires(db, new SentFile(bytes, contentType), {
    today: options.today,
    onlyAgency: feed.agency_code as AgencyCode,
    formatHint: contentType,
    actor: { source: 'feed', userId: null, username: null },
    snapshot: feed.snapshot === null ? undefined : feed.snapshot === 1,
    lastModified: response.headers.get('last-modified'),
    fileName,
  });
  return {
    total: result.total_rows,
    accepted: result.accepted_count,
    refused: result.rejected_count,
    importId: result.import_id,
  };
}

/** Fetches and imports one feed; a failure is recorded and what it gave before stays as it is. */
async function runFeed(
  db: Db,
  feed: FeedRow,
  kind: FeedKind,
  options: PollOptions,
): Promise<{ outcome: PollOutcome; record: RunRecord }> {
  const at = options.now.toISOString();
  try {
    const response = await fetchFeed(feed);
    if (response.status === 304)
      return { outcome: 'not_modified', record: { last_success_at: at, last_outcome: 'not_modified' } };
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
    const bytes = await boundedBody(response, FEED_FILE_BYTES);
    const fileName = new URL(feed.url).pathname.split('/').pop()?.slice(0, 255) || feed.url.slice(0, 255);
    const counts =
      kind === 'perimeters'
        ? await importPerimeterFeed(db, Buffer.from(bytes), {
            agency: feed.agency_code as AgencyCode,
            now: options.now,
            fileName,
          })
        : await importFireFeed(db, feed, bytes, response, options, fileName);
    return {
      outcome: 'imported',
      record: {
        etag: response.headers.get('etag'),
        last_modified: response.headers.get('last-modified'),
        last_success_at: at,
        last_outcome: 'imported',
        last_total_rows: counts.total,
        last_accepted: counts.accepted,
        last_rejected: counts.refused,
        last_import_id: counts.importId,
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
export async function pollFeed(
  db: Db,
  agency: string,
  options: PollOptions,
  kind: FeedKind = 'fires',
): Promise<PollOutcome> {
  const owner = options.owner ?? INSTANCE_ID;
  if (!(await takeLease(db, agency, owner, options.now, kind))) return 'leased';
  const feed = await feedOf(db.kysely, kind, agency);
  if (!feed) return 'failed';
  const { outcome, record } = await runFeed(db, feed, kind, options);
  const next = new Date(options.now.getTime() + feed.interval_minutes * 60_000).toISOString();
  await finishFeedRun(db.kysely, kind, agency, owner, {
    ...record,
    last_run_at: options.now.toISOString(),
    next_run_at: next,
  });
  return outcome;
}

/**
 * Every enabled feed whose time has come, one after the other (imports run one at a time anyway):
 * the fires' feeds keyed by agency, the perimeter feeds by `agency/perimeters`.
 */
export async function pollDueFeeds(db: Db, options: PollOptions): Promise<Record<string, PollOutcome>> {
  const outcomes: Record<string, PollOutcome> = {};
  for (const kind of ['fires', 'perimeters'] as const) {
    for (const agency_code of await dueFeeds(db.kysely, kind, options.now))
      outcomes[kind === 'fires' ? agency_code : `${agency_code}/perimeters`] = await pollFeed(
        db,
        agency_code,
        options,
        kind,
      );
  }
  return outcomes;
}

/* ---------- the national centre's screen: the feeds' settings and a poll on demand ---------- */

/** The feed as the screen shows it (the lease and validators stay inside). */
const status = (f: FeedRow): FeedStatus => ({
  agency_code: f.agency_code,
  url: f.url,
  interval_minutes: f.interval_minutes,
  enabled: f.enabled === 1,
  snapshot: f.snapshot === null ? null : f.snapshot === 1,
  next_run_at: f.next_run_at,
  last_run_at: f.last_run_at,
  last_success_at: f.last_success_at,
  last_error_at: f.last_error_at,
  last_error: f.last_error,
  last_outcome: f.last_outcome,
  last_total_rows: f.last_total_rows,
  last_accepted: f.last_accepted,
  last_rejected: f.last_rejected,
  last_import_id: f.last_import_id,
});

export async function feedStatuses(db: Db, kind: FeedKind): Promise<FeedStatus[]> {
  return (await listFeeds(db.kysely, kind)).map(status);
}

/** Sets an agency's feed; a new URL starts its validators and schedule again (store.ts). */
export async function setFeed(
  db: Db,
  kind: FeedKind,
  agency: string,
  settings: FeedSettings,
  now: Date,
): Promise<FeedStatus> {
  return status(await saveFeed(db.kysely, kind, agency, settings, now.toISOString()));
}

/** Removes an agency's feed; 404 naming the agency when it had none. */
export async function deleteFeed(db: Db, kind: FeedKind, agency: string): Promise<void> {
  if (!(await removeFeed(db.kysely, kind, agency))) throw notFound('feeds.not_found', { agency });
}

/** Polls an agency's feed now, whatever its schedule; 404 naming the agency when it has none. */
export async function runFeedNow(db: Db, kind: FeedKind, agency: string, options: PollOptions) {
  if (!(await feedOf(db.kysely, kind, agency))) throw notFound('feeds.not_found', { agency });
  const outcome = await pollFeed(db, agency, options, kind);
  const row = await feedOf(db.kysely, kind, agency);
  if (!row) throw notFound('feeds.not_found', { agency });
  return { outcome, feed: status(row) };
}

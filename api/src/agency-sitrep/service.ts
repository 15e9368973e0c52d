import {
  type AgencySitrepData,
  type AgencySitrepResponse,
  type AgencySitrepStatsItem,
  agencyOf,
  type Identity,
  isNational,
  SITREP_DIP_FEED_FIELDS,
  SITREP_SECTION_COUNT,
  type SitrepStatusFields,
  sectionsWithData,
} from '@ciffc/contracts';
import type { Transaction } from 'kysely';
import * as lease from '../db/lease.ts';
import type { Database } from '../db/tables.ts';
import { dipFeedStatistics, fireOptions } from './fire-data.ts';
import {
  type Db,
  iso,
  lockedError,
  parse,
  requireRow,
  sitrepError,
  sitrepLease,
  statusFields,
} from './refusals.ts';
import { appendHistory, compareAndSave, documentOfVersion, listSitrepRows, versionRow } from './store.ts';
import { normalise, resourceIndex, validateDocument } from './validation.ts';

/* ---------- reads ---------- */

export type Variant = 'draft' | 'approved' | 'published';

export async function readSitrep(
  db: Db,
  identity: Identity,
  agency: string,
  variant: Variant,
  now: Date,
): Promise<AgencySitrepResponse> {
  if (variant === 'draft') await lease.renew(db, sitrepLease(agency), identity.id, now);
  const row = await requireRow(db, agency);
  const fields = statusFields(row, identity, now);
  if (variant === 'draft') {
    let document = parse<AgencySitrepData>(row.document, {});
    if (row.has_dip_feed) document = { ...document, ...(await dipFeedStatistics(db, agency, now)) };
    const previous =
      row.approved_version != null
        ? parse<AgencySitrepData | null>(await documentOfVersion(db, agency, row.approved_version), null)
        : null;
    return {
      ...document,
      ...fields,
      variant,
      fire_options: await fireOptions(db, agency, now),
      previous,
    };
  }
  const version = variant === 'approved' ? row.approved_version : row.published_version;
  if (version == null)
    throw sitrepError(404, {}, 'sitrep.no_copy', {
      agency,
      variant,
    });
  const made = await versionRow(db, agency, version);
  const document = parse<AgencySitrepData>(made?.document, {});
  return {
    ...document,
    ...fields,
    // A copy is static: it shows its own version, who made it and when, and is never editable.
    // Both copies are approved versions (the published copy is an approved copy made public).
    version_number: version,
    status: 'A',
    edited_by: made?.username ?? null,
    last_edit: made?.created_at ?? null,
    locked: true,
    validationErrors: {},
    variant,
    fire_options: {},
    previous: null,
  };
}

/** The states list: the national centre sees every agency, an agency user its own. */
export async function listStates(db: Db, identity: Identity, now: Date): Promise<AgencySitrepStatsItem[]> {
  await lease.renew(db, { table: 'agency_sitreps' }, identity.id, now);
  const own = agencyOf(identity);
  if (!isNational(identity) && !own) return [];
  const rows = await listSitrepRows(db, isNational(identity) ? undefined : [own as string]);
  return rows.map((row) => {
    const f = statusFields(row, identity, now);
    return {
      agency: row.agency,
      status: f.status,
      version_number: row.version_number,
      claimed_by: f.claimed_by,
      claimed_by_name: f.claimed_by_name,
      edited_by: row.edited_by,
      last_edit: row.last_edit,
      approved_version: row.approved_version,
      published_version: row.published_version,
      rejected_reason: f.rejected_reason,
      changed_since_submitted: f.changed_since_submitted,
      sections_with_data: sectionsWithData(parse<AgencySitrepData>(row.document, {})),
      section_count: SITREP_SECTION_COUNT,
    };
  });
}

/* ---------- claim ---------- */

/** How long a claim lasts without a save or a read: the one lease (db/lease.ts), in minutes. */
export const CLAIM_IDLE_MINUTES = lease.LEASE_MS / 60_000;

export async function claim(
  db: Db,
  identity: Identity,
  agency: string,
  now: Date,
): Promise<SitrepStatusFields> {
  const taken = await lease.claim(db, sitrepLease(agency), identity, now);
  const row = await requireRow(db, agency);
  if (!taken) throw lockedError(row, identity, now);
  return statusFields(row, identity, now);
}

export async function release(
  db: Db,
  identity: Identity,
  agency: string,
  now: Date,
): Promise<SitrepStatusFields> {
  const released = await lease.release(db, sitrepLease(agency), identity.id);
  const row = await requireRow(db, agency);
  // A live lease of someone else cannot be released; a free or lapsed one needs no release.
  if (!released && lease.isLive(row, now)) throw lockedError(row, identity, now);
  return statusFields(row, identity, now);
}

/* ---------- save ---------- */

/**
 * Saves the whole form as a new version. Only the lease holder may save (a lapsed lease of the
 * same user that nobody else took is renewed), and only on top of the current version, or of an
 * older one when every version since came from the same editing session (`session`, one per
 * browser tab: its own save that the tab cancelled but that still landed). Any other stale save
 * (another tab or device of the same account included) is recorded in the history as
 * `stale-rejected` and answered 409. Out-of-bound values do not refuse the save: the draft is kept
 * as typed and the answer carries `validationErrors`.
 */
export async function save(
  db: Db,
  identity: Identity,
  agency: string,
  body: AgencySitrepData,
  basedOn: number,
  now: Date,
  session: string | null = null,
): Promise<SitrepStatusFields> {
  const before = await requireRow(db, agency);
  let doc = normalise(body);
  if (before.has_dip_feed) {
    const fed = await dipFeedStatistics(db, agency, now);
    doc = { ...doc };
    for (const f of SITREP_DIP_FEED_FIELDS)
      (doc as Record<string, unknown>)[f] = (fed as Record<string, unknown>)[f];
  }
  const validationErrors = validateDocument(doc, await resourceIndex(db, now.getTime()));
  const document = JSON.stringify(doc);
  const heldByMe = before.claimed_by === identity.id;
  const stale = { identity, agency, basedOn, document, now, session };
  if (!heldByMe && lease.isLive(before, now)) {
    await db.transaction().execute((trx) => recordStale(trx, stale));
    throw lockedError(before, identity, now);
  }
  if (!heldByMe) {
    // Nobody holds a live lease: a save still needs one, so the user claims first. The refused
    // document is still kept in the history.
    await db.transaction().execute((trx) => recordStale(trx, stale));
    throw sitrepError(409, statusFields(before, identity, now), 'sitrep.claim_first');
  }
  const outcome = await db.transaction().execute(async (trx) => {
    const version = await compareAndSave(trx, agency, basedOn, identity.id, session, {
      document,
      validation_errors: JSON.stringify(validationErrors),
      status: 'E',
      edited_by: identity.username,
      last_edit: iso(now),
      claim_expires_at: lease.expiry(now),
    });
    if (version === undefined) {
      await recordStale(trx, stale);
      return undefined;
    }
    await appendHistory(trx, {
      agency,
      version,
      kind: 'save',
      user_id: identity.id,
      username: identity.username,
      created_at: iso(now),
      document,
      edit_session: session,
    });
    return version;
  });
  const after = await requireRow(db, agency);
  if (outcome === undefined) {
    if (after.claimed_by !== identity.id) throw lockedError(after, identity, now);
    throw sitrepError(409, statusFields(after, identity, now), 'sitrep.stale', {
      based_on: basedOn,
      current: after.version_number,
      name: after.edited_by ?? '',
    });
  }
  return statusFields(after, identity, now, validationErrors);
}

interface StaleSave {
  identity: Identity;
  agency: string;
  basedOn: number;
  document: string;
  now: Date;
  session: string | null;
}

/** A refused save is still kept in the history: nothing typed is lost. */
function recordStale(trx: Transaction<Database>, s: StaleSave) {
  return appendHistory(trx, {
    agency: s.agency,
    version: s.basedOn,
    kind: 'stale-rejected',
    user_id: s.identity.id,
    username: s.identity.username,
    created_at: iso(s.now),
    document: s.document,
    edit_session: s.session,
  });
}

/* ---------- the domain's public module for other domains (docs/TEAM-BRIEF.md, import boundaries) ---------- */

export { fireStatistics } from './fire-data.ts';
export {
  type ApprovedAgencySitrepRow,
  getApprovedSnapshot,
  listApprovedAgencySitreps,
  publishApprovedCopies,
} from './published.ts';

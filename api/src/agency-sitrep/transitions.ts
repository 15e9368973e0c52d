/* Transitions of the agency report (data-entry.md 4.1): submit, approve, reject. */
import {
  type AgencySitrepData,
  canApprove,
  canReject,
  type Identity,
  type SitrepStatusFields,
  type SitrepValidationErrors,
} from '@ciffc/contracts';

import { isLive, NO_LEASE } from '../db/lease.ts';
import { type Db, iso, lockedError, parse, requireRow, sitrepError, statusFields } from './refusals.ts';
import { appendHistory, type SitrepRow, updateSitrep } from './store.ts';
import { resourceIndex, validateDocument } from './validation.ts';

async function currentErrors(db: Db, row: SitrepRow, now: Date): Promise<SitrepValidationErrors> {
  return validateDocument(parse<AgencySitrepData>(row.document, {}), await resourceIndex(db, now.getTime()));
}

/** What the national user (or the submitting agency) saw: the transition applies to that version only. */
export interface TransitionOptions {
  /** The version the caller viewed; a newer current version answers 409. */
  version_number?: number | undefined;
  /** Not Approved only: why, kept with the refused version and shown to the agency. */
  reason?: string | undefined;
  /** Approve only: the user confirmed approving a version the agency never submitted. */
  confirm_unsubmitted?: boolean | undefined;
}

async function transition(
  db: Db,
  identity: Identity,
  row: SitrepRow,
  kind: 'submit' | 'approve' | 'reject',
  values: Parameters<typeof updateSitrep>[2],
  now: Date,
  reason: string | null = null,
): Promise<SitrepStatusFields> {
  const done = await db.transaction().execute(async (trx) => {
    // Neither the version nor the status may have moved since the checks (two transitions fired at
    // once: only the first matches); otherwise the caller reloads and retries.
    const where = { version_number: row.version_number, status: row.status };
    if (!(await updateSitrep(trx, row.agency, values, where))) return false;
    await appendHistory(trx, {
      agency: row.agency,
      version: row.version_number,
      kind,
      user_id: identity.id,
      username: identity.username,
      created_at: iso(now),
      document: row.document,
      reason,
    });
    return true;
  });
  const after = await requireRow(db, row.agency);
  if (!done) throw sitrepError(409, statusFields(after, identity, now), 'sitrep.changed_meanwhile');
  return statusFields(after, identity, now);
}

/** 409 when the caller viewed another version than the current one (approve, reject, submit). */
function requireViewedVersion(row: SitrepRow, identity: Identity, now: Date, viewed: number | undefined) {
  if (viewed === undefined || viewed === row.version_number) return;
  throw sitrepError(409, statusFields(row, identity, now), 'sitrep.changed_since_opened', {
    viewed,
    current: row.version_number,
  });
}

/** Version 0 holds nothing anybody typed: it can be neither submitted nor decided on. */
function requireStarted(row: SitrepRow, identity: Identity, now: Date, action: string) {
  if (row.version_number > 0) return;
  throw sitrepError(409, statusFields(row, identity, now), 'sitrep.not_started', { action });
}

async function requireValid(db: Db, row: SitrepRow, identity: Identity, now: Date) {
  const errors = await currentErrors(db, row, now);
  if (Object.keys(errors).length > 0)
    throw sitrepError(400, statusFields(row, identity, now, errors), 'sitrep.invalid');
}

/**
 * Submit: the agency's own user, not while another user holds the claim, only a saved (version
 * 1 or later) valid draft, and, when given, only the version the user saw.
 */
export async function submit(
  db: Db,
  identity: Identity,
  agency: string,
  now: Date,
  options: TransitionOptions = {},
): Promise<SitrepStatusFields> {
  const row = await requireRow(db, agency);
  if (isLive(row, now) && row.claimed_by !== identity.id) throw lockedError(row, identity, now);
  requireStarted(row, identity, now, 'submit');
  requireViewedVersion(row, identity, now, options.version_number);
  await requireValid(db, row, identity, now);
  // Submitting hands the report over: the submitter's claim ends with it.
  const values: Parameters<typeof updateSitrep>[2] = {
    status: 'S',
    validation_errors: '{}',
    submitted_version: row.version_number,
  };
  if (row.claimed_by === identity.id) Object.assign(values, NO_LEASE);
  return transition(db, identity, row, 'submit', values, now);
}

/** The checks Approve and Not Approved share: a report in a state to decide, started, as viewed. */
async function decidableRow(
  db: Db,
  identity: Identity,
  agency: string,
  now: Date,
  options: TransitionOptions,
  action: 'approve' | 'reject',
): Promise<SitrepRow> {
  const row = await requireRow(db, agency);
  const approving = action === 'approve';
  if (!(approving ? canApprove(row.status) : canReject(row.status)))
    throw sitrepError(
      409,
      statusFields(row, identity, now),
      approving ? 'sitrep.already_approved' : 'sitrep.already_rejected',
    );
  requireStarted(row, identity, now, action);
  requireViewedVersion(row, identity, now, options.version_number);
  // A decision is on a version at rest: not while someone else (the agency) holds the editing claim.
  if (isLive(row, now) && row.claimed_by !== identity.id)
    throw sitrepError(409, statusFields(row, identity, now), 'sitrep.decide_while_editing', {
      name: row.claimed_by_name ?? `user ${row.claimed_by}`,
    });
  return row;
}

/** Approving a version the agency never submitted takes the user's confirmation, naming what was submitted. */
function requireSubmittedOrConfirmed(
  row: SitrepRow,
  identity: Identity,
  now: Date,
  options: TransitionOptions,
) {
  if (row.submitted_version === row.version_number || options.confirm_unsubmitted) return;
  const submitted = row.submitted_version ?? 0;
  throw sitrepError(409, statusFields(row, identity, now), 'sitrep.not_submitted', {
    current: row.version_number,
    submitted,
  });
}

/** Approve (national centre): the version the user viewed becomes the approved copy. */
export async function approve(
  db: Db,
  identity: Identity,
  agency: string,
  now: Date,
  options: TransitionOptions = {},
): Promise<SitrepStatusFields> {
  const row = await decidableRow(db, identity, agency, now, options, 'approve');
  requireSubmittedOrConfirmed(row, identity, now, options);
  await requireValid(db, row, identity, now);
  return transition(
    db,
    identity,
    row,
    'approve',
    {
      status: 'A',
      approved_version: row.version_number,
      approved_at: iso(now),
      approved_by: identity.username,
      rejected_version: null,
      rejected_reason: null,
    },
    now,
  );
}

/**
 * Not Approved (national centre): back to the agency, the approved copy unchanged; the optional
 * reason is kept with the refused version and shown to the agency until the next approval.
 */
export async function reject(
  db: Db,
  identity: Identity,
  agency: string,
  now: Date,
  options: TransitionOptions = {},
): Promise<SitrepStatusFields> {
  const row = await decidableRow(db, identity, agency, now, options, 'reject');
  const reason = options.reason?.trim() || null;
  const values = { status: 'R', rejected_version: row.version_number, rejected_reason: reason };
  return transition(db, identity, row, 'reject', values, now, reason);
}

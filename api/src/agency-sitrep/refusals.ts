/* The agency report's refusals (the one error shape, with the status fields the site redraws from), its status fields and its lease, shared by every section of the service. */
import {
  type FieldError,
  type Identity,
  normaliseStatus,
  type SitrepMessageCode,
  type SitrepStatusFields,
  type SitrepValidationErrors,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import { isLive, type Leased } from '../db/lease.ts';
import type { Database } from '../db/tables.ts';
import { HttpError } from '../http/errors.ts';
import { getSitrepRow, type SitrepRow } from './store.ts';

export type Db = Kysely<Database>;

/** The lease of an agency's report (db/lease.ts). */
export const sitrepLease = (agency: string): Leased<'agency_sitreps'> => ({
  table: 'agency_sitreps',
  key: 'agency',
  id: agency,
});

/**
 * A refused call with the status fields the site needs to redraw (data-entry.md section 7), in the
 * one error shape; `validationErrors` only when there are some.
 */
export function sitrepError(
  statusCode: number,
  fields: Partial<SitrepStatusFields>,
  code: SitrepMessageCode,
  params: Record<string, string | number> = {},
): HttpError {
  const { validationErrors, ...status } = fields;
  return new HttpError(statusCode, code, {
    params,
    fields: status,
    ...(validationErrors && Object.keys(validationErrors).length > 0 ? { validationErrors } : {}),
  });
}

export const iso = (d: Date) => d.toISOString();

export function parse<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Saved again after a submission that was not approved since: the agency must submit again. */
function changedSinceSubmitted(row: SitrepRow): boolean {
  return (
    normaliseStatus(row.status) === 'E' &&
    row.submitted_version != null &&
    row.version_number > row.submitted_version
  );
}

export function statusFields(
  row: SitrepRow,
  identity: Identity | null,
  now: Date,
  validationErrors?: SitrepValidationErrors,
): SitrepStatusFields {
  const live = isLive(row, now);
  return {
    agency: row.agency,
    status: normaliseStatus(row.status),
    version_number: row.version_number,
    locked: live && row.claimed_by !== identity?.id,
    edited_by: row.edited_by,
    claimed_by: live ? row.claimed_by : null,
    claimed_by_name: live ? row.claimed_by_name : null,
    claim_expires_at: live ? row.claim_expires_at : null,
    last_edit: row.last_edit,
    approved_version: row.approved_version,
    published_version: row.published_version,
    has_dip_feed: row.has_dip_feed === 1,
    submitted_version: row.submitted_version,
    changed_since_submitted: changedSinceSubmitted(row),
    rejected_version: row.rejected_version,
    rejected_reason: row.rejected_reason,
    validationErrors: validationErrors ?? storedErrors(row.validation_errors),
  };
}

/**
 * The stored `validationErrors` of the current document. Rows saved before errors carried codes
 * hold English texts: they read as `field.invalid` with the text kept, until the next save.
 */
function storedErrors(json: string): SitrepValidationErrors {
  const stored = parse<Record<string, unknown>>(json, {});
  const out: SitrepValidationErrors = {};
  for (const [key, value] of Object.entries(stored))
    out[key] =
      typeof value === 'string'
        ? { code: 'field.invalid', params: {}, message: value }
        : (value as FieldError);
  return out;
}

export async function requireRow(db: Db, agency: string): Promise<SitrepRow> {
  const row = await getSitrepRow(db, agency);
  if (!row) throw sitrepError(404, {}, 'sitrep.not_found', { agency });
  return row;
}

function holderName(row: SitrepRow): string {
  return row.claimed_by_name ?? `user ${row.claimed_by}`;
}

/** 409 naming the holder of a live lease. */
export function lockedError(row: SitrepRow, identity: Identity, now: Date): HttpError {
  return sitrepError(409, statusFields(row, identity, now), 'sitrep.locked', {
    name: holderName(row),
  });
}

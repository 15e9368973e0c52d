import {
  type AgencySitrepData,
  type AgencySitrepResponse,
  type AgencySitrepStatsItem,
  agencyOf,
  canApprove,
  canReject,
  effectivePreparednessLevel,
  type Identity,
  isNational,
  normaliseMobilizationGroups,
  normaliseStatus,
  type ResourceIndex,
  resourceChoiceErrors,
  SITREP_DIP_FEED_FIELDS,
  SITREP_SECTION_COUNT,
  type SitrepFireOption,
  type SitrepMessageCode,
  type SitrepStatusFields,
  type SitrepValidationErrors,
  sectionsWithData,
  sitrepTotals,
  suggestedPreparednessLevel,
  validateAgencySitrep,
  withSectionSlots,
} from '@ciffc/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { addDays, centreToday } from '../http/time.ts';
import { loadResourceIndex } from '../resources/store.ts';
import {
  appendHistory,
  approvalsBetween,
  compareAndSave,
  documentOfVersion,
  getSitrepRow,
  knownFires,
  listSitrepRows,
  newFiresByCause,
  releaseClaim,
  renewClaims,
  type SitrepRow,
  seasonStatistics,
  tryClaim,
  updateSitrep,
  versionRow,
} from './store.ts';

type Db = Kysely<Database>;

/**
 * The claim is a lease: it lapses after this idle time and is renewed by the holder's saves, reads
 * of the draft and polls of the states list. Ten minutes: long enough to write a paragraph without
 * a sync, short enough that a closed tab does not block the agency for long.
 */
export const CLAIM_IDLE_MS = 10 * 60_000;
/** The priority-fire copy offers at most this many known fires (largest first, not out). */
export const FIRE_OPTIONS_LIMIT = 500;

/** A refused call with the status fields the site needs to redraw (data-entry.md section 7). */
export class SitrepError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields: Partial<SitrepStatusFields> = {},
    /** The message as a code of the site's catalogues, with its parameters (rendered in EN or FR). */
    readonly code?: SitrepMessageCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'SitrepError';
  }
}

const iso = (d: Date) => d.toISOString();
const expiry = (now: Date) => iso(new Date(now.getTime() + CLAIM_IDLE_MS));

function parse<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function liveClaim(row: SitrepRow, now: Date): boolean {
  return row.claimed_by != null && row.claim_expires_at != null && row.claim_expires_at >= iso(now);
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
  const live = liveClaim(row, now);
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
    validationErrors: validationErrors ?? parse<SitrepValidationErrors>(row.validation_errors, {}),
  };
}

async function requireRow(db: Db, agency: string): Promise<SitrepRow> {
  const row = await getSitrepRow(db, agency);
  if (!row) throw new SitrepError(404, `No sitrep for agency ${agency}`, {}, 'sitrep.not_found', { agency });
  return row;
}

/* ---------- fires data: known fires and the automatic fire statistics ---------- */

/** The agency's known fires keyed by name, for the priority-fire copy. */
export async function fireOptions(db: Db, agency: string): Promise<Record<string, SitrepFireOption>> {
  const rows = await knownFires(db, agency, FIRE_OPTIONS_LIMIT);
  const out: Record<string, SitrepFireOption> = {};
  for (const r of rows) {
    out[r.agency_fire_id] = {
      fires: r.agency_fire_id,
      latitude: r.latitude,
      longitude: r.longitude,
      stage_of_control: r.stage_of_control,
      size: r.fire_size,
      // The fires feed carries neither; the user fills them in after the copy.
      incident_type: null,
      percent_contained: null,
    };
  }
  return out;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The fire statistics groups from the fires data (has_dip_feed): new fires of yesterday by cause,
 * and the season's fires by response type and stage of control, in the centre's time zone.
 */
export async function dipFeedStatistics(
  db: Db,
  agency: string,
  now: Date,
): Promise<Partial<AgencySitrepData>> {
  const today = centreToday(now);
  const [season, yesterday] = await Promise.all([
    seasonStatistics(db, agency, `${today.slice(0, 4)}-01-01`),
    newFiresByCause(db, agency, addDays(today, -1)),
  ]);
  const out = {
    a_ltg: 0,
    a_hum: 0,
    a_oth: 0,
    b_oc: 0,
    b_bh: 0,
    b_uc: 0,
    b_active_hectares: 0,
    b_total_out: 0,
    b_out_hectares: 0,
    c_act: 0,
    c_out: 0,
    c_total_hectares: 0,
    c2_act: 0,
    c2_out: 0,
    c2_total_hectares: 0,
  };
  for (const r of yesterday) {
    const n = Number(r.fires);
    if (r.fire_cause === 'N') out.a_ltg += n;
    else if (r.fire_cause === 'H') out.a_hum += n;
    else out.a_oth += n;
  }
  for (const r of season) {
    const fires = Number(r.fires);
    const ha = Number(r.hectares);
    const out_ = r.stage_of_control === 'OUT';
    if (r.response_type === 'FUL') {
      if (r.stage_of_control === 'OC') out.b_oc += fires;
      else if (r.stage_of_control === 'BH') out.b_bh += fires;
      else if (r.stage_of_control === 'UC') out.b_uc += fires;
      if (out_) {
        out.b_total_out += fires;
        out.b_out_hectares += ha;
      } else out.b_active_hectares += ha;
    } else if (r.response_type === 'MOD') {
      if (out_) out.c_out += fires;
      else out.c_act += fires;
      out.c_total_hectares += ha;
    } else if (r.response_type === 'MON') {
      if (out_) out.c2_out += fires;
      else out.c2_act += fires;
      out.c2_total_hectares += ha;
    }
  }
  for (const k of ['b_active_hectares', 'b_out_hectares', 'c_total_hectares', 'c2_total_hectares'] as const)
    out[k] = round1(out[k]);
  return { ...out, fire_statistics_as_of: today };
}

/* ---------- validation ---------- */

let indexCache: { db: Db; at: number; index: Promise<ResourceIndex> } | undefined;

/** The resource catalogue only changes by migration; a minute of reuse keeps saves cheap. */
function resourceIndex(db: Db, now: number): Promise<ResourceIndex> {
  if (!indexCache || indexCache.db !== db || now - indexCache.at > 60_000) {
    const index = loadResourceIndex(db);
    indexCache = { db, at: now, index };
    index.catch(() => {
      indexCache = undefined;
    });
  }
  return indexCache.index;
}

/** Every bound of 5.2, the section slots, and the dependent resource choices against the catalogue. */
export function validateDocument(doc: AgencySitrepData, index: ResourceIndex): SitrepValidationErrors {
  const errors: SitrepValidationErrors = { ...validateAgencySitrep(doc) };
  const choices: [string, { resources?: { category?: string; subcategory?: string; item?: string } }[]][] = [
    ['mobs_grouped', doc.mobs_grouped ?? []],
    ['mobs', doc.mobs ?? []],
    ['demobs', doc.demobs ?? []],
    ['rars', doc.rars ?? []],
  ];
  for (const [list, rows] of choices) {
    rows.forEach((row, i) => {
      for (const [k, message] of Object.entries(resourceChoiceErrors(row.resources ?? {}, index)))
        errors[`${list}.${i}.resources.${k}`] ??= message;
    });
  }
  return withSectionSlots(errors);
}

/** Later rows of a mobilization group take To and From from the first (data-entry.md 4.6). */
function normalise(doc: AgencySitrepData): AgencySitrepData {
  return doc.mobs_grouped ? { ...doc, mobs_grouped: normaliseMobilizationGroups(doc.mobs_grouped) } : doc;
}

/* ---------- reads ---------- */

export type Variant = 'draft' | 'approved' | 'published';

export async function readSitrep(
  db: Db,
  identity: Identity,
  agency: string,
  variant: Variant,
  now: Date,
): Promise<AgencySitrepResponse> {
  if (variant === 'draft') await renewClaims(db, identity.id, iso(now), expiry(now), agency);
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
      fire_options: await fireOptions(db, agency),
      previous,
    };
  }
  const version = variant === 'approved' ? row.approved_version : row.published_version;
  if (version == null)
    throw new SitrepError(404, `No ${variant} copy of the ${agency} sitrep yet`, {}, 'sitrep.no_copy', {
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
  await renewClaims(db, identity.id, iso(now), expiry(now));
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

function holderMessage(row: SitrepRow): string {
  return `The sitrep is being edited by ${holderName(row)}`;
}

function holderName(row: SitrepRow): string {
  return row.claimed_by_name ?? `user ${row.claimed_by}`;
}

/** 409 naming the holder of a live lease. */
function lockedError(row: SitrepRow, identity: Identity, now: Date): SitrepError {
  return new SitrepError(409, holderMessage(row), statusFields(row, identity, now), 'sitrep.locked', {
    name: holderName(row),
  });
}

export async function claim(
  db: Db,
  identity: Identity,
  agency: string,
  now: Date,
): Promise<SitrepStatusFields> {
  const taken = await tryClaim(db, agency, identity, iso(now), expiry(now));
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
  const released = await releaseClaim(db, agency, identity.id);
  const row = await requireRow(db, agency);
  // A live lease of someone else cannot be released; a free or lapsed one needs no release.
  if (!released && liveClaim(row, now)) throw lockedError(row, identity, now);
  return statusFields(row, identity, now);
}

/* ---------- save ---------- */

export interface SaveResult {
  fields: SitrepStatusFields;
}

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
  if (!heldByMe && liveClaim(before, now)) {
    await db.transaction().execute((trx) => recordStale(trx, stale));
    throw lockedError(before, identity, now);
  }
  if (!heldByMe) {
    // Nobody holds a live lease: a save still needs one, so the user claims first. The refused
    // document is still kept in the history.
    await db.transaction().execute((trx) => recordStale(trx, stale));
    throw new SitrepError(
      409,
      'Start editing (claim the sitrep) before saving',
      statusFields(before, identity, now),
      'sitrep.claim_first',
    );
  }
  const outcome = await db.transaction().execute(async (trx) => {
    const version = await compareAndSave(trx, agency, basedOn, identity.id, session, {
      document,
      validation_errors: JSON.stringify(validationErrors),
      status: 'E',
      edited_by: identity.username,
      last_edit: iso(now),
      claim_expires_at: expiry(now),
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
    throw new SitrepError(
      409,
      `Stale save: based on version ${basedOn}, the current version is ${after.version_number} (saved by ${after.edited_by ?? 'another user'} in another tab, device or editing session)`,
      statusFields(after, identity, now),
      'sitrep.stale',
      { based_on: basedOn, current: after.version_number, name: after.edited_by ?? '' },
    );
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

/* ---------- transitions (data-entry.md 4.1) ---------- */

async function currentErrors(db: Db, row: SitrepRow, now: Date): Promise<SitrepValidationErrors> {
  return validateDocument(parse<AgencySitrepData>(row.document, {}), await resourceIndex(db, now.getTime()));
}

/** What the national user (or the submitting agency) saw: the transition applies to that version only. */
export interface TransitionOptions {
  /** The version the caller viewed; a newer current version answers 409. */
  version_number?: number | undefined;
  /** Not Approved only: why, kept with the refused version and shown to the agency. */
  reason?: string | undefined;
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
  if (!done)
    throw new SitrepError(
      409,
      'The sitrep changed meanwhile; reload and try again',
      statusFields(after, identity, now),
      'sitrep.changed_meanwhile',
    );
  return statusFields(after, identity, now);
}

/** 409 when the caller viewed another version than the current one (approve, reject, submit). */
function requireViewedVersion(row: SitrepRow, identity: Identity, now: Date, viewed: number | undefined) {
  if (viewed === undefined || viewed === row.version_number) return;
  throw new SitrepError(
    409,
    `The sitrep changed since you opened it (version ${viewed}, now ${row.version_number}); it was reloaded`,
    statusFields(row, identity, now),
    'sitrep.changed_since_opened',
    { viewed, current: row.version_number },
  );
}

/** Version 0 holds nothing anybody typed: it can be neither submitted nor decided on. */
function requireStarted(row: SitrepRow, identity: Identity, now: Date, action: string) {
  if (row.version_number > 0) return;
  throw new SitrepError(
    409,
    `The sitrep has not been started: nothing to ${action}; save it first`,
    statusFields(row, identity, now),
    'sitrep.not_started',
    { action },
  );
}

async function requireValid(db: Db, row: SitrepRow, identity: Identity, now: Date) {
  const errors = await currentErrors(db, row, now);
  if (Object.keys(errors).length > 0)
    throw new SitrepError(
      400,
      'The sitrep has validation errors',
      statusFields(row, identity, now, errors),
      'sitrep.invalid',
    );
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
  if (liveClaim(row, now) && row.claimed_by !== identity.id) throw lockedError(row, identity, now);
  requireStarted(row, identity, now, 'submit');
  requireViewedVersion(row, identity, now, options.version_number);
  await requireValid(db, row, identity, now);
  // Submitting hands the report over: the submitter's claim ends with it.
  const values: Parameters<typeof updateSitrep>[2] = {
    status: 'S',
    validation_errors: '{}',
    submitted_version: row.version_number,
  };
  if (row.claimed_by === identity.id)
    Object.assign(values, { claimed_by: null, claimed_by_name: null, claim_expires_at: null });
  return transition(db, identity, row, 'submit', values, now);
}

/** Approve (national centre): the version the user viewed becomes the approved copy. */
export async function approve(
  db: Db,
  identity: Identity,
  agency: string,
  now: Date,
  options: TransitionOptions = {},
): Promise<SitrepStatusFields> {
  const row = await requireRow(db, agency);
  if (!canApprove(row.status))
    throw new SitrepError(
      409,
      'The sitrep is already approved',
      statusFields(row, identity, now),
      'sitrep.already_approved',
    );
  requireStarted(row, identity, now, 'approve');
  requireViewedVersion(row, identity, now, options.version_number);
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
  const row = await requireRow(db, agency);
  if (!canReject(row.status))
    throw new SitrepError(
      409,
      'The sitrep is already rejected',
      statusFields(row, identity, now),
      'sitrep.already_rejected',
    );
  requireStarted(row, identity, now, 'reject');
  requireViewedVersion(row, identity, now, options.version_number);
  const reason = options.reason?.trim() || null;
  const values = { status: 'R', rejected_version: row.version_number, rejected_reason: reason };
  return transition(db, identity, row, 'reject', values, now, reason);
}

/* ---------- for other domains: the yearly export and the national publishing ---------- */

export interface ApprovedAgencySitrepRow {
  agency: string;
  /** The day of the approval in the centre's time zone (YYYY-MM-DD). */
  report_date: string;
  version: number;
  approved_at: string;
  approved_by: string | null;
  /** The level in force: the override when set, else the suggestion (data-entry.md 5.5). */
  preparedness_level: number;
  suggested_preparedness_level: number | null;
  prep_level_override: number | null;
  a_total: number;
  full_response_active: number;
  full_response_total_fires: number;
  full_response_total_area: number;
  overall_fires: number;
  overall_area: number;
  prescribed_fires_active: number;
  fop_ltg: number | null;
  fop_nat: number | null;
  priority_fires: number;
  en_ops_summary: string;
  fr_ops_summary: string;
}

/** One row per approval in the year (the agency-sitreps-{year}-export.csv), oldest first. */
export async function listApprovedAgencySitreps(db: Db, year: number): Promise<ApprovedAgencySitrepRow[]> {
  const rows = await approvalsBetween(db, `${year}-01-01`, `${year + 1}-01-01`);
  return rows.map((r) => {
    const doc = parse<AgencySitrepData>(r.document, {});
    const t = sitrepTotals(doc);
    const override = doc.prep_level_override ?? null;
    return {
      agency: r.agency,
      report_date: centreToday(new Date(r.created_at)),
      version: r.version,
      approved_at: r.created_at,
      approved_by: r.username,
      preparedness_level: effectivePreparednessLevel(doc, override),
      suggested_preparedness_level: suggestedPreparednessLevel(doc) ?? null,
      prep_level_override: override,
      a_total: t.a_total,
      full_response_active: t.b_active,
      full_response_total_fires: t.b_total_fires,
      full_response_total_area: t.b_total_area,
      overall_fires: t.overall_fires,
      overall_area: t.overall_area,
      prescribed_fires_active: doc.e_act ?? 0,
      fop_ltg: doc.fop_ltg ?? null,
      fop_nat: doc.fop_nat ?? null,
      priority_fires: doc.priority_fires?.length ?? 0,
      en_ops_summary: doc.en_ops_summary ?? '',
      fr_ops_summary: doc.fr_ops_summary ?? '',
    };
  });
}

export interface ApprovedSnapshot {
  agency: string;
  version: number;
  approved_at: string | null;
  document: AgencySitrepData;
}

/** The approved copy of an agency (the national sitrep reads ops summaries and figures from it). */
export async function getApprovedSnapshot(db: Db, agency: string): Promise<ApprovedSnapshot | null> {
  const row = await getSitrepRow(db, agency);
  if (!row || row.approved_version == null) return null;
  return {
    agency,
    version: row.approved_version,
    approved_at: row.approved_at,
    document: parse<AgencySitrepData>(await documentOfVersion(db, agency, row.approved_version), {}),
  };
}

/**
 * Publishing the national sitrep makes each agency's approved copy its published copy. Pass the
 * national publish's transaction as `db` so both commit together, and as `versions` the approved
 * version of each agency that the report shows: exactly those become the published copies (an
 * approval that lands after the report read them waits for the next publication). Without
 * `versions`, every agency's current approved copy.
 */
export async function publishApprovedCopies(
  db: Db,
  options: { versions?: ReadonlyMap<string, number>; now?: Date } = {},
): Promise<{ agency: string; published_version: number }[]> {
  const at = iso(options.now ?? new Date());
  let rows: { agency: string; published_version: number | null }[];
  if (options.versions) {
    rows = [];
    for (const [agency, version] of options.versions) {
      const row = await db
        .updateTable('agency_sitreps')
        .set({ published_version: version, published_at: at })
        .where('agency', '=', agency)
        .returning(['agency', 'published_version'])
        .executeTakeFirst();
      if (row) rows.push(row);
    }
  } else {
    rows = await db
      .updateTable('agency_sitreps')
      .set((eb) => ({ published_version: eb.ref('approved_version'), published_at: at }))
      .where('approved_version', 'is not', null)
      .returning(['agency', 'published_version'])
      .execute();
  }
  return rows
    .map((r) => ({ agency: r.agency, published_version: r.published_version as number }))
    .sort((a, b) => a.agency.localeCompare(b.agency));
}

import {
  AGENCY_CODES,
  type AgencyCode,
  type AgencySitrepSummary,
  type Identity,
  type NationalMobTable,
  type NationalSaveResult,
  type NationalSitrepFields,
  type NationalSitrepStats,
  nationalDraftErrors,
  nationalDraftFields,
  nationalPublishErrors,
  normaliseMobilizationGroups,
  type PublicNationalSitrep,
  type ValidationErrors,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import * as lease from '../db/lease.ts';
import type { Database } from '../db/tables.ts';
import { listDutyOfficers, recordDutyOfficer } from '../duty-officers/store.ts';
import { HttpError } from '../http/errors.ts';
import { centreToday } from '../http/time.ts';
import { groupByPlaces, toAgencySummary } from './agency-summary.ts';
import { buildPublicReport } from './report.ts';
import {
  approvedAgencyCopies,
  carryOverFires,
  catalogueIndex,
  historicalFigures,
  publishAgencyCopies,
  resourceLabels,
} from './sources.ts';
import * as store from './store.ts';

/**
 * The national sitrep's rules: claim (a lease), autosave (every save a kept version), publish
 * (one public report per report date), and the reads. No HTTP, no SQL beyond the store's.
 */

type Db = Kysely<Database>;
const iso = (d: Date) => d.toISOString();

function parseFields(data: string): NationalSitrepFields {
  try {
    return nationalDraftFields(JSON.parse(data) as Partial<NationalSitrepFields>);
  } catch {
    return nationalDraftFields({});
  }
}

function liveClaim(draft: store.DraftRow, now: Date): { id: number; name: string } | null {
  if (draft.claimed_by == null || !lease.isLive(draft, now)) return null;
  return { id: draft.claimed_by, name: draft.claimed_by_name ?? String(draft.claimed_by) };
}

async function meta(db: Db, draft: store.DraftRow, now: Date) {
  const today = centreToday(now);
  const latest = await store.latestPublicationMeta(db);
  const isPublished = latest?.report_date === today;
  const claim = liveClaim(draft, now);
  const publishedVersion = latest?.draft_version ?? null;
  return {
    status: claim ? 'E' : isPublished ? 'PUBLISHED' : draft.last_edit ? 'UNPUBLISHED' : '',
    last_edit: draft.last_edit,
    version_number: draft.version_number,
    is_published: isPublished,
    published_version: publishedVersion,
    // 4.4: the autosave kept the change, but today's public report shows it only after a republish.
    requires_manual_sync: isPublished && publishedVersion !== null && draft.version_number > publishedVersion,
    claimed_by: claim?.id ?? null,
    claimed_by_name: claim?.name ?? null,
    edited_by: draft.edited_by_name,
    field_date: latest?.report_date ?? null,
  };
}

const saveResult = (
  m: Awaited<ReturnType<typeof meta>>,
  validationErrors: ValidationErrors,
): NationalSaveResult => ({
  status: m.status,
  last_edit: m.last_edit,
  version_number: m.version_number,
  requires_manual_sync: m.requires_manual_sync,
  is_published: m.is_published,
  claimed_by: m.claimed_by,
  validationErrors,
});

const lockedBy = (name: string) => new HttpError(409, 'national.locked', { params: { name } });

/** 409 without a live claim of the caller's: saving and publishing need one. */
const claimFirst = (action: 'save' | 'publish') =>
  new HttpError(409, action === 'save' ? 'national.claim_first_to_save' : 'national.claim_first_to_publish');

/** The approved agency copies as the national form shows them, in agency order (pass the publish's trx to read inside it). */
async function agencySummaries(db: Db): Promise<Map<AgencyCode, AgencySitrepSummary>> {
  const copies = await approvedAgencyCopies(db);
  const out = new Map<AgencyCode, AgencySitrepSummary>();
  for (const code of AGENCY_CODES) {
    const copy = copies.find((c) => c.agency === code);
    if (copy) out.set(code, toAgencySummary(code, copy.version_number, copy.data));
  }
  return out;
}

/** GET /v1/sitrep/national: the draft (3.2) with the agency summaries and yesterday's national tables. */
export async function getDraft(db: Db, identity: Identity, now: Date) {
  const draft = await store.loadDraft(db);
  if (liveClaim(draft, now)?.id === identity.id) await lease.renew(db, store.DRAFT_LEASE, identity.id, now);
  const fields = parseFields(draft.data);
  const [m, summaries, previous, officers, index] = await Promise.all([
    meta(db, draft, now),
    agencySummaries(db),
    store.publicationBefore(db, centreToday(now)),
    listDutyOfficers(db),
    catalogueIndex(db, now),
  ]);
  let prev: {
    national_to_mobs: NationalMobTable;
    national_from_mobs: NationalMobTable;
    field_date: string;
  } | null = null;
  if (previous) {
    const f = parseFields(previous.fields);
    prev = {
      national_to_mobs: f.national_to_mobs,
      national_from_mobs: f.national_from_mobs,
      field_date: previous.report_date,
    };
  }
  return {
    ...fields,
    mobs: groupByPlaces(fields.mobs_grouped),
    demobs_grouped: groupByPlaces(fields.demobs),
    duty_officer_options: officers.map((o) => o.name),
    sitrep: { agency_sitreps: [...summaries.values()] },
    previous: prev,
    ...m,
    locked: m.claimed_by !== null && m.claimed_by !== identity.id,
    report_date: centreToday(now),
    validationErrors: nationalDraftErrors(fields, index),
  };
}

export async function claim(db: Db, identity: Identity, now: Date) {
  await store.loadDraft(db);
  const ok = await lease.claim(db, store.DRAFT_LEASE, identity, now);
  const draft = await store.loadDraft(db);
  if (!ok) throw lockedBy(liveClaim(draft, now)?.name ?? 'another user');
  return meta(db, draft, now);
}

export async function release(db: Db, identity: Identity, now: Date) {
  await lease.release(db, store.DRAFT_LEASE, identity.id);
  return meta(db, await store.loadDraft(db), now);
}

/** The fields a body sends (undefined is "not sent"; null is sent and clears the field). */
function definedFields(body: Partial<NationalSitrepFields>): Partial<NationalSitrepFields> {
  return Object.fromEntries(
    Object.entries(body).filter(([, v]) => v !== undefined),
  ) as Partial<NationalSitrepFields>;
}

export interface SaveOutcome {
  result: NationalSaveResult;
  /** Empty when the draft is within every bound. */
  validationErrors: ValidationErrors;
}

type DraftBody = Partial<NationalSitrepFields> & {
  version_number?: number | undefined;
  edit_session?: string | undefined;
};

/**
 * A save based on `basedOn` is accepted on the current version, or on an older one when every
 * version since came from the same editing session (one per browser tab: its own earlier save that
 * the tab cancelled but that landed). Another tab or device of the same user is refused.
 */
function acceptsBase(draft: store.DraftRow, basedOn: number, session: string | null): boolean {
  if (basedOn === draft.version_number) return true;
  return (
    session !== null &&
    draft.edit_session === session &&
    draft.edit_session_base !== null &&
    draft.edit_session_base <= basedOn &&
    basedOn < draft.version_number
  );
}

/**
 * Autosave: only the claimant saves; the sent fields are laid over the current draft (a field the
 * body leaves out keeps its value) and kept as a new version even when a bound is broken, and the
 * broken bounds come back as validationErrors. A save based on an older version answers 409 unless
 * every version since came from its own editing session (acceptsBase).
 */
export async function save(db: Db, identity: Identity, body: DraftBody, now: Date): Promise<SaveOutcome> {
  const { version_number: basedOn, edit_session, ...sent } = body;
  const session = edit_session ?? null;
  let validationErrors: ValidationErrors = {};
  // Read before the write transaction: on SQLite one connection serves both.
  const index = await catalogueIndex(db, now);
  await db.transaction().execute(async (trx) => {
    const draft = await store.loadDraft(trx, { lock: true });
    const holder = liveClaim(draft, now);
    if (!holder) throw claimFirst('save');
    if (holder.id !== identity.id) throw lockedBy(holder.name);
    if (basedOn !== undefined && !acceptsBase(draft, basedOn, session)) {
      const params = {
        based_on: basedOn,
        current: draft.version_number,
        name: draft.edited_by_name ?? 'another user',
      };
      throw new HttpError(409, 'national.stale', { params });
    }
    // Merged under the draft's row lock, so a concurrent save cannot slip between read and write.
    const merged = nationalDraftFields({ ...parseFields(draft.data), ...definedFields(sent) });
    // 4.6: later rows of a mobilization group take To and From from the group's first row.
    const fields = { ...merged, mobs_grouped: normaliseMobilizationGroups(merged.mobs_grouped) };
    validationErrors = nationalDraftErrors(fields, index);
    await store.saveVersion(trx, JSON.stringify(fields), draft.version_number + 1, identity, iso(now), {
      edit_session: session,
      // A session's run starts at the version it first saved over.
      edit_session_base:
        session === null
          ? null
          : draft.edit_session === session
            ? draft.edit_session_base
            : draft.version_number,
    });
    await lease.renew(trx, store.DRAFT_LEASE, identity.id, now);
  });
  const m = await meta(db, await store.loadDraft(db), now);
  return { result: saveResult(m, validationErrors), validationErrors };
}

/**
 * Publish: saves the sent draft (when one is sent), refuses with validation errors or without the
 * claim, then makes the public report of today's report date (America/Winnipeg). A republish of the
 * same date replaces that date's report and keeps the earlier one in the history.
 */
export async function publish(
  db: Db,
  identity: Identity,
  body: DraftBody | undefined,
  now: Date,
): Promise<SaveOutcome & { report?: PublicNationalSitrep }> {
  if (body && Object.keys(body).some((k) => k !== 'version_number' && k !== 'edit_session')) {
    const saved = await save(db, identity, body, now);
    if (Object.keys(saved.validationErrors).length > 0) return saved;
  }
  const date = centreToday(now);
  const publishedAt = iso(now);
  // Read outside the write transaction: on SQLite one connection serves both. The agency copies
  // are read inside it (through trx), so the report and each published_version agree.
  const [historical, carryOver, labels, index] = await Promise.all([
    historicalFigures(db, date),
    carryOverFires(db, date),
    resourceLabels(db),
    catalogueIndex(db, now),
  ]);
  let report: PublicNationalSitrep | undefined;
  let errors: ValidationErrors = {};
  await db.transaction().execute(async (trx) => {
    const draft = await store.loadDraft(trx, { lock: true });
    const holder = liveClaim(draft, now);
    if (!holder) throw claimFirst('publish');
    if (holder.id !== identity.id) throw lockedBy(holder.name);
    const fields = parseFields(draft.data);
    errors = nationalPublishErrors(fields, index);
    if (Object.keys(errors).length > 0) return;
    const summaries = await agencySummaries(trx);
    const publicationNumber = await store.nextPublicationNumber(trx, date);
    report = buildPublicReport({
      date,
      fields,
      publishedAt,
      publicationNumber,
      summaries,
      historical,
      carryOver,
      labels,
    });
    await store.insertPublication(trx, {
      report_date: date,
      draft_version: draft.version_number,
      preparedness_level: fields.preparedness_level,
      report: JSON.stringify(report),
      fields: JSON.stringify(fields),
      published_at: publishedAt,
      published_by: identity.username,
    });
    await publishAgencyCopies(
      trx,
      new Map([...summaries].map(([code, summary]) => [code, summary.version_number])),
      now,
    );
    await recordDutyOfficer(trx, fields.duty_officer_name, date);
    // The user leaves the screen after publishing (2.2): the claim goes with it.
    await lease.release(trx, store.DRAFT_LEASE, identity.id);
  });
  const m = await meta(db, await store.loadDraft(db), now);
  return { result: saveResult(m, errors), validationErrors: errors, ...(report ? { report } : {}) };
}

export async function stats(db: Db, now: Date): Promise<NationalSitrepStats> {
  const draft = await store.loadDraft(db);
  const m = await meta(db, draft, now);
  return {
    version: m.version_number,
    version_number: m.version_number,
    claimed_by: m.claimed_by,
    claimed_by_name: m.claimed_by_name,
    is_published: m.is_published,
    published_version: m.published_version,
    status: m.status,
    last_edit: m.last_edit,
    field_date: m.field_date,
  };
}

/* ---------- the domain's public module for other domains (docs/TEAM-BRIEF.md, import boundaries) ---------- */

export {
  isPublished,
  levelHistory,
  listPublishedNationalSitreps,
  type PublishedNationalSitrepRow,
  publicationsVersion,
  publishedLevel,
  servedReport,
} from './public-reads.ts';

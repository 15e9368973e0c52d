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
  type ServerMessageCode,
  type SitrepArchive,
} from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import { CLAIM_IDLE_MS } from '../agency-sitrep/service.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { listDutyOfficers, recordDutyOfficer } from '../duty-officers/store.ts';
import { HttpError } from '../http/errors.ts';
import { centreToday } from '../http/time.ts';
import { buildPublicReport, groupByPlaces, keyFigures, toAgencySummary } from './report.ts';
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

/** The lease is the agency sitrep's: it lapses after this idle time, renewed by the holder's saves and reads. */
export const CLAIM_LEASE_MS = CLAIM_IDLE_MS;

type Clock = { now: Date };
const iso = (d: Date) => d.toISOString();
const kyselyOf = (db: Db | Kysely<Database>): Kysely<Database> => ('kysely' in db ? db.kysely : db);

function parseFields(data: string): NationalSitrepFields {
  try {
    return nationalDraftFields(JSON.parse(data) as Partial<NationalSitrepFields>);
  } catch {
    return nationalDraftFields({});
  }
}

function liveClaim(draft: store.DraftRow, now: Date): { id: number; name: string } | null {
  if (draft.claimed_by == null || !draft.claim_expires) return null;
  if (draft.claim_expires < iso(now)) return null;
  return { id: draft.claimed_by, name: draft.claimed_by_name ?? String(draft.claimed_by) };
}

async function meta(db: Kysely<Database>, draft: store.DraftRow, now: Date) {
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
  validationErrors: Record<string, string>,
): NationalSaveResult => ({
  status: m.status,
  last_edit: m.last_edit,
  version_number: m.version_number,
  requires_manual_sync: m.requires_manual_sync,
  is_published: m.is_published,
  claimed_by: m.claimed_by,
  validationErrors,
});

const lockedBy = (name: string) =>
  new HttpError(409, `The national sitrep is being edited by ${name}`, {
    headers: { 'x-claimed-by': name },
    code: 'national.locked' satisfies ServerMessageCode,
    params: { name },
  });

/** 409 without a live claim of the caller's: saving and publishing need one. */
const claimFirst = (action: 'saving' | 'publishing') =>
  new HttpError(409, `Start editing (claim the national sitrep) before ${action}`, {
    code: 'national.claim_first' satisfies ServerMessageCode,
    params: { action },
  });

/** The approved agency copies as the national form shows them, in agency order (pass the publish's trx to read inside it). */
async function agencySummaries(db: Db | Kysely<Database>): Promise<Map<AgencyCode, AgencySitrepSummary>> {
  const copies = await approvedAgencyCopies(kyselyOf(db));
  const out = new Map<AgencyCode, AgencySitrepSummary>();
  for (const code of AGENCY_CODES) {
    const copy = copies.find((c) => c.agency === code);
    if (copy) out.set(code, toAgencySummary(code, copy.version_number, copy.data));
  }
  return out;
}

/** GET /v1/sitrep/national: the draft (3.2) with the agency summaries and yesterday's national tables. */
export async function getDraft(db: Db, identity: Identity, clock: Clock) {
  const k = db.kysely;
  const draft = await store.loadDraft(k, db.engine);
  if (liveClaim(draft, clock.now)?.id === identity.id) {
    await store.renewClaim(k, identity.id, iso(new Date(clock.now.getTime() + CLAIM_LEASE_MS)));
  }
  const fields = parseFields(draft.data);
  const [m, summaries, previous, officers, index] = await Promise.all([
    meta(k, draft, clock.now),
    agencySummaries(db),
    store.publicationBefore(k, centreToday(clock.now)),
    listDutyOfficers(k),
    catalogueIndex(k, clock.now),
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
    report_date: centreToday(clock.now),
    validationErrors: nationalDraftErrors(fields, index),
  };
}

export async function claim(db: Db, identity: Identity, clock: Clock) {
  const k = db.kysely;
  await store.loadDraft(k, db.engine);
  const ok = await store.tryClaim(
    k,
    identity,
    iso(clock.now),
    iso(new Date(clock.now.getTime() + CLAIM_LEASE_MS)),
  );
  const draft = await store.loadDraft(k, db.engine);
  if (!ok) {
    const holder = liveClaim(draft, clock.now);
    throw lockedBy(holder?.name ?? 'another user');
  }
  return meta(k, draft, clock.now);
}

export async function release(db: Db, identity: Identity, clock: Clock) {
  const k = db.kysely;
  await store.release(k, identity.id);
  return meta(k, await store.loadDraft(k, db.engine), clock.now);
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
  validationErrors: Record<string, string>;
}

type DraftBody = Partial<NationalSitrepFields> & {
  version_number?: number | undefined;
  edit_session?: string | undefined;
};

/**
 * A save based on `basedOn` is accepted on the current version, or on an older one when every
 * version since came from the same editing session (one per browser tab: its own earlier save that
 * the tab cancelled but that landed). Another tab or device of the same user is refused (issue 9).
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
export async function save(db: Db, identity: Identity, body: DraftBody, clock: Clock): Promise<SaveOutcome> {
  const { version_number: basedOn, edit_session, ...sent } = body;
  const session = edit_session ?? null;
  const now = iso(clock.now);
  let validationErrors: Record<string, string> = {};
  // Read before the write transaction: on SQLite one connection serves both.
  const index = await catalogueIndex(db.kysely, clock.now);
  await db.kysely.transaction().execute(async (trx) => {
    const draft = await store.loadDraft(trx, db.engine, { lock: true });
    const holder = liveClaim(draft, clock.now);
    if (!holder) throw claimFirst('saving');
    if (holder.id !== identity.id) throw lockedBy(holder.name);
    if (basedOn !== undefined && !acceptsBase(draft, basedOn, session)) {
      const params = {
        based_on: basedOn,
        current: draft.version_number,
        name: draft.edited_by_name ?? 'another user',
      };
      throw new HttpError(
        409,
        `The national sitrep changed since version ${params.based_on} (now ${params.current} by ${params.name}); reload it`,
        { code: 'national.stale' satisfies ServerMessageCode, params },
      );
    }
    // Merged under the draft's row lock, so a concurrent save cannot slip between read and write.
    const merged = nationalDraftFields({ ...parseFields(draft.data), ...definedFields(sent) });
    // 4.6: later rows of a mobilization group take To and From from the group's first row.
    const fields = { ...merged, mobs_grouped: normaliseMobilizationGroups(merged.mobs_grouped) };
    validationErrors = nationalDraftErrors(fields, index);
    await store.saveVersion(trx, JSON.stringify(fields), draft.version_number + 1, identity, now, {
      edit_session: session,
      // A session's run starts at the version it first saved over.
      edit_session_base:
        session === null
          ? null
          : draft.edit_session === session
            ? draft.edit_session_base
            : draft.version_number,
    });
    await store.renewClaim(trx, identity.id, iso(new Date(clock.now.getTime() + CLAIM_LEASE_MS)));
  });
  const m = await meta(db.kysely, await store.loadDraft(db.kysely, db.engine), clock.now);
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
  clock: Clock,
): Promise<SaveOutcome & { report?: PublicNationalSitrep }> {
  if (body && Object.keys(body).some((k) => k !== 'version_number' && k !== 'edit_session')) {
    const saved = await save(db, identity, body, clock);
    if (Object.keys(saved.validationErrors).length > 0) return saved;
  }
  const k = db.kysely;
  const date = centreToday(clock.now);
  const publishedAt = iso(clock.now);
  // Read outside the write transaction: on SQLite one connection serves both. The agency copies
  // are read inside it (through trx), so the report and each published_version agree.
  const [historical, carryOver, labels, index] = await Promise.all([
    historicalFigures(k, date),
    carryOverFires(k, date),
    resourceLabels(k),
    catalogueIndex(k, clock.now),
  ]);
  let report: PublicNationalSitrep | undefined;
  let errors: Record<string, string> = {};
  await k.transaction().execute(async (trx) => {
    const draft = await store.loadDraft(trx, db.engine, { lock: true });
    const holder = liveClaim(draft, clock.now);
    if (!holder) throw claimFirst('publishing');
    if (holder.id !== identity.id) throw lockedBy(holder.name);
    const fields = parseFields(draft.data);
    errors = nationalPublishErrors(fields, index);
    if (Object.keys(errors).length > 0) return;
    const summaries = await agencySummaries(trx);
    const last = await trx
      .selectFrom('national_sitrep_publications')
      .select((eb) => eb.fn.max('publication_number').as('n'))
      .where('report_date', '=', date)
      .executeTakeFirst();
    const publicationNumber = Number(last?.n ?? 0) + 1;
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
      clock.now,
    );
    await recordDutyOfficer(trx, fields.duty_officer_name, date);
    // The user leaves the screen after publishing (2.2): the claim goes with it.
    await store.release(trx, identity.id);
  });
  const m = await meta(k, await store.loadDraft(k, db.engine), clock.now);
  return { result: saveResult(m, errors), validationErrors: errors, ...(report ? { report } : {}) };
}

export async function stats(db: Db, clock: Clock): Promise<NationalSitrepStats> {
  const draft = await store.loadDraft(db.kysely, db.engine);
  const m = await meta(db.kysely, draft, clock.now);
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

/* ---------- public reads ---------- */

/** The stored public report of a date (latest without one), or undefined. */
export async function publicReport(
  db: Kysely<Database>,
  date?: string,
): Promise<PublicNationalSitrep | undefined> {
  const row = await store.currentPublication(db, date);
  return row ? (JSON.parse(row.report) as PublicNationalSitrep) : undefined;
}

export async function archive(db: Kysely<Database>): Promise<SitrepArchive> {
  const rows = await store.archiveRows(db);
  const years: SitrepArchive['years'] = [];
  for (const r of rows) {
    const year = Number(r.report_date.slice(0, 4));
    const month = Number(r.report_date.slice(5, 7));
    const day = Number(r.report_date.slice(8, 10));
    let y = years.at(-1);
    if (!y || y.year !== year) {
      y = { year, months: [] };
      years.push(y);
    }
    let mo = y.months.at(-1);
    if (!mo || mo.month !== month) {
      mo = { month, days: [] };
      y.months.push(mo);
    }
    mo.days.push({ day, date: r.report_date, data: { field_preparedness_level: r.preparedness_level } });
  }
  years.reverse();
  const latest = await publicReport(db);
  return { latest: latest ? basic(latest) : null, years };
}

export const basic = (r: PublicNationalSitrep) => ({
  field_preparedness_level: r.field_preparedness_level,
  field_date: r.field_date,
  field_en_summary_comments: r.field_en_summary_comments,
  field_fr_summary_comments: r.field_fr_summary_comments,
});

/** One row per published national sitrep of the year (the current report of each date), for the CSV export. */
export interface PublishedNationalSitrepRow {
  date: string;
  national_preparedness_level: string;
  published_at: string;
  publication_number: number;
  agencies_reporting: number;
  new_fires: number;
  active_fires: number;
  active_hectares: number;
  ytd_fires: number;
  ytd_hectares: number;
  national_mobilizations: number;
  us_preparedness_level: number | null;
  duty_officer: string;
}

export async function listPublishedNationalSitreps(
  db: Db | Kysely<Database>,
  year: number,
): Promise<PublishedNationalSitrepRow[]> {
  const rows = await store.currentPublicationsOfYear(kyselyOf(db), year);
  return rows.map((r) => {
    const report = JSON.parse(r.report) as PublicNationalSitrep;
    const f = keyFigures(report);
    return {
      date: r.report_date,
      national_preparedness_level: r.preparedness_level,
      published_at: r.published_at,
      publication_number: r.publication_number,
      agencies_reporting: f.reporting,
      new_fires: f.newFires,
      active_fires: f.activeFires,
      active_hectares: f.activeArea,
      ytd_fires: f.ytd.fires,
      ytd_hectares: Math.round(f.ytd.area * 10) / 10,
      national_mobilizations: f.mobilized,
      us_preparedness_level: report.field_us_preparedness_level,
      duty_officer: report.field_duty_officer,
    };
  });
}

import { ACTIVE_STAGES, type FireSource, type FiresImportResult, reportPrevails } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/tables.ts';
import { bumpDataVersion } from '../../db/versions.ts';
import {
  existingFires,
  fireKey,
  firesWithHistoryFlag,
  insertImport,
  insertVersions,
  lockImports,
  type NewImport,
  sameValues,
  type VersionAction,
} from '../history/store.ts';
import { type FireRow, type NewFire, writeFires } from '../store.ts';
import type { ValidRow } from './rows.ts';

/**
 * Writing an import (docs/fires-import.md, "History", "Sources", "Snapshots"): each valid row
 * against the fire's current values and report, then the fires a snapshot no longer lists, then
 * the import's history row, the upsert and a version of each inserted, changed, ended or
 * overruled fire.
 */

type AcceptedRow = FiresImportResult['accepted'][number];
type Existing = FireRow & { has_history: boolean };

/** The report the rows of one import make: who, on which day, and whether it is a complete list. */
export interface Report {
  source: FireSource;
  /** The day the rows speak for (YYYY-MM-DD). */
  reportedOn: string;
  /** A snapshot: the complete current list of these agencies (its day is `reportedOn`). */
  snapshotOf: ReadonlySet<string> | null;
}

interface Classified {
  accepted: AcceptedRow[];
  /** What to upsert: inserted, changed and ended fires (an unchanged row is not rewritten). */
  writes: NewFire[];
  /** Baselines first, so that a fire's versions stay in order of id. */
  versions: { action: VersionAction; fire: NewFire }[];
  overruledBy: Record<string, number>;
  ended: number;
}

/** The values written for a fire: the row's, with the report that gave them. */
const reported = (fire: NewFire, report: Report, now: string): NewFire => ({
  ...fire,
  updated_at: now,
  report_source: report.source,
  reported_on: report.reportedOn,
  ended_on: null,
});

const withoutFlag = ({ has_history: _, ...values }: Existing): NewFire => values;

/**
 * Each valid row against the fire's current values and report. A dry run (`writing` false) counts
 * only: the values it would write are not kept (a copy of every row of a large file).
 */
function classify(
  valid: readonly ValidRow[],
  existing: Map<string, Existing>,
  report: Report,
  now: string,
  writing: boolean,
): Classified {
  const out: Classified = { accepted: [], writes: [], versions: [], overruledBy: {}, ended: 0 };
  const baselines: Classified['versions'] = [];
  for (const { record, fire } of valid) {
    const before = existing.get(fireKey(fire.agency_code, fire.agency_fire_id));
    let action: AcceptedRow['action'];
    if (!before) action = 'inserted';
    else if (sameValues(before, fire)) action = 'unchanged';
    else if (reportPrevails({ reported_on: report.reportedOn, report_source: report.source }, before))
      action = 'updated';
    else action = 'overruled';
    out.accepted.push({
      row: record.row,
      ...(record.line !== undefined ? { line: record.line } : {}),
      agency_code: fire.agency_code,
      agency_fire_id: fire.agency_fire_id,
      action,
    });
    if (action === 'unchanged') continue;
    if (action === 'overruled') {
      const winner = (before as Existing).report_source;
      out.overruledBy[winner] = (out.overruledBy[winner] ?? 0) + 1;
    }
    if (!writing) continue;
    if (before && !before.has_history) baselines.push({ action: 'baseline', fire: withoutFlag(before) });
    const after = reported(fire, report, now);
    out.versions.push({ action, fire: after });
    if (action !== 'overruled') out.writes.push(after);
  }
  out.versions = [...baselines, ...out.versions];
  return out;
}

/**
 * The fires of the snapshot's agencies that it no longer lists and that were last reported before
 * its day: they end (OUT, `ended_on` the snapshot's day). A fire reported on or after that day, by
 * any source, is left as it is: an old file imported late ends nothing current.
 */
async function endUnlisted(
  db: Kysely<Database>,
  report: Report,
  listed: ReadonlySet<string>,
  now: string,
  out: Classified,
): Promise<void> {
  if (!report.snapshotOf?.size) return;
  const candidates = await firesWithHistoryFlag(db)
    .where('f.agency_code', 'in', [...report.snapshotOf])
    .where('f.stage_of_control', 'in', ACTIVE_STAGES)
    .where((eb) => eb.or([eb('f.reported_on', 'is', null), eb('f.reported_on', '<', report.reportedOn)]))
    .execute();
  const baselines: Classified['versions'] = [];
  const ends: Classified['versions'] = [];
  for (const row of candidates) {
    if (listed.has(fireKey(row.agency_code, row.agency_fire_id))) continue;
    const before = { ...row, has_history: Boolean(row.has_history) };
    if (!before.has_history) baselines.push({ action: 'baseline', fire: withoutFlag(before) });
    const after: NewFire = {
      ...withoutFlag(before),
      stage_of_control: 'OUT',
      ended_on: report.reportedOn,
      report_source: report.source,
      reported_on: report.reportedOn,
      updated_at: now,
    };
    ends.push({ action: 'ended', fire: after });
    out.writes.push(after);
  }
  out.versions = [...baselines, ...out.versions, ...ends];
  out.ended = ends.length;
}

const countOf = (accepted: readonly AcceptedRow[], action: AcceptedRow['action']) =>
  accepted.filter((a) => a.action === action).length;

export interface ImportPlan {
  engine: Db['engine'];
  valid: readonly ValidRow[];
  report: Report;
  /** Fires the file names, valid or not: a snapshot ends none of them. */
  listed: ReadonlySet<string>;
  counts: { total_rows: number; rejected: number };
  /** The history's row of the import; null for a dry run (nothing is written). */
  entry: Omit<NewImport, 'counts' | 'snapshot_on'> | null;
}

interface Outcome {
  accepted: AcceptedRow[];
  counts: NewImport['counts'];
  overruledBy: Record<string, number>;
  importId: number | null;
}

/**
 * Compares the valid rows with the current fires and, unless a dry run, records the import and a
 * version of each inserted, changed, ended or overruled fire and upserts them. Call inside one
 * transaction.
 */
export async function applyImport(trx: Kysely<Database>, plan: ImportPlan): Promise<Outcome> {
  if (plan.entry) await lockImports(trx, plan.engine);
  const existing = await existingFires(
    trx,
    plan.valid.map((v) => v.fire),
  );
  const now = plan.entry?.created_at ?? '';
  const classified = classify(plan.valid, existing, plan.report, now, plan.entry !== null);
  await endUnlisted(trx, plan.report, plan.listed, now, classified);
  const { accepted, writes, versions, overruledBy } = classified;
  const counts = {
    ...plan.counts,
    inserted: countOf(accepted, 'inserted'),
    updated: countOf(accepted, 'updated'),
    unchanged: countOf(accepted, 'unchanged'),
    overruled: countOf(accepted, 'overruled'),
    ended: classified.ended,
  };
  if (!plan.entry) return { accepted, counts, overruledBy, importId: null };
  const importId = await insertImport(trx, {
    ...plan.entry,
    counts,
    snapshot_on: plan.report.snapshotOf ? plan.report.reportedOn : null,
  });
  await writeFires(trx, writes);
  await insertVersions(trx, importId, versions);
  // Every import that accepted rows dates the data (`valid_as`), changed or not.
  if (accepted.length || classified.ended) await bumpDataVersion(trx, 'fires');
  return { accepted, counts, overruledBy, importId };
}

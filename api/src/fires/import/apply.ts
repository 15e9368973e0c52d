import { setImmediate as nextTurn } from 'node:timers/promises';
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
import type { FireKeys } from './fire-keys.ts';
import type { ValidRow } from './rows.ts';
import type { ValidRows } from './valid-rows.ts';

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

/**
 * What the rows of an import come to, counted as they are compared; only the first rows are kept
 * for the answer (docs/decisions.md, "An import answers a summary").
 */
interface Tally {
  /** The first ANSWER_ROWS accepted rows, for the answer. */
  accepted: AcceptedRow[];
  counts: Record<AcceptedRow['action'], number>;
  overruledBy: Record<string, number>;
}

/**
 * An answer lists the first rows of each kind, its counts cover them all (docs/decisions.md,
 * "An import answers a summary"): a 100,000-row file answered 10 MB of rows nobody reads there.
 */
export const ANSWER_ROWS = 100;

/** What one batch of rows writes: inserted, changed and ended fires, and their versions. */
interface Batch {
  /** What to upsert (an unchanged or overruled row is not rewritten). */
  writes: NewFire[];
  /** Baselines first, so that a fire's versions stay in order of id. */
  versions: { action: VersionAction; fire: NewFire }[];
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
 * A batch of valid rows against the fires' current values and report, counted into `tally`. A dry
 * run (`writing` false) counts only: the values it would write are not kept.
 */
function classify(
  valid: readonly ValidRow[],
  existing: Map<string, Existing>,
  report: Report,
  now: string,
  writing: boolean,
  tally: Tally,
): Batch {
  const batch: Batch = { writes: [], versions: [] };
  const baselines: Batch['versions'] = [];
  for (const { record, fire } of valid) {
    const before = existing.get(fireKey(fire.agency_code, fire.agency_fire_id));
    let action: AcceptedRow['action'];
    if (!before) action = 'inserted';
    else if (sameValues(before, fire)) action = 'unchanged';
    else if (reportPrevails({ reported_on: report.reportedOn, report_source: report.source }, before))
      action = 'updated';
    else action = 'overruled';
    tally.counts[action] += 1;
    if (tally.accepted.length < ANSWER_ROWS)
      tally.accepted.push({
        row: record.row,
        ...(record.line !== undefined ? { line: record.line } : {}),
        agency_code: fire.agency_code,
        agency_fire_id: fire.agency_fire_id,
        action,
      });
    if (action === 'unchanged') continue;
    if (action === 'overruled') {
      const winner = (before as Existing).report_source;
      tally.overruledBy[winner] = (tally.overruledBy[winner] ?? 0) + 1;
    }
    if (!writing) continue;
    if (before && !before.has_history) baselines.push({ action: 'baseline', fire: withoutFlag(before) });
    const after = reported(fire, report, now);
    batch.versions.push({ action, fire: after });
    if (action !== 'overruled') batch.writes.push(after);
  }
  batch.versions = [...baselines, ...batch.versions];
  return batch;
}

/**
 * A snapshot's agencies' fires looked at a time for those it no longer lists: the whole of them
 * (every fire of a large file imported again the next day) took their rows into memory at once.
 */
const FIRES_PER_PAGE = 1_000;

/**
 * The fires of the snapshot's agencies that it no longer lists and that were last reported before
 * its day end (OUT, `ended_on` the snapshot's day), a page of fires at a time, each page written by
 * `write`; answers how many. A fire reported on or after that day, by any source, is left as it
 * is: an old file imported late ends nothing current.
 */
async function endUnlisted(
  db: Kysely<Database>,
  report: Report,
  listed: FireKeys,
  now: string,
  write: (batch: Batch) => Promise<void>,
): Promise<number> {
  let ended = 0;
  for (const agency of [...(report.snapshotOf ?? [])].sort()) {
    let after: string | undefined;
    for (;;) {
      let page = firesWithHistoryFlag(db)
        .where('f.agency_code', '=', agency)
        .where('f.stage_of_control', 'in', ACTIVE_STAGES)
        .where((eb) => eb.or([eb('f.reported_on', 'is', null), eb('f.reported_on', '<', report.reportedOn)]));
      if (after !== undefined) page = page.where('f.agency_fire_id', '>', after);
      const candidates = await page.orderBy('f.agency_fire_id').limit(FIRES_PER_PAGE).execute();
      const batch: Batch = { writes: [], versions: [] };
      const baselines: Batch['versions'] = [];
      const ends: Batch['versions'] = [];
      for (const row of candidates) {
        if (listed.has(row.agency_code, row.agency_fire_id)) continue;
        const before = { ...row, has_history: Boolean(row.has_history) };
        if (!before.has_history) baselines.push({ action: 'baseline', fire: withoutFlag(before) });
        const ending: NewFire = {
          ...withoutFlag(before),
          stage_of_control: 'OUT',
          ended_on: report.reportedOn,
          report_source: report.source,
          reported_on: report.reportedOn,
          updated_at: now,
        };
        ends.push({ action: 'ended', fire: ending });
        batch.writes.push(ending);
      }
      batch.versions = [...baselines, ...ends];
      await write(batch);
      ended += batch.writes.length;
      const last = candidates.at(-1);
      if (!last || candidates.length < FIRES_PER_PAGE) break;
      after = last.agency_fire_id;
      await nextTurn();
    }
  }
  return ended;
}

/**
 * Rows compared and written at a time: the values written and their versions are kept for one
 * batch only, not for every row of a large file, and a public read waits at most one batch.
 */
const ROWS_PER_BATCH = 500;

export interface ImportPlan {
  engine: Db['engine'];
  valid: ValidRows;
  report: Report;
  /** Fires the file names, valid or not: a snapshot ends none of them. */
  listed: FireKeys;
  counts: { total_rows: number; rejected: number };
  /** The history's row of the import; null for a dry run (nothing is written). */
  entry: Omit<NewImport, 'counts' | 'snapshot_on'> | null;
  /** Hears the valid rows compared (and written) after each batch. */
  onRows?: ((count: number) => void) | undefined;
}

export interface Outcome {
  /** The first ANSWER_ROWS accepted rows. */
  accepted: AcceptedRow[];
  counts: NewImport['counts'];
  overruledBy: Record<string, number>;
  importId: number | null;
}

/**
 * Compares the valid rows with the current fires and, unless a dry run, records the import and a
 * version of each inserted, changed, ended or overruled fire and upserts them, a batch of rows at a
 * time. Call inside one transaction: the import's row is written first, its counts once known.
 */
export async function applyImport(trx: Kysely<Database>, plan: ImportPlan): Promise<Outcome> {
  if (plan.entry) await lockImports(trx, plan.engine);
  const now = plan.entry?.created_at ?? '';
  const snapshot_on = plan.report.snapshotOf ? plan.report.reportedOn : null;
  const zero = { inserted: 0, updated: 0, unchanged: 0, overruled: 0, ended: 0 };
  const importId = plan.entry
    ? await insertImport(trx, { ...plan.entry, counts: { ...plan.counts, ...zero }, snapshot_on })
    : null;
  const write = async (batch: Batch) => {
    if (importId === null) return;
    await writeFires(trx, batch.writes);
    await insertVersions(trx, importId, batch.versions);
  };
  const tally: Tally = {
    accepted: [],
    counts: { inserted: 0, updated: 0, unchanged: 0, overruled: 0 },
    overruledBy: {},
  };
  for (const part of plan.valid.parts())
    for (let i = 0; i < part.length; i += ROWS_PER_BATCH) {
      const rows = part.slice(i, i + ROWS_PER_BATCH);
      const existing = await existingFires(
        trx,
        rows.map((v) => v.fire),
      );
      await write(classify(rows, existing, plan.report, now, importId !== null, tally));
      plan.onRows?.(rows.length);
      // SQLite's driver answers synchronously: without a turn of the event loop between batches,
      // every public read waited for the whole import (docs/decisions.md, "Large imports").
      await nextTurn();
    }
  const ended = await endUnlisted(trx, plan.report, plan.listed, now, write);
  const counts = { ...plan.counts, ...tally.counts, ended };
  const { accepted, overruledBy } = tally;
  if (importId === null) return { accepted, counts, overruledBy, importId };
  const { total_rows: _, ...written } = counts;
  await trx.updateTable('fire_imports').set(written).where('id', '=', importId).execute();
  // Every import that accepted rows dates the data (`valid_as`), changed or not.
  if (plan.valid.length || counts.ended) await bumpDataVersion(trx, 'fires');
  return { accepted, counts, overruledBy, importId };
}

import type { FiresImportResult } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { bumpDataVersion } from '../db/versions.ts';
import {
  existingFires,
  fireKey,
  insertImport,
  insertVersions,
  lockImports,
  type NewImport,
  sameValues,
  type VersionAction,
} from './history.ts';
import type { ValidRow } from './import-rows.ts';
import { type FireRow, type NewFire, writeFires } from './store.ts';

/**
 * Writing an import (docs/fires-import.md, "History"): each valid row against the fire's current
 * values, then the import's history row, the upsert and a version of each inserted or changed fire.
 */

type AcceptedRow = FiresImportResult['accepted'][number];

interface Classified {
  accepted: AcceptedRow[];
  /** What to upsert: inserted and changed fires (an unchanged row is not rewritten). */
  writes: NewFire[];
  /** Baselines first, so that a fire's versions stay in order of id. */
  versions: { action: VersionAction; fire: NewFire }[];
}

/** Each valid row against the fire's current values: inserted, updated (changed) or unchanged. */
function classify(
  valid: readonly ValidRow[],
  existing: Map<string, FireRow & { has_history: boolean }>,
  now: string,
): Classified {
  const accepted: AcceptedRow[] = [];
  const writes: NewFire[] = [];
  const baselines: Classified['versions'] = [];
  const changes: Classified['versions'] = [];
  for (const { record, fire } of valid) {
    const before = existing.get(fireKey(fire.agency_code, fire.agency_fire_id));
    const action = !before ? 'inserted' : sameValues(before, fire) ? 'unchanged' : 'updated';
    accepted.push({
      row: record.row,
      ...(record.line !== undefined ? { line: record.line } : {}),
      agency_code: fire.agency_code,
      agency_fire_id: fire.agency_fire_id,
      action,
    });
    if (action === 'unchanged') continue;
    const after = { ...fire, updated_at: now };
    writes.push(after);
    changes.push({ action, fire: after });
    if (before && !before.has_history) {
      const { has_history: _, ...values } = before;
      baselines.push({ action: 'baseline', fire: values });
    }
  }
  return { accepted, writes, versions: [...baselines, ...changes] };
}

const countOf = (accepted: readonly AcceptedRow[], action: AcceptedRow['action']) =>
  accepted.filter((a) => a.action === action).length;

export interface ImportPlan {
  engine: Db['engine'];
  valid: readonly ValidRow[];
  counts: { total_rows: number; rejected: number };
  /** The history's row of the import; null for a dry run (nothing is written). */
  entry: Omit<NewImport, 'counts'> | null;
}

interface Outcome {
  accepted: AcceptedRow[];
  counts: NewImport['counts'];
  importId: number | null;
}

/**
 * Compares the valid rows with the current fires and, unless a dry run, records the import and a
 * version of each inserted or changed fire and upserts them. Call inside one transaction.
 */
export async function applyImport(trx: Kysely<Database>, plan: ImportPlan): Promise<Outcome> {
  if (plan.entry) await lockImports(trx, plan.engine);
  const existing = await existingFires(
    trx,
    plan.valid.map((v) => v.fire),
  );
  const { accepted, writes, versions } = classify(plan.valid, existing, plan.entry?.created_at ?? '');
  const counts = {
    ...plan.counts,
    inserted: countOf(accepted, 'inserted'),
    updated: countOf(accepted, 'updated'),
    unchanged: countOf(accepted, 'unchanged'),
  };
  if (!plan.entry) return { accepted, counts, importId: null };
  const importId = await insertImport(trx, { ...plan.entry, counts });
  await writeFires(trx, writes);
  await insertVersions(trx, importId, versions);
  // Every import that accepted rows dates the data (`valid_as`), changed or not.
  if (accepted.length) await bumpDataVersion(trx, 'fires');
  return { accepted, counts, importId };
}

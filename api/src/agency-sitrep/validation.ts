/* Validation of a saved document against the bounds of data-entry.md 5.2 and the resource catalogue. */
import {
  type AgencySitrepData,
  normaliseMobilizationGroups,
  type ResourceIndex,
  resourceChoiceErrors,
  type SitrepValidationErrors,
  validateAgencySitrep,
  withSectionSlots,
} from '@ciffc/contracts';
import { loadResourceIndex } from '../resources/store.ts';

import type { Db } from './refusals.ts';

let indexCache: { db: Db; at: number; index: Promise<ResourceIndex> } | undefined;

/** The resource catalogue only changes by migration; a minute of reuse keeps saves cheap. */
export function resourceIndex(db: Db, now: number): Promise<ResourceIndex> {
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
export function normalise(doc: AgencySitrepData): AgencySitrepData {
  return doc.mobs_grouped ? { ...doc, mobs_grouped: normaliseMobilizationGroups(doc.mobs_grouped) } : doc;
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface Mobilized {
  /** `${agency}|${field_item_short}` → how many of that resource are out on mobilization. */
  counts: Map<string, number>;
  /** What the counts were read from (shown in the summary's meta and docs/decisions.md). */
  source: string;
}

/**
 * What each agency has out on mobilization, per resource. See docs/decisions.md
 * ("available = seasonal minus what is mobilized").
 */
export async function loadMobilized(_db: Kysely<Database>): Promise<Mobilized> {
  return { counts: new Map(), source: 'none' };
}

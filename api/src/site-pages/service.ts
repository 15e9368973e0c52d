import { seasonOf } from '@ciffc/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import { dataVersion } from '../db/versions.ts';
import { activeFires } from '../fires/store.ts';
import * as nationalSitrep from '../national-sitrep/service.ts';

/** A report's preview changes with a publication (its level) and with the fires (its map). */
export async function previewVersion(db: Db): Promise<string> {
  const [published, fires] = await Promise.all([
    nationalSitrep.publicationsVersion(db),
    dataVersion(db.kysely, 'fires'),
  ]);
  return `${published}|${fires}`;
}

/** The level of the report published for the date; undefined when none is. */
export const previewLevel = (db: Kysely<Database>, date: string) => nationalSitrep.publishedLevel(db, date);

/** The map's fires are those it showed on that day: the season's active fires reported by then. */
export const previewFires = (db: Kysely<Database>, date: string) =>
  activeFires(db, seasonOf(date), { to: date });

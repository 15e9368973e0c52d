import type { AgencyCode } from '@ciffc/contracts';
import type { Db } from '../db/index.ts';
import { importPerimeters } from './import.ts';

/**
 * A scheduled feed's file of perimeters, imported as the agency's own (docs/perimeters.md, "A
 * scheduled feed"): the same checks, matching and history as a file sent to the import route.
 */
export async function importPerimeterFeed(
  db: Db,
  bytes: Buffer,
  options: { agency: AgencyCode; now: Date; fileName: string },
) {
  const result = await importPerimeters(db, bytes, {
    ownAgency: options.agency,
    dryRun: false,
    now: options.now,
    actor: { source: 'feed', userId: null, username: null },
    fileName: options.fileName,
  });
  return {
    total: result.total_features,
    accepted: result.accepted_count,
    refused: result.refused_count,
    importId: result.import_id,
  };
}

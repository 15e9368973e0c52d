import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely';
import { migrations as agencies } from '../agencies/migrations.ts';
import { migrations as agencySitrep } from '../agency-sitrep/migrations.ts';
import { migrations as dutyOfficers } from '../duty-officers/migrations.ts';
import { migrations as feeds } from '../feeds/migrations.ts';
import { migrations as fires } from '../fires/migrations.ts';
import { migrations as historical } from '../historical/migrations.ts';
import { migrations as inventory } from '../inventory/migrations.ts';
import { migrations as nationalSitrep } from '../national-sitrep/migrations.ts';
import { migrations as perimeters } from '../perimeters/migrations.ts';
import { migrations as resources } from '../resources/migrations.ts';
import { type MigrationReport, takeMigrationReports } from './migration-reports.ts';
import { migrations as infrastructure } from './migrations.ts';
import { applyReferenceData, CONTRACT_REFERENCE, type ReferenceData } from './reference-data.ts';
import type { Database } from './tables.ts';

/** Every domain's migrations, in one record; a duplicate name is a programming error. */
function allMigrations(): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const set of [
    infrastructure,
    agencies,
    fires,
    historical,
    resources,
    inventory,
    nationalSitrep,
    dutyOfficers,
    agencySitrep,
    feeds,
    perimeters,
  ]) {
    for (const [name, migration] of Object.entries(set)) {
      if (all[name]) throw new Error(`Duplicate migration name ${name}`);
      all[name] = migration;
    }
  }
  return all;
}

class DomainMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return allMigrations();
  }
}

/**
 * The migrations' results, and what the data migrations among them did; then the reference data
 * (reference-data.ts) made to agree with the contracts, even when no migration was pending: a
 * renamed or added agency reaches the database at the next `npm run migrate` or migrating start.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  reference: ReferenceData = CONTRACT_REFERENCE,
): Promise<MigrationResultSet & { reports: MigrationReport[] }> {
  const migrator = new Migrator({ db, provider: new DomainMigrationProvider() });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    takeMigrationReports();
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  const changes = await applyReferenceData(db, reference);
  const written = Object.entries(changes).filter(([, codes]) => codes.length > 0);
  const reports = takeMigrationReports();
  if (written.length)
    reports.push({
      migration: 'reference data',
      details: Object.fromEntries(written.map(([table, codes]) => [table, codes.join(' ')])),
    });
  return { ...result, reports };
}

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

/** The migrations' results, and what the data migrations among them did. */
export async function migrateToLatest(
  db: Kysely<Database>,
): Promise<MigrationResultSet & { reports: MigrationReport[] }> {
  const migrator = new Migrator({ db, provider: new DomainMigrationProvider() });
  const result = { ...(await migrator.migrateToLatest()), reports: takeMigrationReports() };
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}

/**
 * What a data migration did, for whoever ran the migrations to say (the server's log, `npm run
 * migrate`'s output): a migration's `up` has no logger of its own.
 */
export interface MigrationReport {
  migration: string;
  details: Record<string, number | string>;
}

const pending: MigrationReport[] = [];

export function reportMigration(migration: string, details: MigrationReport['details']): void {
  pending.push({ migration, details });
}

/** The reports since the last call, once. */
export function takeMigrationReports(): MigrationReport[] {
  return pending.splice(0, pending.length);
}

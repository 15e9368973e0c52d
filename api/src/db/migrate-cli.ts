/**
 * `npm run migrate`: the deploy step that brings the database to this release's schema, run once
 * before the instances are restarted (deploy/README.md: expand, then contract a release later).
 */
import { loadConfig, migrationTargetProblem } from '../config.ts';
import { createDb } from './index.ts';
import { migrateToLatest } from './migrate.ts';

const problem = migrationTargetProblem(process.env);
if (problem) {
  console.error(problem);
  process.exit(1);
}
// Only the database settings matter here: the secret checks of a serving instance do not apply.
const config = loadConfig({ ...process.env, NODE_ENV: 'migrate' }, { jwtSecret: 'unused by migrations' });
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 2 });
try {
  const result = await migrateToLatest(db.kysely);
  const applied = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  console.log(applied.length ? `migrated: ${applied.join(', ')}` : 'database already up to date');
  for (const report of result.reports) console.log(`${report.migration}: ${JSON.stringify(report.details)}`);
} finally {
  await db.close();
}

/**
 * `npm run import -- FILE [--dry-run] [--snapshot|--no-snapshot]`: imports a CSV or GeoJSON fires file into the data API's
 * database (SQLITE_FILE or DATABASE_URL), with the rules of POST /v1/fires/import and the rights
 * of the national centre; `--snapshot` takes the file as the complete list of its agencies
 * (docs/fires-import.md, "Snapshots"; the national file's layout is one unless `--no-snapshot`). Exit 0 when the file was read (rows may still be rejected), 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { createDb } from '../../db/index.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { HttpError } from '../../http/errors.ts';
import { centreToday } from '../../http/time.ts';
import { importFires } from './import.ts';
import { SentFile } from './parse.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const dryRun = args.includes('--dry-run');
const snapshot = args.includes('--snapshot') ? true : args.includes('--no-snapshot') ? false : undefined;
const files = args.filter((a) => !a.startsWith('--'));
if (files.length !== 1) {
  console.error('usage: npm run import -- FILE.csv|FILE.geojson [--dry-run] [--snapshot|--no-snapshot]');
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0] as string);
const config = loadConfig(process.env, { jwtSecret: 'unused-by-the-import' });
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
let exitCode = 0;
try {
  await migrateToLatest(db.kysely);
  // Its bytes, decoded where the file is checked (on the worker thread when it is large).
  const body = new SentFile(readFileSync(file), undefined);
  const result = await importFires(db, body, {
    today: centreToday(new Date()),
    dryRun,
    snapshot,
    actor: { source: 'cli', userId: null, username: null },
    fileName: path.basename(file),
    formatHint:
      path.extname(file).toLowerCase() === '.csv' ? 'csv' : /\.(geo)?json$/i.test(file) ? 'json' : undefined,
  });
  console.log(
    `${file} (${result.format}, ${db.engine}${dryRun ? ', dry run' : ''}): ${result.total_rows} rows, ` +
      `${result.accepted_count} accepted (${result.inserted} new, ${result.updated} updated, ` +
      `${result.unchanged} unchanged${result.overruled ? `, ${result.overruled} overruled` : ''}), ` +
      `${result.rejected_count} rejected` +
      (result.snapshot_on === null
        ? ''
        : `; snapshot of ${result.snapshot_on}: ${result.ended} fires ended`) +
      (result.import_id === null ? '' : `; import ${result.import_id}`),
  );
  // The counts first: on a national file the reasons (US agencies, unknown stages) matter more
  // than the first 50 rows.
  const reasons = Object.entries(result.rejected_by_reason).sort(([a], [b]) => a.localeCompare(b));
  if (reasons.length) {
    console.log(`rejected by reason: ${reasons.map(([reason, n]) => `${reason} ${n}`).join(', ')}`);
  }
  for (const r of result.rejected.slice(0, 50)) {
    console.log(`  row ${r.row}${r.line ? ` (line ${r.line})` : ''}: ${Object.values(r.errors).join('; ')}`);
  }
  if (result.rejected_count > 50) console.log(`  ... and ${result.rejected_count - 50} more rejected rows`);
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  exitCode = 1;
} finally {
  await db.close();
}
process.exit(exitCode);

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_HEADER } from '../../../test/fixtures.ts';
import { REPO_ROOT } from '../../config.ts';
import { createDb } from '../../db/index.ts';

const run = promisify(execFile);
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const CLI = path.join(REPO_ROOT, 'api/src/fires/import/cli.ts');

/**
 * `npm run import -- FILE` as an operator runs it (the script is `tsx api/src/fires/import/cli.ts`),
 * against a throwaway SQLite file: the CLI takes DATABASE_URL when set, else SQLITE_FILE.
 */
describe('npm run import -- FILE', () => {
  let dir: string;
  let sqliteFile: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ciffc-import-cli-'));
    sqliteFile = path.join(dir, 'api.db');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function importFile(name: string, text: string, ...flags: string[]) {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    const env = { ...process.env, SQLITE_FILE: sqliteFile, DATABASE_URL: '', INIT_CWD: dir };
    try {
      const { stdout, stderr } = await run(TSX, [CLI, '--', file, ...flags], { env, cwd: REPO_ROOT });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  async function storedFires() {
    const db = createDb({ databaseUrl: undefined, sqliteFile });
    try {
      const rows = await db.kysely
        .selectFrom('fires')
        .select(['agency_code', 'agency_fire_id', 'fire_size'])
        .orderBy('agency_fire_id')
        .execute();
      return rows.map((r) => `${r.agency_code}/${r.agency_fire_id}/${Number(r.fire_size)}`);
    } finally {
      await db.close();
    }
  }

  /** The import history in the file: imports by id, versions as "import action agency/fire". */
  async function history() {
    const db = createDb({ databaseUrl: undefined, sqliteFile });
    try {
      const imports = await db.kysely
        .selectFrom('fire_imports')
        .select([
          'id',
          'source',
          'user_id',
          'username',
          'agency_code',
          'file_name',
          'inserted',
          'updated',
          'rejected',
        ])
        .orderBy('id')
        .execute();
      const versions = await db.kysely
        .selectFrom('fire_versions')
        .select(['import_id', 'action', 'agency_code', 'agency_fire_id'])
        .orderBy('id')
        .execute();
      return {
        imports,
        versions: versions.map((v) => `${v.import_id} ${v.action} ${v.agency_code}/${v.agency_fire_id}`),
      };
    } finally {
      await db.close();
    }
  }

  it('imports a good CSV file into the database it is pointed at, exit 0 with a summary', async () => {
    const csv = [
      CSV_HEADER,
      'ab,CLI-1,America/Edmonton,2025-07-01,2025-07-02,OC,N,FUL,12.5,55.1,-115.2',
      'bc,CLI-2,,2025-07-01,,BH,H,MOD,3,50.6,-120.3',
    ].join('\n');
    const res = await importFile('good.csv', csv);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(
      /good\.csv \(csv, sqlite\): 2 rows, 2 accepted \(2 new, 0 updated, 0 unchanged\), 0 rejected; import 1$/m,
    );
    expect(await storedFires()).toEqual(['ab/CLI-1/12.5', 'bc/CLI-2/3']);
    expect(await history()).toEqual({
      imports: [
        {
          id: 1,
          source: 'cli',
          user_id: null,
          username: null,
          agency_code: null,
          file_name: 'good.csv',
          inserted: 2,
          updated: 0,
          rejected: 0,
        },
      ],
      versions: ['1 inserted ab/CLI-1', '1 inserted bc/CLI-2'],
    });
  });

  it('imports the good rows of a partly bad file, lists each rejected row with its reason, exit 0', async () => {
    const csv = [
      CSV_HEADER,
      'ab,CLI-1,,2025-07-01,,UC,N,FUL,20,55.1,-115.2',
      'zz,CLI-3,,2025-07-01,,OC,N,FUL,5,55.1,-115.2',
      'ab,CLI-4,,2025-07-01,,OC,N,FUL,-2,55.1,-115.2',
    ].join('\n');
    const res = await importFile('partly-bad.csv', csv);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/3 rows, 1 accepted \(0 new, 1 updated, 0 unchanged\), 2 rejected; import 2/);
    expect(res.stdout).toMatch(/row 2 \(line 3\): .*unknown agency code "zz"/);
    expect(res.stdout).toMatch(/row 3 \(line 4\): .*negative size -2/);
    expect(res.stdout).toMatch(/^rejected by reason: agency_code:unknown 1, fire_size:invalid 1$/m);
    expect(await storedFires()).toEqual(['ab/CLI-1/20', 'bc/CLI-2/3']);
  });

  it('changes nothing for a malformed file and exits 1 saying why', async () => {
    const csv = `${CSV_HEADER}\nab,CLI-5,,2025-07-01,,OC,N,FUL,5,55.1,-115.2\nab,"CLI-6,,2025-07-01`;
    const res = await importFile('malformed.csv', csv);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/Malformed file: CSV could not be read/);
    const geojson = await importFile('malformed.geojson', '{"type":"FeatureCollection","features":[');
    expect(geojson.code).toBe(1);
    expect(geojson.stderr).toMatch(/Malformed file/);
    expect(await storedFires()).toEqual(['ab/CLI-1/20', 'bc/CLI-2/3']);
    expect((await history()).imports.map((i) => i.id)).toEqual([1, 2]);
  });

  it('checks without writing with --dry-run, and exits 2 without exactly one file', async () => {
    const csv = `${CSV_HEADER}\nab,CLI-7,,2025-07-01,,OC,N,FUL,5,55.1,-115.2`;
    const dry = await importFile('dry.csv', csv, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/\(csv, sqlite, dry run\): 1 rows, 1 accepted/);
    expect(await storedFires()).toEqual(['ab/CLI-1/20', 'bc/CLI-2/3']);
    expect(await history()).toMatchObject({
      imports: [{ id: 1 }, { id: 2, file_name: 'partly-bad.csv', updated: 1, rejected: 2 }],
      versions: ['1 inserted ab/CLI-1', '1 inserted bc/CLI-2', '2 updated ab/CLI-1'],
    });
    const usage = await run(TSX, [CLI], { cwd: REPO_ROOT }).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringMatching(/usage: npm run import -- FILE/) });
  });

  it('with --snapshot ends the fires of its agencies it no longer lists, and says how many', async () => {
    // Alberta's complete list of 2025-07-03: CLI-1, last reported the day before, is no longer on it.
    const db = createDb({ databaseUrl: undefined, sqliteFile });
    await db.kysely.updateTable('fires').set({ reported_on: '2025-07-02' }).execute();
    await db.close();
    const csv = `${CSV_HEADER}\nab,CLI-8,,2025-07-03,,OC,N,FUL,5,55.1,-115.2`;
    const res = await importFile('alberta.csv', csv, '--snapshot');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/; snapshot of 2025-07-03: 1 fires ended; import 3$/m);
    const { versions } = await history();
    expect(versions.slice(-2)).toEqual(['3 inserted ab/CLI-8', '3 ended ab/CLI-1']);
    // British Columbia is not in the file: its fire goes on.
    expect(await storedFires()).toEqual(['ab/CLI-1/20', 'bc/CLI-2/3', 'ab/CLI-8/5']);
  });
}, 120_000);

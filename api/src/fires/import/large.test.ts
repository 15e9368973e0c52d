import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { text } from 'node:stream/consumers';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  clockAt,
  createTestContext,
  forEachEngine,
  type TestContext,
  tokenFor,
} from '../../../test/context.ts';
import { CSV_HEADER, fire } from '../../../test/fixtures.ts';
import { writeFires } from '../store.ts';
import { checkFile, holdImportChecks, IMPORT_WORKER_BYTES, importChecks } from './check.ts';
import { importReport } from './import.ts';
import { importProgress } from './progress.ts';
import { holdImportWrites, importWrites, WRITE_BESIDE_ROWS } from './write-beside.ts';

/** 3,600 rows, every twelfth with an unknown stage: 300 problems, and over the worker's size. */
const ROWS = 3_600;
const LARGE_CSV = [
  CSV_HEADER,
  ...Array.from({ length: ROWS }, (_, i) =>
    i % 12 === 11
      ? `bc,LARGE-${i + 1},America/Vancouver,2026-07-10,2026-07-12,XX,N,FUL,12.5,50.67,-120.33`
      : `bc,LARGE-${i + 1},America/Vancouver,2026-07-10,2026-07-12,OC,N,FUL,12.5,50.67,-120.33`,
  ),
].join('\n');

const post = async (ctx: TestContext, query: string, payload = LARGE_CSV) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/fires/import${query}`,
    headers: { 'content-type': 'text/csv', ...bearer(await tokenFor(ctx, 'ciffc')) },
    payload,
  });

/** How many fires have an id like the pattern. */
async function firesLike(ctx: TestContext, pattern: string): Promise<number> {
  const { n } = await ctx.app.db.kysely
    .selectFrom('fires')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('agency_fire_id', 'like', pattern)
    .executeTakeFirstOrThrow();
  return Number(n);
}

it('tells the rows checked as the worker hands them back, up to every row of the file', async () => {
  const told: number[] = [];
  const file = await checkFile(LARGE_CSV, {
    formatHint: 'text/csv',
    today: '2026-07-15',
    onRows: (n) => told.push(n),
  });
  expect(told.length).toBeGreaterThan(0);
  expect(told.reduce((a, b) => a + b, 0)).toBe(file.totalRows);
  expect(file.totalRows).toBe(ROWS);
  // Its valid rows wait in a spool file until they are written.
  const { spool } = file.valid.handOver();
  expect(spool && existsSync(spool)).toBe(true);
  expect([...file.valid.parts()].flat()).toHaveLength(3300);
  file.valid.dispose();
  expect(spool && existsSync(spool)).toBe(false);
});

it('tells the rows checked while it makes the full report, up to every row of the file', async () => {
  const told: number[] = [];
  const csv = await text(
    await importReport(LARGE_CSV, {
      today: '2026-07-15',
      formatHint: 'text/csv',
      tracker: { rows: (n) => told.push(n) },
    }),
  );
  expect(told.length).toBeGreaterThan(0);
  expect(told.reduce((a, b) => a + b, 0)).toBe(ROWS);
  expect(csv.trimEnd().split('\r\n')).toHaveLength(301);
});

it('holds the counts and the first 100 rejected rows, the rows themselves in the spool file, read back in order', async () => {
  const file = await checkFile(LARGE_CSV.replaceAll(',OC,', ',XX,'), {
    formatHint: 'text/csv',
    today: '2026-07-15',
  });
  try {
    // The worker handed the API's thread what the answer needs, not 3,600 rows.
    expect(file.rejected.length).toBe(ROWS);
    expect(file.rejected.byReason).toEqual({ 'stage_of_control:unknown': ROWS });
    expect(file.rejected.first.map((r) => r.row)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const rows = [...file.rejected.parts()].flat();
    expect(rows.map((r) => r.row)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(rows[11]).toMatchObject({
      line: 13,
      agency_fire_id: 'LARGE-12',
      reason_code: 'stage_of_control:unknown',
    });
    // Every fire the file names, valid or not, for a snapshot's ends.
    expect(file.named.size).toBe(ROWS);
    expect(file.named.has('bc', 'LARGE-3600')).toBe(true);
  } finally {
    file.valid.dispose();
  }
});

forEachEngine(
  'POST /v1/fires/import of a large file',
  (ctx) => {
    afterEach(() => holdImportChecks(false));

    it('is large enough to be checked on the worker thread', () => {
      expect(LARGE_CSV.length).toBeGreaterThan(IMPORT_WORKER_BYTES);
    });

    it('answers a dry run with the counts, the counts by reason and the first 100 of 300 problems', async () => {
      const res = await post(ctx(), '?dry_run=true');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        dry_run: true,
        total_rows: 3600,
        accepted_count: 3300,
        rejected_count: 300,
        rejected_by_reason: { 'stage_of_control:unknown': 300 },
        accepted_truncated: 3200,
        rejected_truncated: 200,
      });
      expect(body.rejected).toHaveLength(100);
      expect(body.accepted).toHaveLength(100);
      expect(body.rejected[0]).toMatchObject({ row: 12, line: 13, agency_fire_id: 'LARGE-12' });
      expect(body.rejected[99]).toMatchObject({ row: 1200, line: 1201, agency_fire_id: 'LARGE-1200' });
      expect(body.accepted[99]).toMatchObject({ row: 109, agency_fire_id: 'LARGE-109', action: 'inserted' });
    });

    it('answers every problem as CSV with ?report=csv, and writes nothing', async () => {
      const res = await post(ctx(), '?report=csv&file_name=season.csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="season-rejected.csv"');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines).toHaveLength(301);
      expect(lines[0]).toBe('row,line,agency_code,agency_fire_id,reason_code,code,reason,errors');
      expect(lines[1]).toMatch(
        /^"12","13","bc","LARGE-12","stage_of_control:unknown","import.unknown_stage",/,
      );
      expect(lines[300]).toMatch(/^"3600","3601","bc","LARGE-3600",/);
      const history = await ctx().app.db.kysely.selectFrom('fire_imports').select('id').execute();
      expect(history).toEqual([]);
    });

    it('ends the fires a large snapshot no longer lists, a page of fires at a time, but none it names', async () => {
      const id = (i: number) => `PAGE-${String(i).padStart(4, '0')}`;
      await writeFires(
        ctx().app.db.kysely,
        Array.from({ length: 2_600 }, (_, i) =>
          fire({ agency_code: 'sk', agency_fire_id: id(i), latitude: 54.1, longitude: -106.4 }),
        ),
      );
      // The first 1,500 listed (the last of them by a rejected row), the other 1,100 no longer.
      const rows = Array.from(
        { length: 1_500 },
        (_, i) =>
          `sk,${id(i)},America/Regina,2026-07-15,2026-07-15,${i === 1_499 ? 'XX' : 'OC'},N,FUL,10,54.1,-106.4`,
      );
      const res = await post(ctx(), '?snapshot=true', [CSV_HEADER, ...rows].join('\n'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ snapshot_on: '2026-07-15', accepted_count: 1_499, ended: 1_100 });
      const stages = await ctx()
        .app.db.kysely.selectFrom('fires')
        .select(['stage_of_control', (eb) => eb.fn.countAll<number>().as('n')])
        .where('agency_fire_id', 'like', 'PAGE-%')
        .groupBy('stage_of_control')
        .orderBy('stage_of_control')
        .execute();
      expect(stages.map((s) => [s.stage_of_control, Number(s.n)])).toEqual([
        ['OC', 1_500],
        ['OUT', 1_100],
      ]);
    });

    it('answers a public read while a large import is being checked', async () => {
      holdImportChecks(true);
      const handed = once(importChecks, 'task');
      let settled = false;
      const importing = post(ctx(), '').finally(() => {
        settled = true;
      });
      await handed;
      // The worker holds the file unread: the request thread is free for others.
      const read = await ctx().app.inject({ method: 'GET', url: '/v1/wildfires?page=1' });
      expect(read.statusCode).toBe(200);
      expect(settled).toBe(false);
      holdImportChecks(false);
      const res = await importing;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ inserted: 3300, rejected_count: 300, rejected_truncated: 200 });
      expect(res.json().accepted).toHaveLength(100);
    });

    it('writes a large file a batch of rows at a time: every fire, a baseline before the change of a fire with no history, and the counts in the history', async () => {
      // Two fires loaded before the history existed, one in each batch of rows.
      await writeFires(ctx().app.db.kysely, [
        fire({ agency_code: 'bc', agency_fire_id: 'BATCH-1', fire_size: 1 }),
        fire({ agency_code: 'bc', agency_fire_id: 'BATCH-2999', fire_size: 1 }),
      ]);
      const res = await post(ctx(), '', LARGE_CSV.replaceAll('LARGE-', 'BATCH-'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        accepted_count: 3300,
        inserted: 3298,
        updated: 2,
        accepted_truncated: 3200,
      });
      expect(body.accepted[0]).toMatchObject({ row: 1, agency_fire_id: 'BATCH-1', action: 'updated' });
      const db = ctx().app.db.kysely;
      const history = await db
        .selectFrom('fire_imports')
        .select(['total_rows', 'inserted', 'updated', 'unchanged', 'rejected', 'ended', 'overruled'])
        .where('id', '=', body.import_id)
        .executeTakeFirstOrThrow();
      expect(history).toEqual({
        total_rows: 3600,
        inserted: 3298,
        updated: 2,
        unchanged: 0,
        rejected: 300,
        ended: 0,
        overruled: 0,
      });
      expect(await firesLike(ctx(), 'BATCH-%')).toBe(3300);
      const versions = await db
        .selectFrom('fire_versions')
        .select(['action', (eb) => eb.fn.countAll<number>().as('n')])
        .where('import_id', '=', body.import_id)
        .groupBy('action')
        .orderBy('action')
        .execute();
      expect(versions.map((v) => [v.action, Number(v.n)])).toEqual([
        ['baseline', 2],
        ['inserted', 3298],
        ['updated', 2],
      ]);
      const late = await db
        .selectFrom('fire_versions')
        .select(['action', 'fire_size'])
        .where('agency_fire_id', '=', 'BATCH-2999')
        .orderBy('id')
        .execute();
      expect(late).toEqual([
        { action: 'baseline', fire_size: 1 },
        { action: 'updated', fire_size: 12.5 },
      ]);
      // Read back from the worker's parts, the same rows compare equal to what they wrote.
      const again = await post(ctx(), '?dry_run=true', LARGE_CSV.replaceAll('LARGE-', 'BATCH-'));
      expect(again.json()).toMatchObject({ accepted_count: 3300, inserted: 0, updated: 0, unchanged: 3300 });
    });

    it('lets the event loop turn between batches of rows written, telling the rows written so far', async () => {
      const token = await tokenFor(ctx(), 'ciffc');
      const { id } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        id: number;
      };
      let done = false;
      const importing = post(
        ctx(),
        '?progress=written-turns',
        LARGE_CSV.replaceAll('LARGE-', 'TURN-'),
      ).finally(() => {
        done = true;
      });
      // At every turn of the event loop (where a public read would be served), the progress as the
      // screen would read it.
      const written = new Set<number>();
      while (!done) {
        const progress = importProgress(id, 'written-turns');
        if (progress?.stage === 'writing') written.add(progress.rows_written);
        await nextTurn();
      }
      expect((await importing).json()).toMatchObject({ inserted: 3300 });
      // 3,300 valid rows: six batches of 500, then 300. Written on the worker, two batches' counts can
      // arrive in one turn of this thread, so not every count is seen: counts between the first and
      // the last are (the loop turned while rows were written), each a whole number of batches.
      const seen = [...written];
      expect(seen.at(-1)).toBe(3300);
      expect(seen.filter((n) => n > 0 && n < 3300).length).toBeGreaterThan(0);
      expect(seen.filter((n) => n % 500 !== 0 && n !== 3300)).toEqual([]);
    });

    it('answers the progress of the check to the user who sent the file, and forgets it with the answer', async () => {
      holdImportChecks(true);
      const handed = once(importChecks, 'task');
      const importing = post(ctx(), '?dry_run=true&progress=screen-upload-1');
      await handed;
      const progressOf = async (user: string) =>
        ctx().app.inject({
          method: 'GET',
          url: '/v1/fires/import/progress/screen-upload-1',
          headers: bearer(await tokenFor(ctx(), user)),
        });
      const during = await progressOf('ciffc');
      expect(during.statusCode).toBe(200);
      expect(during.headers['cache-control']).toBe('private, no-store');
      expect(during.json()).toEqual({ stage: 'checking', rows_checked: 0, rows_written: 0 });
      expect((await progressOf('bc')).statusCode).toBe(404);
      holdImportChecks(false);
      expect((await importing).statusCode).toBe(200);
      expect((await progressOf('ciffc')).statusCode).toBe(404);
    });

    it('answers the progress of the check while it makes the full report (?report=csv), and forgets it with the report', async () => {
      holdImportChecks(true);
      const handed = once(importChecks, 'task');
      const reporting = post(ctx(), '?report=csv&progress=screen-report-1');
      await handed;
      const progress = async () =>
        ctx().app.inject({
          method: 'GET',
          url: '/v1/fires/import/progress/screen-report-1',
          headers: bearer(await tokenFor(ctx(), 'ciffc')),
        });
      const during = await progress();
      expect(during.statusCode).toBe(200);
      expect(during.json()).toEqual({ stage: 'checking', rows_checked: 0, rows_written: 0 });
      holdImportChecks(false);
      const res = await reporting;
      expect(res.statusCode).toBe(200);
      expect(res.body.trimEnd().split('\r\n')).toHaveLength(301);
      expect((await progress()).statusCode).toBe(404);
    });

    it('spools the valid rows to a file of its own, gone once the import, the dry run, the report or a refusal is answered', async () => {
      const spools = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`ciffc-import-${process.pid}-`));
      const before = spools();
      holdImportChecks(true);
      const handed = once(importChecks, 'task');
      const importing = post(ctx(), '', LARGE_CSV.replaceAll('LARGE-', 'SPOOL-'));
      await handed;
      holdImportChecks(false);
      // A bc user may not import another agency's fires: refused once the rows are checked.
      const refused = ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import',
        headers: { 'content-type': 'text/csv', ...bearer(await tokenFor(ctx(), 'ab')) },
        payload: LARGE_CSV,
      });
      const answers = await Promise.all([
        importing,
        refused,
        post(ctx(), '?dry_run=true'),
        post(ctx(), '?report=csv'),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 403, 200, 200]);
      expect(answers[1]?.json()).toMatchObject({ code: 'import.foreign_agency' });
      expect(spools()).toEqual(before);
    });

    it('decodes a large Windows-1252 file on the worker, and keeps its text as sent for the history', async () => {
      const csv = LARGE_CSV.replaceAll('LARGE-', 'ÉTÉ-');
      const bytes = Buffer.from(csv, 'latin1');
      expect(bytes.byteLength).toBeGreaterThanOrEqual(IMPORT_WORKER_BYTES);
      const token = await tokenFor(ctx(), 'ciffc');
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import?file_name=ete.csv',
        headers: { 'content-type': 'text/csv', ...bearer(token) },
        payload: bytes,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ inserted: 3300, rejected_count: 300 });
      expect(res.json().accepted[0]).toMatchObject({ agency_fire_id: 'ÉTÉ-1' });
      const kept = await ctx().app.inject({
        method: 'GET',
        url: `/v1/fires/imports/${res.json().import_id}/file`,
        headers: bearer(token),
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.body).toBe(csv);
    });

    it('refuses a large file of an unknown charset from the worker, naming it', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import?dry_run=true',
        headers: { 'content-type': 'text/csv; charset=koi8-r', ...bearer(await tokenFor(ctx(), 'ciffc')) },
        payload: Buffer.from(LARGE_CSV),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'import.unknown_encoding', params: { encoding: 'koi8-r' } });
    });

    it('refuses a progress name that is not 8 to 64 letters, digits, _ or -', async () => {
      const res = await post(ctx(), '?dry_run=true&progress=a%20b');
      expect(res.statusCode).toBe(400);
    });

    it('refuses a malformed large file as a whole, naming its line', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/v1/fires/import?dry_run=true',
        headers: { 'content-type': 'text/csv', ...bearer(await tokenFor(ctx(), 'ciffc')) },
        payload: `${LARGE_CSV}\nbc,EXTRA,America/Vancouver,2026-07-10,2026-07-12,OC,N,FUL,1,50,-120,one too many`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'import.unreadable_csv' });
      expect(res.json().message).toContain('3602');
    });
  },
  { now: clockAt('2026-07-15') },
);

describe('a large import on a SQLite file', () => {
  let context: Awaited<ReturnType<typeof createTestContext>> | undefined;
  const ctx = () => {
    if (!context) throw new Error('test context not ready');
    return context;
  };
  beforeAll(async () => {
    context = await createTestContext('sqlite', { now: clockAt('2026-07-15') });
  });
  afterAll(() => context?.close());
  afterEach(() => holdImportWrites(false));

  it('has enough valid rows to be written on the worker thread', () => {
    expect(ROWS - ROWS / 12).toBeGreaterThanOrEqual(WRITE_BESIDE_ROWS);
  });

  it('is written on the worker thread: the API reads meanwhile, and its own writes wait their turn', async () => {
    holdImportWrites(true);
    const began = once(importWrites, 'began');
    let answered = false;
    const importing = post(ctx(), '', LARGE_CSV.replaceAll('LARGE-', 'BESIDE-')).finally(() => {
      answered = true;
    });
    await began;
    // The worker's transaction holds the file's write lock: the API's thread still answers a read.
    const read = await ctx().app.inject({ method: 'GET', url: '/v1/wildfires?page=1' });
    expect(read.statusCode).toBe(200);
    // A write of the API's own waits for the import (SQLite's lock would have blocked the thread).
    let saved = false;
    const saving = writeFires(ctx().app.db.kysely, [
      fire({ agency_code: 'bc', agency_fire_id: 'SAVED-BESIDE', fire_size: 3 }),
    ]).then(() => {
      saved = true;
    });
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    expect(saved).toBe(false);
    expect(answered).toBe(false);
    holdImportWrites(false);
    const res = await importing;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inserted: 3300, rejected_count: 300 });
    await saving;
    const db = ctx().app.db.kysely;
    expect(await firesLike(ctx(), 'BESIDE-%')).toBe(3300);
    const versions = await db
      .selectFrom('fire_versions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('import_id', '=', res.json().import_id)
      .executeTakeFirstOrThrow();
    expect(Number(versions.n)).toBe(3300);
    const mine = await db
      .selectFrom('fires')
      .select('fire_size')
      .where('agency_fire_id', '=', 'SAVED-BESIDE')
      .execute();
    expect(mine).toEqual([{ fire_size: 3 }]);
  });

  it("compares a dry run on the worker without holding the API's writes", async () => {
    const imports = () => ctx().app.db.kysely.selectFrom('fire_imports').select('id').execute();
    const before = await imports();
    holdImportWrites(true);
    const began = once(importWrites, 'began');
    const checking = post(ctx(), '?dry_run=true', LARGE_CSV.replaceAll('LARGE-', 'DRY-BESIDE-'));
    await began;
    await writeFires(ctx().app.db.kysely, [fire({ agency_code: 'bc', agency_fire_id: 'DRY-BESIDE-1' })]);
    holdImportWrites(false);
    const res = await checking;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dry_run: true, accepted_count: 3300, import_id: null });
    // The fire written meanwhile is compared: the dry run read the committed fires after it.
    expect(res.json()).toMatchObject({ inserted: 3299 });
    expect(await imports()).toEqual(before);
  });
});

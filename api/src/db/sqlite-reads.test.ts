import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createDb, type Db } from './index.ts';
import { migrateToLatest } from './migrate.ts';

let dir: string | undefined;
let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = undefined;
  dir = undefined;
});

/** Whether `work` settles within `ms`: a deadline for a check that it does not (no event to wait on). */
const settleIn = <T>(work: Promise<T>, ms: number) =>
  Promise.race([
    work,
    new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms)),
  ]);

it('answers a read on an SQLite file while a long write transaction is open, without its rows in flight', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ciffc-sqlite-reads-'));
  db = createDb({ sqliteFile: path.join(dir, 'api.db') });
  await migrateToLatest(db.kysely);
  const kysely = db.kysely;
  const versions = () =>
    kysely.selectFrom('data_versions').select('name').where('name', '=', 'reads-test').execute();

  let finish!: () => void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => {
    wrote = resolve;
  });
  // An import's transaction: it has written and holds the writer until it is told to commit.
  const importing = kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('data_versions')
      .values({ name: 'reads-test', version: 1, updated_at: 'now' })
      .execute();
    // Inside the transaction its own rows are seen (the writer's connection).
    expect(
      await trx.selectFrom('data_versions').select('name').where('name', '=', 'reads-test').execute(),
    ).toHaveLength(1);
    wrote();
    await finished;
  });
  await written;

  // A public read meanwhile: answered at once, committed rows only.
  expect(await settleIn(versions(), 2_000)).toEqual([]);
  finish();
  await importing;
  // Once committed, the next read sees it.
  expect(await versions()).toEqual([{ name: 'reads-test' }]);
});

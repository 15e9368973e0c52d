import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { compileOnce, readRows } from '../http/query.ts';
import { sharedReads } from './index.ts';
import { bumpDataVersion } from './versions.ts';

/** The version read of every cached public answer (`Db.readPrepared`) sees committed data only. */
describe('readPrepared', () => {
  forEachEngine('data version read', (ctx) => {
    const firesVersion = async () => {
      const { db } = ctx().app;
      const query = compileOnce<{ version: number }>(db.kysely, 'test:fires-version', (k) =>
        k.selectFrom('data_versions').select('version').where('name', '=', 'fires'),
      );
      return (await readRows(db, query))[0]?.version ?? 0;
    };

    it('is the prepared fast path on file and server databases', () => {
      expect(ctx().app.db.readPrepared).toBeTypeOf('function');
    });

    it("does not see another request's transaction until it commits, then sees it at once", async () => {
      const { db } = ctx().app;
      const before = await firesVersion();
      let seenInside = -1;
      await db.kysely.transaction().execute(async (trx) => {
        await bumpDataVersion(trx, 'fires');
        // Read beside the open transaction, as a concurrent public read would.
        seenInside = await firesVersion();
      });
      expect(seenInside).toBe(before);
      expect(await firesVersion()).toBe(before + 1);
    });

    it('sees a rolled-back change never', async () => {
      const { db } = ctx().app;
      const before = await firesVersion();
      await expect(
        db.kysely.transaction().execute(async (trx) => {
          await bumpDataVersion(trx, 'fires');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await firesVersion()).toBe(before);
    });

    it('never hands a caller a read sent before it asked, though callers who came meanwhile share one', async () => {
      const { db } = ctx().app;
      if (db.engine !== 'postgres') return; // SQLite reads synchronously: nothing is ever on its way.
      const read = db.readPrepared as <R>(query: string, parameters: readonly unknown[]) => Promise<R[]>;
      // A slow read whose snapshot is taken before the commit below (read committed: at its start).
      const slow = "select version, pg_sleep(0.3)::text as slept from data_versions where name = 'fires'";
      const before = await firesVersion();
      const first = read<{ version: number }>(slow, []);
      // Its snapshot is taken when Postgres starts it: wait until Postgres reports it running.
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where state = 'active' and query like '%pg_sleep(0.3)%' and pid <> pg_backend_pid()`.execute(
            db.kysely,
          );
          expect(rows[0]?.n).toBeGreaterThan(0);
        },
        { interval: 5 },
      );
      await db.kysely.transaction().execute((trx) => bumpDataVersion(trx, 'fires'));
      // Asked after the commit while `first` is still on its way: it must not get `first`'s rows.
      const second = read<{ version: number }>(slow, []);
      const third = read<{ version: number }>(slow, []);
      expect(third).toBe(second);
      expect((await first)[0]?.version).toBe(before);
      expect((await second)[0]?.version).toBe(before + 1);
    });
  });
});

describe('sharedReads', () => {
  it('sends one read per wave of callers and passes a failure only to the callers of that read', async () => {
    const sent: string[] = [];
    let fail = true;
    const read = sharedReads(async (query) => {
      sent.push(query);
      // The stub's read time, not a wait: it keeps the read on its way while later callers arrive.
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (fail) {
        fail = false;
        throw new Error('connection lost');
      }
      return [{ n: sent.length }];
    });
    // The callers of one turn of the event loop share one read, sent after all of them asked.
    const a = read('q', []);
    const b = read('q', []);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(['q']);
    // Callers arriving while it is on its way cannot use it: they share the next one.
    const c = read('q', []);
    const d = read('q', []);
    await expect(a).rejects.toThrow('connection lost');
    await expect(b).rejects.toThrow('connection lost');
    expect(await c).toEqual([{ n: 2 }]);
    expect(await d).toEqual([{ n: 2 }]);
    expect(await read('q', [])).toEqual([{ n: 3 }]);
    expect(await read('other', [1])).toEqual([{ n: 4 }]);
    expect(sent).toEqual(['q', 'q', 'q', 'other']);
  });

  it('never hands a caller a read that was sent before it asked', async () => {
    let version = 0;
    const sentAt: number[] = [];
    const read = sharedReads(async () => {
      sentAt.push(performance.now());
      const seen = version;
      // The stub's read time, not a wait: it keeps the read on its way while later callers arrive.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [{ version: seen }];
    });
    const first = read('q', []);
    await new Promise((resolve) => setImmediate(resolve));
    // A commit after the first read was sent, then a caller: it must see the commit.
    version = 1;
    const second = read('q', []);
    expect((await first)[0]).toEqual({ version: 0 });
    expect((await second)[0]).toEqual({ version: 1 });
    expect(sentAt).toHaveLength(2);
  });

  it('hands a read that throws before it returns a promise to its callers, not to the event loop', async () => {
    const read = sharedReads(((): Promise<unknown[]> => {
      throw new Error('pool ended');
    }) as Parameters<typeof sharedReads>[0]);
    await expect(read('q', [])).rejects.toThrow('pool ended');
  });
});

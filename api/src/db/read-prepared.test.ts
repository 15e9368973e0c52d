import { describe, expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { compileOnce, readRows } from '../http/query.ts';
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
  });
});

import { describe, expect, it } from 'vitest';
import { forEachEngine } from '../../test/context.ts';
import { DbClock } from './clock.ts';

forEachEngine('database clock', (ctx) => {
  describe('DbClock', () => {
    it("reads the database's time and follows it", async () => {
      const clock = new DbClock(ctx().app.db);
      const offset = await clock.sync();
      // Same machine here: the two clocks agree to within the query's own time.
      expect(Math.abs(offset)).toBeLessThan(1_000);
      expect(Math.abs(clock.now().getTime() - Date.now() - offset)).toBeLessThan(50);
    });
  });
});

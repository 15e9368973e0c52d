import { describe, expect, it } from 'vitest';
import { filesRead } from './typecheck.ts';

describe('the type-check of a part that has not changed', () => {
  it("compares the files its last pass read, not the compiler's own libs, which have no path", () => {
    const fileNames = [
      'lib.es5.d.ts',
      'lib.decorators.d.ts',
      '../../api/src/server.ts',
      '../../node_modules/zod/index.d.cts',
    ];
    expect(filesRead(fileNames, '/repo/.cache/tsc')).toEqual([
      '/repo/api/src/server.ts',
      '/repo/node_modules/zod/index.d.cts',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { isApiTest, testsBeside } from './check.ts';

const folders: Record<string, string[]> = {
  'web/src/features/situation': ['SituationPage.tsx', 'SituationPage.test.tsx', 'parts.tsx'],
  'packages/contracts/src': ['totals.ts', 'totals.test.ts'],
  'api/src/fires/import': ['import.ts', 'import.unit.test.ts', 'import.test.ts'],
};
const list = (dir: string) => folders[dir] ?? [];

describe('the tests npm run check runs for a change', () => {
  it('runs the tests in the folder of a changed screen, not the whole site', () => {
    expect(testsBeside(['web/src/features/situation/parts.tsx'], list)).toEqual([
      'web/src/features/situation/SituationPage.test.tsx',
    ]);
  });

  it('runs a changed test file itself, and only the unit tests of the API (not its server tests)', () => {
    expect(
      testsBeside(['api/src/fires/import/import.ts', 'packages/contracts/src/totals.test.ts'], list),
    ).toEqual(['api/src/fires/import/import.unit.test.ts', 'packages/contracts/src/totals.test.ts']);
  });

  it('runs the API server tests of a changed API test file and of the folder of a changed API file', () => {
    expect(testsBeside(['api/src/fires/import/import.ts'], list, isApiTest)).toEqual([
      'api/src/fires/import/import.test.ts',
    ]);
    expect(
      testsBeside(['api/src/db/outage.test.ts', 'api/src/fires/import/import.unit.test.ts'], list, isApiTest),
    ).toEqual(['api/src/db/outage.test.ts']);
    expect(testsBeside(['web/src/features/situation/parts.tsx'], list, isApiTest)).toEqual([]);
  });

  it('runs nothing for a change outside the code', () => {
    expect(testsBeside(['docs/decisions.md', 'README.md'], list)).toEqual([]);
  });
});

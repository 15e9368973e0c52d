import { AGENCY_CODES, AgencySitrepForm } from '@ciffc/contracts';
import { describe, expect, it } from 'vitest';
import { addDays } from '../http/time.ts';
import { demoAgencySitrep, EMPTY_DAY } from './demo.ts';

/**
 * The demo's agency reports are reports an agency could have saved: each passes the form's own
 * rules, on quiet days (preparedness level 1, where the counts of hand crews scale down to nothing)
 * as on busy ones.
 */
describe('demo agency reports', () => {
  it('pass the agency report rules for every agency over two months of quiet days', () => {
    const refused: string[] = [];
    for (let day = 0; day < 60; day++) {
      const date = addDays('2026-06-01', day);
      for (const agency of AGENCY_CODES) {
        const result = AgencySitrepForm.safeParse(demoAgencySitrep(agency, date, EMPTY_DAY));
        if (!result.success)
          refused.push(`${agency} ${date}: ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`);
      }
    }
    expect(refused).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { agencyState, nationalState, sameVersion, statsItems } from './states.ts';

const item = (over: object) => ({
  agency: 'ab',
  status: 'S' as const,
  version_number: 3,
  claimed_by: null,
  ...over,
});

describe('agency sitrep display state (docs/spec/public-site.md section 4)', () => {
  it('is Not yet started unless the status is known and the version positive', () => {
    expect(agencyState(undefined, 1).state).toBe('NOTSTARTED');
    expect(agencyState(item({ version_number: 0 }), 1).state).toBe('NOTSTARTED');
    expect(agencyState(item({ status: '' }), 1).state).toBe('NOTSTARTED');
    expect(agencyState(item({}), 1).state).toBe('S');
    expect(agencyState(item({ status: 'A' }), 1).state).toBe('A');
  });
  it('is Being Edited by you or by agency when claimed_by is positive', () => {
    expect(agencyState(item({ claimed_by: 7 }), 7)).toEqual({ state: 'E', byYou: true });
    expect(agencyState(item({ claimed_by: 7 }), 8)).toEqual({ state: 'E', byYou: false });
    expect(agencyState(item({ claimed_by: 0 }), 8).state).toBe('S');
  });
});

describe('national sitrep display state', () => {
  it('is Being Edited if claimed, else Published or Not published', () => {
    expect(nationalState({ claimed_by: 99, is_published: true }, 99)).toEqual({ state: 'E', byYou: true });
    expect(nationalState({ claimed_by: null, is_published: true }, 99).state).toBe('PUBLISHED');
    expect(nationalState({ claimed_by: null, is_published: false }, 99).state).toBe('UNPUBLISHED');
    expect(nationalState(undefined, 99).state).toBe('UNPUBLISHED');
  });
});

describe('helpers', () => {
  it('compares versions for the arrows', () => {
    expect(sameVersion(3, 3)).toBe(true);
    expect(sameVersion(3, 2)).toBe(false);
    expect(sameVersion(null, null)).toBe(false);
  });
  it('reads the stats list as an array or as items', () => {
    expect(statsItems([item({})])).toHaveLength(1);
    expect(statsItems({ items: [item({})] })).toHaveLength(1);
    expect(statsItems(null)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGE_PREFIXES, LEGACY_REDIRECTS, legacyRedirectTarget } from './legacy-redirects.ts';

const sample = (from: string) => from.replace(':agencyCode', 'ab');

describe('legacy redirects (docs/spec/public-site.md section 2)', () => {
  for (const { from, to } of LEGACY_REDIRECTS) {
    for (const prefix of LANGUAGE_PREFIXES) {
      it(`sends /${prefix}${sample(from)} to ${to}`, () => {
        expect(legacyRedirectTarget(`/${prefix}${sample(from)}`)).toBe(to);
      });
    }
  }

  it.each([
    ['/fr/sitrep-archive', '/situation/archive'],
    ['/en/node/10', '/statistics'],
    ['/national-fires', '/national'],
    ['/en/ciffc/fire-summary', '/summary'],
    ['/ciffc/public/sitrep', '/situation'],
    ['/fr/user/login', '/login'],
    ['/user', '/agency'],
    ['/sitrep-input/nojs/bc', '/agency/sitrep'],
    ['/node/8', '/'],
    ['/en', '/'],
    ['/fr', '/'],
    ['/EN/Daily-Fires', '/statistics'],
  ])('%s → %s', (from, to) => {
    expect(legacyRedirectTarget(from)).toBe(to);
  });

  it('covers every legacy path the specification lists', () => {
    const froms = LEGACY_REDIRECTS.map((r) => r.from);
    for (const path of [
      'national-fires',
      'daily-fires',
      'fires-by-year',
      'hectares-by-year',
      'fires-this-week',
      'fires-by-week-vs-avg',
      'fires-by-week-vs-last-year',
      'node/10',
      'node/11',
      'node/12',
      'node/14',
      'node/15',
      'node/16',
      'sitrep-archive',
      'user/login',
      'user',
      'national-inventory',
      'national-sitrep-input',
      'sitrep-input/:agencyCode',
      'sitrep-input/nojs/:agencyCode',
      'active-fires-map',
      'node/8',
    ]) {
      expect(froms).toContain(path);
    }
  });

  it('leaves current routes alone', () => {
    for (const path of [
      '/national',
      '/statistics',
      '/situation/archive',
      '/en/national',
      '/node/9',
      '/sitrep-input',
    ]) {
      expect(legacyRedirectTarget(path)).toBeUndefined();
    }
  });
});

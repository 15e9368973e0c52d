import { describe, expect, it } from 'vitest';
import { AGENCIES } from '../agencies.ts';
import { CENTRE_TIME_ZONE } from '../product.ts';
import { PRODUCT_ZONES, utcOffsetLabel } from './index.ts';

/**
 * Every agency's offset after the 2026 changes (docs/time-zones.md): British Columbia at UTC−7 all
 * year from 8 March 2026, Alberta and the Northwest Territories at UTC−6 from 1 November 2026,
 * Manitoba at UTC−5 from autumn 2026. On older data (ICU 2025c, tzdata before 2026e) it fails.
 */
const DECEMBER = Date.parse('2026-12-04T18:00:00Z');
const JULY = Date.parse('2027-07-15T18:00:00Z');
const JANUARY_2027 = Date.parse('2027-01-20T18:00:00Z');

/** Minutes east of UTC per agency: in December 2026, January 2027 and July 2027. */
const EXPECTED: Record<string, [number, number, number]> = {
  ab: [-360, -360, -360],
  bc: [-420, -420, -420],
  mb: [-300, -300, -300],
  nb: [-240, -240, -180],
  nl: [-210, -210, -150],
  ns: [-240, -240, -180],
  nt: [-360, -360, -360],
  on: [-300, -300, -240],
  pc: [-360, -360, -360],
  pe: [-240, -240, -180],
  qc: [-300, -300, -240],
  sk: [-360, -360, -360],
  yt: [-420, -420, -420],
};

/** "2026f" as a number that orders releases: 2026 * 26 + 5. */
const releaseRank = (version: string) => {
  const m = /^(\d{4})([a-z])$/.exec(version);
  if (!m) throw new Error(`not an IANA release: ${version}`);
  return Number(m[1]) * 26 + (m[2] as string).charCodeAt(0) - 97;
};

describe('the zone data in force', () => {
  it('is IANA 2026e or later, the first release with Manitoba on permanent daylight time', () => {
    expect(releaseRank(PRODUCT_ZONES.version)).toBeGreaterThanOrEqual(releaseRank('2026e'));
  });

  it('pins every agency offset in December 2026, January 2027 and July 2027', () => {
    const actual = Object.fromEntries(
      AGENCIES.map((a) => [
        a.code,
        [DECEMBER, JANUARY_2027, JULY].map((at) => PRODUCT_ZONES.offsetAt(a.time_zone, at)),
      ]),
    );
    expect(actual).toEqual(EXPECTED);
  });

  it('pins the summer of 2026 before the autumn changes, and British Columbia already at −7 in March', () => {
    const summer = Date.parse('2026-07-15T18:00:00Z');
    expect(PRODUCT_ZONES.offsetAt('America/Edmonton', summer)).toBe(-360);
    expect(PRODUCT_ZONES.offsetAt('America/Winnipeg', summer)).toBe(-300);
    expect(PRODUCT_ZONES.offsetAt('America/Vancouver', Date.parse('2026-03-20T18:00:00Z'))).toBe(-420);
    expect(PRODUCT_ZONES.offsetAt('America/Vancouver', Date.parse('2026-02-20T18:00:00Z'))).toBe(-480);
    expect(PRODUCT_ZONES.offsetAt('America/Toronto', Date.parse('2026-11-02T18:00:00Z'))).toBe(-300);
  });

  it('differs from the runtime ICU copy only where that copy is older', () => {
    // Documents why the product never asks Intl for a zone: on ICU 2025c this finds -360.
    const icu = new Intl.DateTimeFormat('en', { timeZone: CENTRE_TIME_ZONE, timeZoneName: 'longOffset' })
      .formatToParts(DECEMBER)
      .find((p) => p.type === 'timeZoneName')?.value;
    expect(['GMT-06:00', 'GMT-05:00']).toContain(icu);
    expect(PRODUCT_ZONES.offsetAt(CENTRE_TIME_ZONE, DECEMBER)).toBe(-300);
  });
});

describe('PRODUCT_ZONES', () => {
  it('gives the wall clock and date of an instant in a zone', () => {
    const at = Date.parse('2026-11-20T07:30:00Z');
    expect(PRODUCT_ZONES.dateAt('America/Vancouver', at)).toBe('2026-11-20');
    expect(PRODUCT_ZONES.wallClockAt('America/Vancouver', at)).toEqual({
      year: 2026,
      month: 11,
      day: 20,
      hour: 0,
      minute: 30,
      second: 0,
    });
    expect(PRODUCT_ZONES.dateAt('UTC', at)).toBe('2026-11-20');
  });

  it('reads a wall clock as its instant, the first of a repeated hour and past a skipped one', () => {
    const wall = { year: 2026, month: 12, day: 4, hour: 23, minute: 30, second: 0 };
    expect(new Date(PRODUCT_ZONES.instantOf('America/Winnipeg', wall)).toISOString()).toBe(
      '2026-12-05T04:30:00.000Z',
    );
    const repeated = { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 };
    expect(new Date(PRODUCT_ZONES.instantOf('America/Toronto', repeated)).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    const skipped = { year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 };
    expect(new Date(PRODUCT_ZONES.instantOf('America/Toronto', skipped)).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('knows the product zones and no others', () => {
    expect(PRODUCT_ZONES.isKnownZone('America/Regina')).toBe(true);
    expect(PRODUCT_ZONES.isKnownZone('UTC')).toBe(true);
    expect(PRODUCT_ZONES.isKnownZone('Mars/Olympus')).toBe(false);
    expect(() => PRODUCT_ZONES.offsetAt('Mars/Olympus', DECEMBER)).toThrow(RangeError);
  });
});

describe('utcOffsetLabel', () => {
  it('writes UTC and a signed offset with a minus sign', () => {
    expect([0, -300, -210, 330, -150].map(utcOffsetLabel)).toEqual([
      'UTC',
      'UTC\u22125',
      'UTC\u22123:30',
      'UTC+5:30',
      'UTC\u22122:30',
    ]);
  });
});

import { type PackedZones, unpackZone, type ZoneRules } from './unpack.ts';

/** A wall-clock reading: month 1-12, as a row or a screen writes it. */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Zone arithmetic over one bundle of IANA data (docs/time-zones.md). */
export interface ZoneTable {
  /** The IANA release of the data, e.g. "2026f". */
  readonly version: string;
  isKnownZone(zone: string): boolean;
  /** Minutes east of UTC in `zone` at `instant` (ms): -300 in Winnipeg from November 2026. */
  offsetAt(zone: string, instant: number): number;
  /** The wall clock of `instant` in `zone`. */
  wallClockAt(zone: string, instant: number): WallClock;
  /** The calendar date (YYYY-MM-DD) of `instant` in `zone`. */
  dateAt(zone: string, instant: number): string;
  /** The instant (ms) a wall clock of `zone` shows. */
  instantOf(zone: string, wall: WallClock): number;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Index of the period holding `instant`: the first whose until is after it. */
function periodAt(untils: readonly number[], instant: number): number {
  let lo = 0;
  let hi = untils.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((untils[mid] ?? Number.POSITIVE_INFINITY) > instant) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The zones of a bundle, each unpacked on first use (the full IANA set is 600 names). */
export function zoneTable(data: PackedZones): ZoneTable {
  // Keyed in lower case: IANA names are matched without regard to case, as Intl matches them.
  const packed = new Map<string, string>();
  for (const zone of data.zones) packed.set(zone.slice(0, zone.indexOf('|')).toLowerCase(), zone);
  for (const link of data.links) {
    const [target = '', alias = ''] = link.toLowerCase().split('|');
    const zone = packed.get(target);
    if (zone) packed.set(alias, zone);
  }
  const rules = new Map<string, ZoneRules>();
  const rulesOf = (zone: string): ZoneRules => {
    const key = zone.toLowerCase();
    let found = rules.get(key);
    if (found) return found;
    const text = packed.get(key);
    if (text === undefined) throw new RangeError(`Unknown time zone: ${zone}`);
    found = unpackZone(text);
    rules.set(key, found);
    return found;
  };
  const offsetAt = (zone: string, instant: number) => {
    const { offsets, untils } = rulesOf(zone);
    // Whole seconds: a local mean time's offset has a fraction that no clock shows.
    return -Math.round((offsets[periodAt(untils, instant)] ?? 0) * 60) / 60;
  };
  const wallClockAt = (zone: string, instant: number): WallClock => {
    const d = new Date(instant + offsetAt(zone, instant) * 60_000);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
  };
  return {
    version: data.version,
    isKnownZone: (zone) => packed.has(zone.toLowerCase()),
    offsetAt,
    wallClockAt,
    dateAt(zone, instant) {
      const w = wallClockAt(zone, instant);
      return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
    },
    instantOf(zone, wall) {
      const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
      // Temporal's "compatible" reading: a time shown twice (the hour clocks go back) is its
      // first instant; a time never shown (the hour they skip) is read at the offset before it.
      const before = offsetAt(zone, local - DAY_MS);
      const after = offsetAt(zone, local + DAY_MS);
      const shown = [before, after]
        .map((offset) => local - offset * 60_000)
        .filter((instant) => local - offsetAt(zone, instant) * 60_000 === instant);
      return shown.length ? Math.min(...shown) : local - before * 60_000;
    },
  };
}

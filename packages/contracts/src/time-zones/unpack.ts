/**
 * moment-timezone's packed zone format (`Name|abbrs|offsets|indices|untils|population`, numbers in
 * base 60), read as moment-timezone's own `unpack` reads it: the product ships that package's IANA
 * data, never the runtime's ICU copy (docs/time-zones.md).
 */

/** A zone's rules: `offsets[i]` (minutes west of UTC, moment's sign) holds until `untils[i]` (ms). */
export interface ZoneRules {
  abbrs: readonly string[];
  offsets: readonly number[];
  untils: readonly number[];
}

/** A bundle as moment-timezone ships it (`data/packed/latest.json`) and as the product table is. */
export interface PackedZones {
  version: string;
  zones: readonly string[];
  links: readonly string[];
}

const digit = (code: number) => (code > 96 ? code - 87 : code > 64 ? code - 29 : code - 48);

function base60(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  let value = 0;
  for (let i = 0; i < whole.length; i++) value = 60 * value + digit(whole.charCodeAt(i));
  let scale = 1;
  for (let i = 0; i < fraction.length; i++) {
    scale /= 60;
    value += digit(fraction.charCodeAt(i)) * scale;
  }
  return negative ? -value : value;
}

/** The rules of one packed zone; the last offset holds for ever (until = Infinity). */
export function unpackZone(packed: string): ZoneRules {
  const [, abbrs = '', offsets = '', indices = '', untils = ''] = packed.split('|');
  const abbrList = abbrs.split(' ');
  const offsetList = offsets.split(' ').map(base60);
  const order = [...indices].map((c) => base60(c));
  const deltas = untils ? untils.split(' ').map(base60) : [];
  let at = 0;
  const ends = order.map((_, i) => {
    if (i === order.length - 1) return Number.POSITIVE_INFINITY;
    at = Math.round(at + (deltas[i] ?? 0) * 60_000);
    return at;
  });
  return {
    abbrs: order.map((i) => abbrList[i] ?? ''),
    offsets: order.map((i) => offsetList[i] ?? 0),
    untils: ends,
  };
}

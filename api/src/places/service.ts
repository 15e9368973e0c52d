import { AGENCIES, type Locale, NUNAVUT, PLACES_LIMIT, type Place } from '@ciffc/contracts';
import { CANADA_PLACES } from './canada-places.ts';
import type { PlaceRow } from './place-row.ts';

/**
 * The gazetteer of "Fires near me" (docs/decisions.md, "Fires near me"): GeoNames' Canadian
 * communities, read once when this module loads and searched in memory (a thousand rows: no
 * table, no index to migrate, the same on both engines).
 */

export const GAZETTEER_ATTRIBUTION =
  'Places: GeoNames (geonames.org), cities of 1,000 people or more, CC BY 4.0';

/** Case, accents and punctuation do not matter: "val d or" finds Val-d'Or, "montreal" Montréal. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’'.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Indexed {
  row: PlaceRow;
  /** The folded official name and English form: a query matches the start of one, or of a word. */
  names: string[];
}

const INDEX: Indexed[] = CANADA_PLACES.map((row) => ({
  row,
  // An apostrophe read as nothing ("St. John's": st johns) and as a space ("Val-d'Or": val d or).
  names: [row[1], row[6]]
    .filter((n): n is string => n !== undefined)
    .flatMap((n) => [foldName(n), foldName(n.replace(/['’]/g, ' '))]),
}));
const BY_ID = new Map(CANADA_PLACES.map((row) => [String(row[0]), row]));

const provinceName = (code: string, lang: Locale) =>
  (code === NUNAVUT.code ? NUNAVUT.name : AGENCIES.find((a) => a.code === code)?.name)?.[lang] ?? code;

function toPlace(row: PlaceRow, lang: Locale): Place {
  const [id, official, province, latitude, longitude, population, english] = row;
  return {
    id: String(id),
    name: lang === 'en' && english ? english : official,
    province_code: province,
    province_name: provinceName(province, lang),
    latitude,
    longitude,
    population,
  };
}

/** 0 the whole name starts with the query, 1 a word of it does, undefined no match. */
function rank(names: readonly string[], query: string): number | undefined {
  if (names.some((n) => n.startsWith(query))) return 0;
  if (names.some((n) => n.includes(` ${query}`))) return 1;
  return undefined;
}

/** Places whose name (or a word of it) starts with `q`; best match first, then most people. */
export function searchPlaces(q: string, lang: Locale, limit: number = PLACES_LIMIT.default): Place[] {
  const query = foldName(q);
  if (!query) return [];
  const found: { rank: number; row: PlaceRow }[] = [];
  for (const place of INDEX) {
    const r = rank(place.names, query);
    if (r !== undefined) found.push({ rank: r, row: place.row });
  }
  // The gazetteer is ordered by population, and the sort is stable.
  found.sort((a, b) => a.rank - b.rank);
  return found.slice(0, limit).map((f) => toPlace(f.row, lang));
}

export function placeById(id: string, lang: Locale): Place | undefined {
  const row = BY_ID.get(id);
  return row ? toPlace(row, lang) : undefined;
}

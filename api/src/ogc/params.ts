import { CRS84, isIsoDate, OGC_CRS, type OgcCrs } from '@ciffc/contracts';
import { badRequest } from '../http/errors.ts';
import type { Box } from './crs.ts';

// The base parameters every collection's items read alike: crs, bbox and datetime.

/** Inclusive days of `datetime` (each collection says which date it is on); an open end is undefined. */
export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * `minx,miny,maxx,maxy` (or the 6-number 3D form, heights ignored) in `crs`: degrees in CRS84
 * (across the antimeridian when minx > maxx), metres in a projected CRS.
 */
export function parseBbox(value: string, crs: OgcCrs = CRS84): Box {
  const numbers = value.split(',').map((n) => Number(n.trim()));
  if ((numbers.length !== 4 && numbers.length !== 6) || numbers.some((n) => !Number.isFinite(n)))
    throw badRequest('bbox', 'ogc.bbox_numbers');
  const [minX, minY, maxX, maxY] =
    numbers.length === 4 ? numbers : [numbers[0], numbers[1], numbers[3], numbers[4]];
  const box = { minX, minY, maxX, maxY } as Box;
  if (box.minY > box.maxY) throw badRequest('bbox', 'ogc.bbox_inverted', { lower: 'miny', upper: 'maxy' });
  if (crs !== CRS84 && box.minX > box.maxX)
    throw badRequest('bbox', 'ogc.bbox_inverted', { lower: 'minx', upper: 'maxx' });
  return box;
}

/** A day of an RFC 3339 date or date-time, or undefined for an open end (`..` or empty). */
function dayOf(end: string): string | undefined {
  if (end === '..' || end === '') return undefined;
  const day = end.slice(0, 10);
  if (!isIsoDate(day) || !/^\d{4}-\d{2}-\d{2}(T.+)?$/.test(end))
    throw badRequest('datetime', 'ogc.datetime_invalid', { value: end });
  return day;
}

/** `datetime`: an instant (its day), or `start/end` with `..` or nothing for an open end. */
export function parseDatetime(value: string): DateRange {
  const parts = value.split('/');
  if (parts.length > 2) throw badRequest('datetime', 'ogc.datetime_parts');
  if (parts.length === 1) {
    const day = dayOf(value);
    if (!day) throw badRequest('datetime', 'ogc.datetime_open_instant');
    return { from: day, to: day };
  }
  const [from, to] = [dayOf(parts[0] ?? ''), dayOf(parts[1] ?? '')];
  if (from && to && from > to) throw badRequest('datetime', 'ogc.datetime_reversed');
  return { from, to };
}

/** `crs` as a client may write it: the URI, `EPSG:3978`, `[EPSG:3978]` or `OGC:CRS84`. */
export function parseCrs(value: string | undefined, field: string): OgcCrs {
  if (value === undefined) return CRS84;
  const curie = /^\[?(EPSG|OGC):([0-9A-Z]+)\]?$/i.exec(value.trim());
  const uri = curie
    ? curie[1]?.toUpperCase() === 'OGC'
      ? `http://www.opengis.net/def/crs/OGC/1.3/${curie[2]?.toUpperCase()}`
      : `http://www.opengis.net/def/crs/EPSG/0/${curie[2]}`
    : value.trim().replace(/^https:/, 'http:');
  const found = OGC_CRS.find((crs) => crs === uri);
  if (found) return found;
  const params = { crs: value.slice(0, 200), supported: OGC_CRS.join(', ') };
  return unsupported(field, params);
}

function unsupported(field: string, params: { crs: string; supported: string }): never {
  throw badRequest(field, 'ogc.crs_unsupported', params);
}

import { PRODUCT_ZONE_DATA } from './product-zones.ts';
import { type ZoneTable, zoneTable } from './zone-table.ts';

export type { ZoneTable } from './zone-table.ts';
export { zoneTable } from './zone-table.ts';

/**
 * The zones the product names (every agency's, the centre's, UTC) from the IANA data of
 * moment-timezone, generated into product-zones.ts; the data API loads the whole data set into
 * the same arithmetic ("decision: zone data shipped with the product").
 */
export const PRODUCT_ZONES: ZoneTable = zoneTable(PRODUCT_ZONE_DATA);

/**
 * A zone label beside a time: "UTC−5", "UTC−3:30", "UTC" (a minus sign, as ICU writes UTC offsets
 * in French and as federal style writes them in both languages): the abbreviations (CDT, HAC) of
 * a zone that no longer changes its clocks would name a daylight time that is no longer a season.
 */
export function utcOffsetLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const size = Math.abs(offsetMinutes);
  const minutes = size % 60;
  const hours = `${Math.floor(size / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  return `UTC${offsetMinutes < 0 ? '\u2212' : '+'}${hours}`;
}

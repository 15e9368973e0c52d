import { type ZoneTable, zoneTable } from '@ciffc/contracts/time-zones';
import latest from 'moment-timezone/data/packed/latest.json' with { type: 'json' };

/**
 * Every IANA zone, from moment-timezone's data (never Node's ICU copy, older than the 2026
 * Canadian changes): a row may name any zone ("decision: zone data shipped with the product").
 * Only the data file is loaded, not moment itself; zones are unpacked on first use.
 */
export const ALL_ZONES: ZoneTable = zoneTable(latest);

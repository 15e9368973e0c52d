import type { FeatureCollection, Point } from 'geojson';
import { type SizeClass, type StageGroup, sizeClassOf, stageGroupOf } from '../../shared/map/constants.ts';

/** Fire map feature properties of docs/spec/public-site.md section 3, plus the legend groups. */
export interface MapFireProperties {
  field_agency_fire_id: string;
  field_fire_size: number;
  field_stage_of_control_status: string;
  /** FUL, MOD, MON; empty when the agency did not report it. */
  field_response_type: string;
  field_status_date: string;
  field_agency_code: string;
  field_situation_report_date: string;
  /** Beyond the spec's feature properties, for the popup: cause code (H, N, U; empty: not reported). */
  field_system_fire_cause: string;
  latitude: number;
  longitude: number;
  /** Legend group (stage colour) and size class, computed once here for the map's filters. */
  group: StageGroup;
  size_class: SizeClass;
  /** A numeric id the map can use for hover and selection. */
  key: number;
}

export type MapFires = FeatureCollection<Point, MapFireProperties>;

export const EMPTY_FIRES: MapFires = { type: 'FeatureCollection', features: [] };

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A fire's size as the map reads it: a size that is not a number of hectares is 0. */
function hectaresOf(value: unknown): number {
  const hectares = Number(value);
  return Number.isFinite(hectares) && hectares >= 0 ? hectares : 0;
}

/**
 * The map draws a tile's points in the order of its data: the largest fires come first, so a small
 * fire beside a large one is drawn over it and stays visible (docs/decisions.md, "The public map").
 * This order replaces MapLibre's `circle-sort-key`, which drew the largest on top and split the
 * layer into one draw per distinct size (185 draws per frame instead of a handful).
 */
function largestFirst(features: unknown[]): unknown[] {
  const size = (raw: unknown) =>
    hectaresOf((raw as { properties?: { field_fire_size?: unknown } } | null)?.properties?.field_fire_size);
  return features
    .map((raw) => ({ raw, size: size(raw) }))
    .sort((a, b) => b.size - a.size)
    .map((f) => f.raw);
}

/**
 * Reads the answer of GET /v1/dashboard/fires?map=true. "A map response that is XML or bad data is
 * treated as no features": anything that is not a GeoJSON FeatureCollection gives no fires, and a
 * feature without a point inside the world's bounds or without a known stage is left out, never
 * thrown on.
 */
export function parseMapFires(body: unknown): MapFires {
  let data = body;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return EMPTY_FIRES;
    }
  }
  if (!data || typeof data !== 'object') return EMPTY_FIRES;
  const collection = data as { type?: unknown; features?: unknown };
  if (collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) return EMPTY_FIRES;
  const features: MapFires['features'] = [];
  for (const raw of largestFirst(collection.features)) {
    if (!raw || typeof raw !== 'object') continue;
    const f = raw as {
      geometry?: { type?: unknown; coordinates?: unknown };
      properties?: Record<string, unknown>;
    };
    const coords = f.geometry?.type === 'Point' ? f.geometry.coordinates : undefined;
    if (!Array.isArray(coords)) continue;
    const [lon, lat] = coords.map(Number) as [number, number];
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) continue;
    const p = f.properties ?? {};
    const stage = str(p.field_stage_of_control_status).toUpperCase();
    const response = str(p.field_response_type).toUpperCase();
    const group = stageGroupOf(stage, response);
    if (!group) continue;
    const hectares = hectaresOf(p.field_fire_size);
    features.push({
      type: 'Feature',
      id: features.length + 1,
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: {
        field_agency_fire_id: str(p.field_agency_fire_id),
        field_fire_size: hectares,
        field_stage_of_control_status: stage,
        field_response_type: response,
        field_status_date: str(p.field_status_date),
        field_agency_code: str(p.field_agency_code).toLowerCase(),
        field_situation_report_date: str(p.field_situation_report_date),
        field_system_fire_cause: str(p.field_system_fire_cause).toUpperCase(),
        latitude: lat,
        longitude: lon,
        group,
        size_class: sizeClassOf(hectares),
        key: features.length + 1,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

export interface LegendSelection {
  groups: Record<StageGroup, boolean>;
  sizes: Record<SizeClass, boolean>;
}

export const ALL_SHOWN: LegendSelection = {
  groups: { OC: true, BH: true, UC: true, MON_OC: true },
  sizes: { small: true, medium: true, large: true },
};

export function isShown(
  p: Pick<MapFireProperties, 'group' | 'size_class'>,
  selection: LegendSelection,
): boolean {
  return selection.groups[p.group] && selection.sizes[p.size_class];
}

/** Fires per legend entry, for the legend's counts. */
export function countByLegend(fires: MapFires) {
  const groups: Record<StageGroup, number> = { OC: 0, BH: 0, UC: 0, MON_OC: 0 };
  const sizes: Record<SizeClass, number> = { small: 0, medium: 0, large: 0 };
  for (const f of fires.features) {
    groups[f.properties.group]++;
    sizes[f.properties.size_class]++;
  }
  return { groups, sizes };
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * The day the map's fires are as of: the newest status or report date among them (YYYY-MM-DD),
 * read from the data rather than the reader's clock; undefined when no fire carries a date.
 */
export function newestDay(fires: MapFires): string | undefined {
  let newest: string | undefined;
  for (const { properties: p } of fires.features)
    for (const date of [p.field_status_date, p.field_situation_report_date]) {
      const day = DAY.exec(date)?.[0];
      if (day && (!newest || day > newest)) newest = day;
    }
  return newest;
}

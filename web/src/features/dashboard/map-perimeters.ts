import { type PerimeterProperties, perimeterRequestBox, zoomBand } from '@ciffc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { apiGet } from '../../shared/api/data-api.ts';
import { type StageGroup, stageGroupOf } from '../../shared/map/constants.ts';

/** A perimeter's group: its fire's stage group, or NONE (no known fire, or a fire that is out). */
type PerimeterGroup = StageGroup | 'NONE';

/** Perimeter properties of GET /v1/perimeters, with the legend group and the popup's point. */
export interface MapPerimeterProperties extends PerimeterProperties {
  group: PerimeterGroup;
}

export type MapPerimeters = FeatureCollection<Polygon | MultiPolygon, MapPerimeterProperties>;

/** Perimeters of no reported fire (or of a fire that is out): grey, as they carry no stage. */
export const PERIMETER_NONE_COLOUR = '#6b6b6b';

export const EMPTY_PERIMETERS: MapPerimeters = { type: 'FeatureCollection', features: [] };

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * Reads the answer of GET /v1/perimeters. As for the points, anything that is not a GeoJSON
 * FeatureCollection gives no perimeters, and a feature without a (Multi)Polygon or an area is left
 * out, never thrown on.
 */
export function parsePerimeters(body: unknown): MapPerimeters {
  let data = body;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return EMPTY_PERIMETERS;
    }
  }
  const collection = data as { type?: unknown; features?: unknown } | null;
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features))
    return EMPTY_PERIMETERS;
  const features: MapPerimeters['features'] = [];
  for (const raw of collection.features as {
    geometry?: { type?: unknown };
    properties?: Record<string, unknown>;
  }[]) {
    const type = raw?.geometry?.type;
    const p = raw?.properties ?? {};
    const area = num(p.area_ha);
    const id = num(p.id);
    if ((type !== 'Polygon' && type !== 'MultiPolygon') || area === null || id === null) continue;
    const stage = text(p.stage_of_control)?.toUpperCase() ?? null;
    const response = text(p.response_type)?.toUpperCase() ?? null;
    features.push({
      type: 'Feature',
      id,
      geometry: raw.geometry as Polygon | MultiPolygon,
      properties: {
        id,
        agency_code: text(p.agency_code),
        agency_fire_id: text(p.agency_fire_id),
        fire_name: text(p.fire_name),
        stage_of_control: stage,
        response_type: response,
        fire_size: num(p.fire_size),
        area_ha: area,
        agency_area_ha: num(p.agency_area_ha),
        captured_at: text(p.captured_at) ?? '',
        captures: num(p.captures) ?? 1,
        group: (stage && stageGroupOf(stage, response ?? '')) || 'NONE',
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** Where a perimeter's popup points when opened from the keyboard: the middle of its box. */
export function perimeterPoint(geometry: Polygon | MultiPolygon): { longitude: number; latitude: number } {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons)
    for (const [x = 0, y = 0] of polygon[0] ?? []) {
      west = Math.min(west, x);
      east = Math.max(east, x);
      south = Math.min(south, y);
      north = Math.max(north, y);
    }
  return { longitude: (west + east) / 2, latitude: (south + north) / 2 };
}

/** The mapped area against the reported hectares: the difference and its share, or undefined. */
export function differenceFromReported(p: Pick<PerimeterProperties, 'area_ha' | 'fire_size'>) {
  if (p.fire_size === null || p.fire_size <= 0) return undefined;
  const hectares = p.area_ha - p.fire_size;
  return { hectares, share: hectares / p.fire_size };
}

/**
 * The perimeters of a view: the box snapped to the zoom band's grid and the band's deepest zoom,
 * so that panning and zooming within a band reuse one cached answer (browser, nginx and API).
 * The previous band's perimeters stay drawn while the next arrive.
 */
export function perimetersQuery(view: readonly [number, number, number, number], zoom: number) {
  const bbox = perimeterRequestBox(view, zoom).join(',');
  const bandZoom = zoomBand(zoom).maxZoom;
  return queryOptions({
    queryKey: ['perimeters', { bbox, zoom: bandZoom }],
    queryFn: async ({ signal }) => {
      try {
        return parsePerimeters(
          await apiGet<string>('/v1/perimeters', {
            query: { bbox, zoom: bandZoom },
            responseType: 'text',
            auth: false,
            signal,
          }),
        );
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        console.error('map perimeters', error);
        return EMPTY_PERIMETERS;
      }
    },
    placeholderData: keepPreviousData,
  });
}

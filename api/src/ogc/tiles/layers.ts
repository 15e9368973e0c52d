import {
  CRS84,
  type OgcItemsQuery,
  type OgcTileCollection,
  type PerimeterTileProperties,
  zoomBand,
} from '@ciffc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Feature, MultiPolygon, Point, Polygon } from 'geojson';
import type { DataSet } from '../../db/versions.ts';
import { currentPerimeters } from '../../perimeters/store.ts';
import { firesCollection } from '../fires.ts';
import type { LonLatBox } from './matrix.ts';

type Property = { type: 'string' | 'number' | 'integer' | 'boolean'; description?: string };

/** One collection as a tile layer: what it reads for a tile's box, and what its features carry. */
export interface TileLayer {
  id: OgcTileCollection;
  title: string;
  description: string;
  /** 0 for points, 2 for polygons (the tileset's `geometryDimension`). */
  geometryDimension: 0 | 2;
  /** The data sets whose versions key the cached tiles. */
  dataSets: readonly DataSet[];
  properties: Record<string, Property>;
  features(app: FastifyInstance, box: LonLatBox, zoom: number): Promise<Feature[]>;
}

/** MVT has no null: a value not known is left out of the feature. */
function present<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)) as T;
}

/**
 * Each fire's current perimeter, in the shape stored for the tile's zoom band (docs/perimeters.md,
 * "The map"): the shapes were simplified once when stored, so a tile reads text and clips it.
 */
const perimeters: TileLayer = {
  id: 'perimeters',
  title: 'Current fire perimeters',
  description:
    "Each fire's current (newest) perimeter, with its fire's stage of control, response and reported size.",
  geometryDimension: 2,
  // Both: a perimeter's colour is its fire's stage.
  dataSets: ['perimeters', 'fires'],
  properties: {
    id: { type: 'integer', description: 'The capture, as /collections/perimeters/items/{id}' },
    agency_code: { type: 'string' },
    agency_fire_id: { type: 'string' },
    fire_name: { type: 'string' },
    captured_at: { type: 'string', description: 'RFC 3339' },
    area_ha: { type: 'number', description: 'On the WGS 84 ellipsoid' },
    agency_area_ha: { type: 'number' },
    stage_of_control: { type: 'string', description: "The fire's: OC, BH, UC or OUT" },
    response_type: { type: 'string', description: "The fire's: FUL, MOD or MON" },
    fire_size: { type: 'number', description: "The fire's reported hectares" },
    captures: { type: 'integer', description: "The fire's captures kept" },
  },
  async features(app, box, zoom) {
    const rows = await currentPerimeters(app.db.kysely, box, zoomBand(zoom));
    return rows.flatMap((r): Feature<Polygon | MultiPolygon, PerimeterTileProperties>[] =>
      r.shape === null
        ? []
        : [
            {
              type: 'Feature',
              id: r.id,
              geometry: JSON.parse(r.shape) as Polygon | MultiPolygon,
              properties: present({
                id: r.id,
                agency_code: r.agency_code ?? undefined,
                agency_fire_id: r.agency_fire_id ?? undefined,
                fire_name: r.fire_name ?? undefined,
                captured_at: r.captured_at,
                area_ha: r.area_ha,
                agency_area_ha: r.agency_area_ha ?? undefined,
                stage_of_control: r.stage_of_control ?? undefined,
                response_type: r.response_type ?? undefined,
                fire_size: r.fire_size ?? undefined,
                captures: Number(r.captures),
              }),
            },
          ],
    );
  },
};

/** Every fire of the items' default view (the current season), with the items' properties. */
const fires: TileLayer = {
  id: 'fires',
  title: 'Fires',
  description: 'The fires of the national fires list for the current season, one point each.',
  geometryDimension: 0,
  dataSets: ['fires'],
  properties: {
    agency_code: { type: 'string' },
    agency_fire_id: { type: 'string' },
    situation_report_date: { type: 'string' },
    status_date: { type: 'string' },
    stage_of_control: { type: 'string' },
    fire_cause: { type: 'string' },
    response_type: { type: 'string' },
    fire_size: { type: 'number' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    updated_at: { type: 'string' },
  },
  async features(app, [west, south, east, north]) {
    const page = await firesCollection.page(app, {
      query: {} as OgcItemsQuery,
      // Every fire of the season in the box: a tile is one answer, never paged.
      limit: 1_000_000,
      offset: 0,
      crs: CRS84,
      bbox: { box: { minX: west, minY: south, maxX: east, maxY: north }, crs: CRS84 },
      dates: undefined,
      condition: undefined,
    });
    return page.features.map(
      (f): Feature<Point> => ({
        type: 'Feature',
        geometry: f.geometry as Point,
        properties: present(
          Object.fromEntries(Object.keys(fires.properties).map((k) => [k, (f.properties as never)[k]])),
        ),
      }),
    );
  },
};

export const TILE_LAYERS: readonly TileLayer[] = [fires, perimeters];

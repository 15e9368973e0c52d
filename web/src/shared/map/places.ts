import type { Locale } from '@ciffc/contracts';
import type { FeatureCollection, Point } from 'geojson';
import data from './places.json';

/**
 * Main place names of the fire map: the national capital, the 13 provincial and
 * territorial capitals and a few large cities, from the small GeoJSON beside this file (positions
 * rounded to 4 decimals; names in English and French where they differ). `min_zoom` (MapLibre zoom)
 * keeps close neighbours, such as Vancouver beside Victoria, from overlapping at the country view.
 */
export interface PlaceProperties {
  name_en: string;
  name_fr: string;
  kind: 'national-capital' | 'capital' | 'city';
  min_zoom: number;
}

export const PLACES = data as FeatureCollection<Point, PlaceProperties>;

export interface PlaceLabel {
  name: string;
  kind: PlaceProperties['kind'];
  longitude: number;
  latitude: number;
}

/** The places to label at `zoom`, named in `locale`. */
export function placesAt(zoom: number, locale: Locale): PlaceLabel[] {
  return PLACES.features
    .filter((f) => zoom >= f.properties.min_zoom)
    .map((f) => {
      const [longitude = 0, latitude = 0] = f.geometry.coordinates;
      return {
        name: locale === 'fr' ? f.properties.name_fr : f.properties.name_en,
        kind: f.properties.kind,
        longitude,
        latitude,
      };
    });
}

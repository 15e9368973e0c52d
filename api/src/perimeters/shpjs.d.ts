// shpjs ships no types: the one call used here (a zipped Shapefile's bytes to GeoJSON in CRS84).
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson';
  export default function shp(
    zip: ArrayBuffer | ArrayBufferView,
  ): Promise<FeatureCollection | FeatureCollection[]>;
}

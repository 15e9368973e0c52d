import { Layer, Source, useMap } from '@vis.gl/react-maplibre';
import type { FilterSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import type { LegendSelection } from './map-fires.ts';
import {
  type MapPerimeterProperties,
  PERIMETER_COLOUR,
  PERIMETER_FILL_COLOUR,
  PERIMETER_GROUP,
  PERIMETER_TILE_LAYER,
  perimeterOfTile,
  perimeterPoint,
  perimeterTilesInView,
  perimeterTilesSource,
  prefetchPerimeterTiles,
} from './map-perimeters.ts';

/** Perimeters are drawn under the points, and the base map under them (its layers go before this). */
export const PERIMETER_FILL = 'perimeters-fill';
/** The perimeters' layers, shown and hidden together: one, its outline the fill's own. */
export const PERIMETER_LAYERS = [PERIMETER_FILL] as const;

/**
 * Perimeters of the fires whose stage is shown in the legend, and those of no reported fire; none
 * with every stage shown (the first view): the worker then evaluates no filter on 2,000 perimeters.
 */
export function perimeterFilter(selection: LegendSelection): FilterSpecification | undefined {
  const groups = Object.entries(selection.groups)
    .filter(([, on]) => on)
    .map(([k]) => k);
  if (groups.length === Object.keys(selection.groups).length) return undefined;
  return ['in', PERIMETER_GROUP, ['literal', [...groups, 'NONE']]] as FilterSpecification;
}

/**
 * The perimeters drawn in the view, by capture id: a perimeter comes back once per tile it
 * crosses, one entry per capture id.
 */
export function renderedPerimeters(map: MapLibreMap): Map<number, MapPerimeterProperties> {
  const perimeters = new Map<number, MapPerimeterProperties>();
  if (map.getLayer(PERIMETER_FILL))
    for (const f of map.queryRenderedFeatures({ layers: [PERIMETER_FILL] })) {
      const perimeter = perimeterOfTile(f.properties);
      if (perimeter && !perimeters.has(perimeter.id)) perimeters.set(perimeter.id, perimeter);
    }
  return perimeters;
}

/** The middle of the box of a perimeter's drawn pieces, or undefined when none is drawn. */
export function renderedPerimeterPoint(map: MapLibreMap | undefined, id: number) {
  const pieces = map?.getLayer(PERIMETER_FILL)
    ? map.queryRenderedFeatures({ layers: [PERIMETER_FILL], filter: ['==', ['get', 'id'], id] })
    : [];
  return perimeterPoint(pieces.map((f) => f.geometry));
}

/**
 * The perimeters' vector tiles, a translucent fill with a solid outline in their stage's colour. A child
 * of the map, first of its layers (see FiresMapCanvas); hidden until `visible`.
 */
export function PerimeterLayers({ selection, visible }: { selection: LegendSelection; visible: boolean }) {
  // Hidden layers leave their source unused, so MapLibre asks no tile before the fires are drawn.
  const [perimeterTiles] = useState(() => perimeterTilesSource(window.location.origin));
  // Their tiles' bytes are read at once, while the fires are drawn; they are parsed when shown.
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return;
    const b = map.getBounds();
    const view = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] as const;
    prefetchPerimeterTiles(perimeterTilesInView(window.location.origin, view, map.getZoom()));
  }, [map]);
  // No `filter` at all rather than an undefined one: a layer added with `filter: undefined` was
  // never drawn (e2e/perimeters.spec.ts).
  const filter = useMemo(() => perimeterFilter(selection), [selection]);
  const visibility = visible ? 'visible' : 'none';
  return (
    <Source id="perimeters" type="vector" {...perimeterTiles}>
      <Layer
        id={PERIMETER_FILL}
        type="fill"
        source-layer={PERIMETER_TILE_LAYER}
        {...(filter && { filter })}
        layout={{ visibility }}
        paint={{ 'fill-color': PERIMETER_FILL_COLOUR, 'fill-outline-color': PERIMETER_COLOUR }}
      />
    </Source>
  );
}

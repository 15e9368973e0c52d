import { Layer, type LayerProps, Source } from '@vis.gl/react-maplibre';
import type { FilterSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import { MARKER_STROKE_PX, markerRadius, SIZE_CLASSES, STAGE_GROUPS } from '../../shared/map/constants.ts';
import type { LegendSelection, MapFires } from './map-fires.ts';

export const FIRE_LAYER = 'fires';

const fireLayer = {
  id: FIRE_LAYER,
  type: 'circle' as const,
  paint: {
    'circle-color': [
      'match',
      ['get', 'group'],
      ...STAGE_GROUPS.flatMap((g) => [g.key, g.colour]),
      '#000000',
    ] as never,
    'circle-radius': [
      'match',
      ['get', 'size_class'],
      ...SIZE_CLASSES.flatMap((s) => [s.key, markerRadius(s.diameter)]),
      markerRadius(SIZE_CLASSES[0].diameter),
    ] as never,
    'circle-stroke-color': '#1d1d1f',
    'circle-stroke-width': MARKER_STROKE_PX,
  },
} satisfies LayerProps;

function legendFilter(selection: LegendSelection): FilterSpecification {
  const groups = Object.entries(selection.groups)
    .filter(([, on]) => on)
    .map(([k]) => k);
  const sizes = Object.entries(selection.sizes)
    .filter(([, on]) => on)
    .map(([k]) => k);
  return [
    'all',
    ['in', ['get', 'group'], ['literal', groups]],
    ['in', ['get', 'size_class'], ['literal', sizes]],
  ] as FilterSpecification;
}

/**
 * The fires' points, in the legend's stage colours and size classes, those the legend hides
 * filtered out. A child of the map, placed after the perimeters (see FiresMapCanvas).
 */
export function FiresLayer({ fires, selection }: { fires: MapFires; selection: LegendSelection }) {
  const filter = useMemo(() => legendFilter(selection), [selection]);
  return (
    <Source id="fires" type="geojson" data={fires}>
      <Layer {...fireLayer} filter={filter} />
    </Source>
  );
}

import type { MapRef } from '@vis.gl/react-maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { largestFires } from './FiresInView.tsx';
import { FIRE_LAYER } from './FiresLayer.tsx';
import type { MapFireProperties, MapFires } from './map-fires.ts';
import type { MapPerimeterProperties } from './map-perimeters.ts';
import { PERIMETER_FILL, PERIMETER_LAYERS, renderedPerimeters } from './PerimeterLayers.tsx';
import { largestPerimeters } from './PerimetersInView.tsx';

/**
 * What the map drew in the view: the fires and the perimeters it reports to the page (its status
 * line) and lists under it. `onRender` is the map's render handler, `onIdle` its idle one.
 */
export function useDrawnCounts(
  mapRef: RefObject<MapRef | null>,
  fires: MapFires,
  onRenderedCount: (count: number, perimeters: number) => void,
  perimetersShown: boolean,
) {
  // Set at the first frame that holds the fires: what the map adds after them waits for it.
  const [firesDrawn, setFiresDrawn] = useState(false);
  // Set at the first frame that holds every perimeter tile of the view: the base map waits for it.
  const [perimetersDrawn, setPerimetersDrawn] = useState(false);
  // The perimeters drawn in the view, by capture id, as their tiles give them (read at each idle).
  const [drawnPerimeters, setDrawnPerimeters] = useState<Map<number, MapPerimeterProperties>>(new Map());
  const [inView, setInView] = useState<{ total: number; largest: MapFireProperties[] }>();
  const [perimetersInView, setPerimetersInView] = useState<{
    total: number;
    largest: MapPerimeterProperties[];
  }>();

  // The fires last counted: the perimeters' first frame reports them again without querying them.
  const firesCounted = useRef(0);
  const reportRendered = useCallback(
    (only?: 'perimeters') => {
      const map = mapRef.current?.getMap();
      if (!map?.getLayer(FIRE_LAYER)) return;
      if (only !== 'perimeters') {
        const keys = new Set<number>(
          map.queryRenderedFeatures({ layers: [FIRE_LAYER] }).map((f) => f.properties?.key as number),
        );
        firesCounted.current = keys.size;
        // Rendered features come back cut to tiles; the fire itself is looked up by its key.
        const drawn = [...keys].flatMap((k) => fires.features[k - 1]?.properties ?? []);
        setInView({ total: keys.size, largest: largestFires(drawn) });
      }
      const perimeters = renderedPerimeters(map);
      onRenderedCount(firesCounted.current, perimeters.size);
      setDrawnPerimeters(perimeters);
      setPerimetersInView({ total: perimeters.size, largest: largestPerimeters(perimeters.values()) });
    },
    [mapRef, onRenderedCount, fires],
  );

  // The fires last said drawn (a new answer is drawn and said again).
  const reportedFires = useRef<MapFires>(undefined);
  // The perimeters are shown on the map itself, not at React's next render, once the fires' data
  // is in place: their tiles (read ahead into the HTTP cache, PerimeterLayers) are then asked in the
  // frame that draws the fires and parsed by the worker while that frame is drawn. Shown before
  // the fires' data was in place instead, their parsing held the fires back on the throttled phone.
  const showPerimeters = useCallback(
    (map: MapLibreMap) => {
      if (!perimetersShown) return;
      for (const id of PERIMETER_LAYERS)
        if (map.getLayer(id) && map.getLayoutProperty(id, 'visibility') !== 'visible')
          map.setLayoutProperty(id, 'visibility', 'visible');
    },
    [perimetersShown],
  );
  const onSourceData = (map: MapLibreMap) => {
    if (reportedFires.current !== fires && map.getLayer(FIRE_LAYER) && map.isSourceLoaded('fires'))
      showPerimeters(map);
  };

  // The fires are said drawn at the first frame that holds them, not at MapLibre's `idle`, which
  // waits for the base map and the perimeters too (the fires' layer comes first: it is what the
  // reader came for). `idle` then counts again with everything in place.
  const reportFiresDrawn = useCallback(
    (map: MapLibreMap) => {
      if (reportedFires.current === fires || !map.getLayer(FIRE_LAYER) || !map.isSourceLoaded('fires'))
        return;
      reportedFires.current = fires;
      showPerimeters(map);
      setFiresDrawn(true);
      // The status line says so now, not after the map's next frames (a phone's main thread is
      // busy drawing them, and the count would appear 0.2-0.4 s after the fires).
      flushSync(() => reportRendered());
    },
    [fires, reportRendered, showPerimeters],
  );
  // Likewise the perimeters, at the first frame that holds every tile of the view: `idle` would also
  // wait for the base map, read at the same time.
  const perimetersReported = useRef(false);
  const reportPerimetersDrawn = useCallback(
    (map: MapLibreMap) => {
      // The map's own visibility, not the state's: the frame after the layer is shown has asked its tiles.
      if (perimetersReported.current || !map.getLayer(PERIMETER_FILL)) return;
      if (map.getLayoutProperty(PERIMETER_FILL, 'visibility') !== 'visible') return;
      if (!map.isSourceLoaded('perimeters')) return;
      perimetersReported.current = true;
      // The fires have not changed since their frame: only the perimeters are queried (on the
      // throttled phone, querying the fires again held the count back).
      flushSync(() => reportRendered('perimeters'));
      setPerimetersDrawn(true);
    },
    [reportRendered],
  );

  // The perimeters first: the fires' frame shows their layers, whose tiles the next frame asks (in
  // this frame their source has no tile yet, which MapLibre calls loaded).
  const onRender = (map: MapLibreMap) => {
    reportPerimetersDrawn(map);
    reportFiresDrawn(map);
  };

  return {
    firesDrawn,
    perimetersDrawn,
    drawnPerimeters,
    inView,
    perimetersInView,
    onRender,
    onSourceData,
    onIdle: () => reportRendered(),
  };
}

import { type MapRef, Map as MapView, NavigationControl, ScaleControl } from '@vis.gl/react-maplibre';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  extendBounds,
  MAP_FIT_BOUNDS,
  MAP_HEIGHT_PX,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  toMapLibreZoom,
} from '../../shared/map/constants.ts';
import { workerUrl } from '../../shared/map/map-assets.ts';
import { BaseMapLayers, OFFLINE_STYLE, useBaseMap } from './BaseMapLayers.tsx';
import { FiresInView, perimeterKey } from './FiresInView.tsx';
import { FIRE_LAYER, FiresLayer } from './FiresLayer.tsx';
import type { MapFocus } from './FiresMap.tsx';
import { FocusMarker, useFlyToFocus } from './FocusMarker.tsx';
import type { LegendSelection, MapFires } from './map-fires.ts';
import { mapPixelRatio, useFollowPixelRatio, useMapLocale } from './map-view-options.ts';
import { PERIMETER_FILL, PerimeterLayers } from './PerimeterLayers.tsx';
import { PerimetersInView } from './PerimetersInView.tsx';
import { PlaceLabels } from './PlaceLabels.tsx';
import { useDrawnCounts } from './useDrawnCounts.ts';
import { useMapPopups } from './useMapPopups.ts';

// The worker must be served beside the bundle (docs/notes/frontend.md): Vite emits it as an asset.
maplibregl.setWorkerUrl(workerUrl);
// MapLibre's worker started as this chunk runs, not when the map is made after React's next commit:
// its start (reading its 520 KB module) then runs beside the page's render instead of before the
// fires' data can be parsed. Kept for the page's life, so a map made again reuses it.
maplibregl.prewarm();

/**
 * A fire's or a perimeter's popup and its details: not part of the first frame, so a chunk of their
 * own, asked once the fires are drawn (mounted then, showing nothing until one is opened).
 */
const MapPopups = lazy(() => import('./MapPopups.tsx').then((m) => ({ default: m.MapPopups })));

/**
 * The MapLibre map of the dashboard, loaded on demand (its code is about 300 KB gzipped). It
 * reports how many fires it actually drew after each render, so the page can say so in text.
 *
 * The draw order is deliberate (docs/decisions.md, "The public map"): the fires first, counted in
 * the frame that draws them (useDrawnCounts), then the perimeters' tiles (their bytes read ahead),
 * then the base map's shapes. The map's children are in the order their layers must be added: the
 * perimeters' (hidden, so no tile is parsed, until the fires are drawn), the fires', then the base
 * map's, which go under the perimeters' (BaseMapLayers).
 */
export default function FiresMapCanvas({
  fires,
  selection,
  perimetersShown,
  onRenderedCount,
  focus,
}: {
  fires: MapFires;
  selection: LegendSelection;
  perimetersShown: boolean;
  /** Fires drawn in the view, and the perimeters (rendered pieces come back per tile: counted by id). */
  onRenderedCount: (count: number, perimeters: number) => void;
  /** A place to show with its radius ("Fires near me"); the map moves there when it changes. */
  focus?: MapFocus | undefined;
}) {
  const intl = useIntl();
  const mapRef = useRef<MapRef>(null);
  // Place names depend on the zoom (places.ts): read once the map has fitted Canada, then on each zoom.
  const [zoom, setZoom] = useState<number>();
  const [cursor, setCursor] = useState('');
  useFollowPixelRatio(mapRef);
  useFlyToFocus(mapRef, focus);
  const drawn = useDrawnCounts(mapRef, fires, onRenderedCount, perimetersShown);
  // The base map's shapes after the perimeters when they are shown: read together, the base map's
  // sources and the perimeters' tiles queued on the same worker and the perimeters came 0.9 s
  // (laptop) to 1.6 s (phone) after the fires.
  const base = useBaseMap(drawn.firesDrawn && (!perimetersShown || drawn.perimetersDrawn));
  const popups = useMapPopups(mapRef, fires, drawn.drawnPerimeters);
  const locale = useMapLocale();

  const withPerimeter = useMemo(
    () =>
      new Set(
        perimetersShown
          ? [...drawn.drawnPerimeters.values()].map((p) => perimeterKey(p.agency_code, p.agency_fire_id))
          : [],
      ),
    [drawn.drawnPerimeters, perimetersShown],
  );
  // Fitted once, at load: Canada and every fire, whatever the screen.
  const [initialBounds] = useState(() =>
    extendBounds(
      MAP_FIT_BOUNDS,
      fires.features.map((f) => f.geometry.coordinates as [number, number]),
    ),
  );

  return (
    <>
      <MapView
        ref={mapRef}
        mapLib={maplibregl}
        key={intl.locale}
        initialViewState={{ bounds: initialBounds, fitBoundsOptions: { padding: 12 } }}
        // The page scrolls under a finger or the wheel; two fingers or Ctrl/⌘ + wheel move the map.
        cooperativeGestures
        minZoom={toMapLibreZoom(MAP_MIN_ZOOM)}
        maxZoom={toMapLibreZoom(MAP_MAX_ZOOM)}
        style={{ width: '100%', height: MAP_HEIGHT_PX }}
        mapStyle={OFFLINE_STYLE}
        pixelRatio={mapPixelRatio()}
        // No fading of labels and symbols: each fade is 300 ms of frames redrawn, and without a GPU
        // (software WebGL) a frame of the whole map was 40-200 ms of the main thread.
        fadeDuration={0}
        locale={locale}
        dragRotate={false}
        touchPitch={false}
        interactiveLayerIds={[FIRE_LAYER, PERIMETER_FILL]}
        onClick={popups.onClick}
        onMouseEnter={() => setCursor('pointer')}
        onMouseLeave={() => setCursor('')}
        cursor={cursor}
        onRender={(e) => drawn.onRender(e.target)}
        onSourceData={(e) => drawn.onSourceData(e.target)}
        onIdle={drawn.onIdle}
        onLoad={(e) => setZoom(e.target.getZoom())}
        onZoomEnd={(e) => setZoom(e.viewState.zoom)}
        attributionControl={{ compact: false, customAttribution: 'Natural Earth' }}
      >
        <NavigationControl showCompass={false} />
        <ScaleControl unit="metric" />
        <PerimeterLayers selection={selection} visible={perimetersShown && drawn.firesDrawn} />
        <FiresLayer fires={fires} selection={selection} />
        {base ? <BaseMapLayers base={base} /> : null}
        <PlaceLabels zoom={zoom} />
        {focus ? <FocusMarker focus={focus} /> : null}
        {drawn.firesDrawn ? (
          <Suspense fallback={null}>
            <MapPopups
              selected={popups.selected}
              selectedPerimeter={popups.selectedPerimeter}
              onClose={popups.closePopup}
            />
          </Suspense>
        ) : null}
      </MapView>
      {drawn.inView ? (
        <FiresInView
          fires={drawn.inView.largest}
          total={drawn.inView.total}
          onOpen={popups.openFromList}
          withPerimeter={withPerimeter}
          onOpenPerimeter={popups.openPerimeterFromList}
        />
      ) : null}
      {perimetersShown && drawn.perimetersInView ? (
        <PerimetersInView
          perimeters={drawn.perimetersInView.largest}
          total={drawn.perimetersInView.total}
          onOpen={popups.openPerimeterOfList}
        />
      ) : null}
    </>
  );
}

import {
  Layer,
  type LayerProps,
  type MapLayerMouseEvent,
  type MapRef,
  Map as MapView,
  Marker,
  NavigationControl,
  Popup,
  ScaleControl,
  Source,
} from '@vis.gl/react-maplibre';
import type { FilterSpecification, StyleSpecification } from 'maplibre-gl';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { type CanadaBaseMap, loadCanadaBaseMap } from '../../shared/map/base-map.ts';
import {
  BASE_COLOURS,
  DEFAULT_POPUP_CENTRE,
  extendBounds,
  MAP_FIT_BOUNDS,
  MAP_HEIGHT_PX,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MARKER_STROKE_PX,
  markerRadius,
  SIZE_CLASSES,
  STAGE_GROUPS,
  toMapLibreZoom,
} from '../../shared/map/constants.ts';
import { workerUrl } from '../../shared/map/map-assets.ts';
import { placesAt } from '../../shared/map/places.ts';
import { FireDetails } from './FireDetails.tsx';
import { FiresInView, largestFires, perimeterKey } from './FiresInView.tsx';
import type { LegendSelection, MapFireProperties, MapFires } from './map-fires.ts';
import {
  EMPTY_PERIMETERS,
  type MapPerimeterProperties,
  PERIMETER_NONE_COLOUR,
  perimeterPoint,
  perimetersQuery,
} from './map-perimeters.ts';
import { PerimeterDetails } from './PerimeterDetails.tsx';
import { largestPerimeters, PerimetersInView } from './PerimetersInView.tsx';
import { popupKeyboard } from './popup-keyboard.ts';

// The worker must be served beside the bundle (docs/notes/frontend.md): Vite emits it as an asset.
maplibregl.setWorkerUrl(workerUrl);

/**
 * No tile server: a background of water, then the provinces and lakes of the offline layer, which
 * arrive after the fires and so are inserted below them (`beforeId`).
 */
const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'water', type: 'background', paint: { 'background-color': BASE_COLOURS.water } }],
};

/**
 * At most two device pixels per CSS pixel: a third is not seen on flat fills and dots (the place
 * names are HTML), but costs 2.25 times the pixels on every frame; without a GPU a phone's fires
 * came 0.25 s later (docs/decisions.md, "The public map").
 */
const mapPixelRatio = () => Math.min(window.devicePixelRatio || 1, 2);

const FIRE_LAYER = 'fires';
/** Perimeters are drawn under the points, and the base map under them (its layers go before this). */
const PERIMETER_FILL = 'perimeters-fill';

const perimeterColour = [
  'match',
  ['get', 'group'],
  ...STAGE_GROUPS.flatMap((g) => [g.key, g.colour]),
  PERIMETER_NONE_COLOUR,
] as never;

/** Perimeters of the fires whose stage is shown in the legend, and those of no reported fire. */
function perimeterFilter(selection: LegendSelection): FilterSpecification {
  const groups = Object.entries(selection.groups)
    .filter(([, on]) => on)
    .map(([k]) => k);
  return ['in', ['get', 'group'], ['literal', [...groups, 'NONE']]] as FilterSpecification;
}

type Box = [number, number, number, number];

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
 * The MapLibre map of the dashboard, loaded on demand (its code is about 300 KB gzipped). It
 * reports how many fires it actually drew after each render, so the page can say so in text.
 */
export default function FiresMapCanvas({
  fires,
  selection,
  perimetersShown,
  onRenderedCount,
}: {
  fires: MapFires;
  selection: LegendSelection;
  perimetersShown: boolean;
  /** Fires drawn in the view, and the perimeters (rendered pieces come back per tile: counted by id). */
  onRenderedCount: (count: number, perimeters: number) => void;
}) {
  const intl = useIntl();
  const { locale: language } = useLocale();
  const mapRef = useRef<MapRef>(null);
  const [base, setBase] = useState<CanadaBaseMap>();
  const [selected, setSelected] = useState<MapFireProperties>();
  const [selectedPerimeter, setSelectedPerimeter] = useState<{
    perimeter: MapPerimeterProperties;
    longitude: number;
    latitude: number;
  }>();
  // The view the perimeters are asked for: read at load and after each move (a band and grid cell).
  const [view, setView] = useState<{ box: Box; zoom: number }>();
  // Set at the first frame that holds the fires: what the map adds after them waits for it.
  const [firesDrawn, setFiresDrawn] = useState(false);
  const { data: perimeters = EMPTY_PERIMETERS } = useQuery({
    ...perimetersQuery(view?.box ?? [0, 0, 0, 0], view?.zoom ?? 0),
    enabled: perimetersShown && view !== undefined && firesDrawn,
  });
  // Place names depend on the zoom (places.ts): read once the map has fitted Canada, then on each zoom.
  const [zoom, setZoom] = useState<number>();
  const places = useMemo(() => (zoom === undefined ? [] : placesAt(zoom, language)), [zoom, language]);
  const [cursor, setCursor] = useState('');
  const [inView, setInView] = useState<{ total: number; largest: MapFireProperties[] }>();
  const [perimetersInView, setPerimetersInView] = useState<{
    total: number;
    largest: MapPerimeterProperties[];
  }>();
  // Where focus goes back to when a popup opened from the keyboard list closes.
  const trigger = useRef<HTMLElement>(null);

  // A browser zoom changes the device pixel ratio (and fires `resize`): the map follows, capped.
  useEffect(() => {
    const follow = () => {
      const map = mapRef.current?.getMap();
      if (map && map.getPixelRatio() !== mapPixelRatio()) map.setPixelRatio(mapPixelRatio());
    };
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, []);

  const filter = useMemo(() => legendFilter(selection), [selection]);
  const perimetersFilter = useMemo(() => perimeterFilter(selection), [selection]);
  const withPerimeter = useMemo(
    () =>
      new Set(
        perimetersShown
          ? perimeters.features.map((p) =>
              perimeterKey(p.properties.agency_code, p.properties.agency_fire_id),
            )
          : [],
      ),
    [perimeters, perimetersShown],
  );
  const perimeterVisibility = perimetersShown ? 'visible' : 'none';
  const readView = useCallback((map: maplibregl.Map) => {
    const b = map.getBounds();
    setView({ box: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() });
  }, []);
  // Fitted once, at load: Canada and every fire, whatever the screen.
  const [initialBounds] = useState(() =>
    extendBounds(
      MAP_FIT_BOUNDS,
      fires.features.map((f) => f.geometry.coordinates as [number, number]),
    ),
  );

  const reportRendered = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map?.getLayer(FIRE_LAYER)) return;
    const keys = new Set<number>(
      map.queryRenderedFeatures({ layers: [FIRE_LAYER] }).map((f) => f.properties?.key as number),
    );
    const perimeterIds = map.getLayer(PERIMETER_FILL)
      ? new Set(map.queryRenderedFeatures({ layers: [PERIMETER_FILL] }).map((f) => f.properties?.id))
      : new Set();
    onRenderedCount(keys.size, perimeterIds.size);
    // Rendered features come back cut to tiles; the fire itself is looked up by its key.
    const drawn = [...keys].flatMap((k) => fires.features[k - 1]?.properties ?? []);
    setInView({ total: keys.size, largest: largestFires(drawn) });
    const byId = new Map(perimeters.features.map((p) => [p.properties.id, p.properties]));
    const drawnPerimeters = [...perimeterIds].flatMap((id) => byId.get(id as number) ?? []);
    setPerimetersInView({ total: perimeterIds.size, largest: largestPerimeters(drawnPerimeters) });
  }, [onRenderedCount, fires, perimeters]);

  // The base map's shapes are read out of their file (its download started with the page's) once
  // the fires are drawn: before, that work and the base map's tiles held the fires' first frame back.
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
  // The fires are said drawn at the first frame that holds them, not at MapLibre's `idle`, which
  // waits for the base map and the perimeters too (the fires' layer comes first: it is what the
  // reader came for). `idle` then counts again with everything in place.
  const reportedFires = useRef<MapFires>(undefined);
  const reportFiresDrawn = useCallback(
    (map: maplibregl.Map) => {
      if (reportedFires.current === fires || !map.getLayer(FIRE_LAYER) || !map.isSourceLoaded('fires'))
        return;
      reportedFires.current = fires;
      setFiresDrawn(true);
      // The status line says so now, not after the map's next frames (a phone's main thread is
      // busy drawing them, and the count would appear 0.2-0.4 s after the fires).
      flushSync(reportRendered);
    },
    [fires, reportRendered],
  );

  const openFromList = (key: number, from: HTMLElement) => {
    const feature = fires.features[key - 1];
    if (!feature) return;
    trigger.current = from;
    setSelectedPerimeter(undefined);
    setSelected(feature.properties);
  };

  // The list's perimeter button: the popup of the fire's perimeter, at the fire's point.
  const openPerimeterFromList = (fire: MapFireProperties, from: HTMLElement) => {
    const key = perimeterKey(fire.field_agency_code, fire.field_agency_fire_id);
    const perimeter = perimeters.features.find(
      (p) => perimeterKey(p.properties.agency_code, p.properties.agency_fire_id) === key,
    )?.properties;
    if (!perimeter) return;
    trigger.current = from;
    setSelected(undefined);
    setSelectedPerimeter({ perimeter, longitude: fire.longitude, latitude: fire.latitude });
  };

  // The perimeters list's button: the popup at the middle of the perimeter's box.
  const openPerimeterOfList = (perimeter: MapPerimeterProperties, from: HTMLElement) => {
    const feature = perimeters.features.find((p) => p.properties.id === perimeter.id);
    if (!feature) return;
    trigger.current = from;
    setSelected(undefined);
    setSelectedPerimeter({ perimeter: feature.properties, ...perimeterPoint(feature.geometry) });
  };

  const closePopup = useCallback(() => {
    setSelected(undefined);
    setSelectedPerimeter(undefined);
    if (trigger.current?.isConnected) trigger.current.focus();
    trigger.current = null;
  }, []);

  // MapLibre would focus the popup's first link (the agency's site); its close button comes first,
  // as before the link was added, so Enter closes the popup, and Escape anywhere inside it does;
  // focus then returns to the list's button that opened it.
  useEffect(() => {
    const container = mapRef.current?.getContainer();
    if ((!selected && !selectedPerimeter) || !container) return;
    const closeLabel = intl.formatMessage({
      id: selectedPerimeter ? 'dashboard.perimeter.close' : 'dashboard.popup.close',
    });
    let undo: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      undo = popupKeyboard(container, { closeLabel, onClose: closePopup });
    });
    return () => {
      cancelAnimationFrame(frame);
      undo?.();
    };
  }, [selected, selectedPerimeter, intl, closePopup]);

  const onClick = (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    trigger.current = null;
    setSelectedPerimeter(undefined);
    if (!feature) {
      setSelected(undefined);
      return;
    }
    // The points are drawn above the perimeters, so a click on a point gets the fire.
    if (feature.layer.id === PERIMETER_FILL) {
      const perimeter = perimeters.features.find((p) => p.id === feature.properties?.id)?.properties;
      setSelected(undefined);
      if (perimeter)
        setSelectedPerimeter({ perimeter, longitude: event.lngLat.lng, latitude: event.lngLat.lat });
      return;
    }
    // The rendered feature's properties are flattened copies; the fire itself is looked up by key.
    const fire = fires.features[(feature.properties?.key as number) - 1]?.properties;
    if (fire) {
      setSelected(fire);
      return;
    }
    const [longitude, latitude] =
      feature.geometry.type === 'Point'
        ? (feature.geometry.coordinates as [number, number])
        : [DEFAULT_POPUP_CENTRE.longitude, DEFAULT_POPUP_CENTRE.latitude];
    setSelected({ ...(feature.properties as MapFireProperties), longitude, latitude });
  };

  const locale = useMemo(
    () => ({
      'NavigationControl.ZoomIn': intl.formatMessage({ id: 'dashboard.map.zoomIn' }),
      'NavigationControl.ZoomOut': intl.formatMessage({ id: 'dashboard.map.zoomOut' }),
      'NavigationControl.ResetBearing': intl.formatMessage({ id: 'dashboard.map.resetBearing' }),
      'Map.Title': intl.formatMessage({ id: 'dashboard.map.label' }),
      'Popup.Close': intl.formatMessage({ id: 'dashboard.popup.close' }),
      'CooperativeGesturesHandler.WindowsHelpText': intl.formatMessage({ id: 'dashboard.map.gestureCtrl' }),
      'CooperativeGesturesHandler.MacHelpText': intl.formatMessage({ id: 'dashboard.map.gestureCmd' }),
      'CooperativeGesturesHandler.MobileHelpText': intl.formatMessage({ id: 'dashboard.map.gestureTouch' }),
    }),
    [intl],
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
        locale={locale}
        dragRotate={false}
        touchPitch={false}
        interactiveLayerIds={[FIRE_LAYER, PERIMETER_FILL]}
        onClick={onClick}
        onMouseEnter={() => setCursor('pointer')}
        onMouseLeave={() => setCursor('')}
        cursor={cursor}
        onRender={(e) => reportFiresDrawn(e.target)}
        onIdle={reportRendered}
        onLoad={(e) => {
          setZoom(e.target.getZoom());
          readView(e.target);
        }}
        onZoomEnd={(e) => setZoom(e.viewState.zoom)}
        onMoveEnd={(e) => readView(e.target)}
        attributionControl={{ compact: false, customAttribution: 'Natural Earth' }}
      >
        <NavigationControl showCompass={false} />
        <ScaleControl unit="metric" />
        <Source id="perimeters" type="geojson" data={perimeters}>
          <Layer
            id={PERIMETER_FILL}
            type="fill"
            filter={perimetersFilter}
            layout={{ visibility: perimeterVisibility }}
            paint={{ 'fill-color': perimeterColour, 'fill-opacity': 0.3 }}
          />
          <Layer
            id="perimeters-line"
            type="line"
            filter={perimetersFilter}
            layout={{ visibility: perimeterVisibility }}
            paint={{ 'line-color': perimeterColour, 'line-width': 1.2 }}
          />
        </Source>
        <Source id="fires" type="geojson" data={fires}>
          <Layer {...fireLayer} filter={filter} />
        </Source>
        {/* After the perimeters in the tree, though drawn under them (`beforeId`): a layer is added
            when it renders, and one placed before a layer not added yet is refused ("Cannot add
            layer … before non-existing layer"), leaving the land undrawn until a later render. */}
        {base ? (
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
        ) : null}
        {places.map((p) => (
          <Marker
            key={p.name}
            longitude={p.longitude}
            latitude={p.latitude}
            anchor="left"
            offset={[-3, 0]}
            className="place-label-marker"
          >
            <span className={`place-label place-${p.kind}`}>{p.name}</span>
          </Marker>
        ))}
        {selected ? (
          <Popup
            longitude={selected.longitude}
            latitude={selected.latitude}
            onClose={closePopup}
            closeOnClick={false}
            focusAfterOpen={false}
            maxWidth="18rem"
          >
            <FireDetails fire={selected} />
          </Popup>
        ) : null}
        {selectedPerimeter ? (
          <Popup
            longitude={selectedPerimeter.longitude}
            latitude={selectedPerimeter.latitude}
            onClose={closePopup}
            closeOnClick={false}
            focusAfterOpen={false}
            maxWidth="18rem"
          >
            <PerimeterDetails perimeter={selectedPerimeter.perimeter} />
          </Popup>
        ) : null}
      </MapView>
      {inView ? (
        <FiresInView
          fires={inView.largest}
          total={inView.total}
          onOpen={openFromList}
          withPerimeter={withPerimeter}
          onOpenPerimeter={openPerimeterFromList}
        />
      ) : null}
      {perimetersShown && perimetersInView ? (
        <PerimetersInView
          perimeters={perimetersInView.largest}
          total={perimetersInView.total}
          onOpen={openPerimeterOfList}
        />
      ) : null}
    </>
  );
}

import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { isNarrowScreen, useNarrowScreen } from '../../shared/charts/useNarrowScreen.ts';
import { LongDay } from '../../shared/format/LongDay.tsx';
import { useFormat } from '../../shared/format/useFormat.ts';
import { MAP_HEIGHT_PX, SIZE_CLASSES, STAGE_GROUPS } from '../../shared/map/constants.ts';
import { warmMapAssets } from '../../shared/map/map-assets.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { mapFiresQuery } from './api.ts';
import {
  ALL_SHOWN,
  countByLegend,
  EMPTY_FIRES,
  isShown,
  type LegendSelection,
  newestDay,
} from './map-fires.ts';
import { PERIMETER_NONE_COLOUR } from './map-perimeters.ts';

type Canvas = typeof import('./FiresMapCanvas.tsx').default;
/**
 * The map's code once it has run. A map made after that renders it directly, not through `lazy`:
 * a lazy component suspends at its first render even when its module has run (React waits on the
 * import's promise), and the map is then made in a later commit.
 */
let canvasLoaded: Canvas | undefined;
const loadCanvas = () =>
  import('./FiresMapCanvas.tsx').then((m) => {
    canvasLoaded = m.default;
    return m;
  });
const LazyCanvas = lazy(loadCanvas);

/**
 * With WebGL, the map's chunk, its worker and the base map are asked for together at the first
 * render (the fires' data too, by the query), not each after the one before.
 */
function startMapDownloads(): boolean {
  const webGl = supportsWebGl();
  if (webGl) {
    void loadCanvas().catch(() => undefined); // the boundary reports a failure when the map renders
    warmMapAssets();
  }
  return webGl;
}

/** The pages whose map is drawn at once on a wide screen. */
const MAP_PAGES = new Set(['/', '/dashboard', '/map']);

/**
 * The map of the page being opened, started before the app's first render where it is drawn at once
 * (the home page and /map on a wide screen; a phone's waits for a tap): its code run and its fires
 * parsed (the served page has read both ahead, vite.config.ts) while the app loads, so that render's
 * commit makes the map. Made after the query's effect instead, the laptop's map came about 0.2 s
 * after the page's first commit, now about 0.1 s (bench/perimeter-draw.ts, the map's canvas).
 */
export function startMapEarly(client: QueryClient, pathname: string): void {
  if (isNarrowScreen() || !MAP_PAGES.has(pathname.replace(/\/+$/, '') || '/') || !startMapDownloads()) return;
  void client.prefetchQuery(mapFiresQuery());
}

/** A perimeter is a translucent area in its stage's colour with an outline: the swatch says so. */
const PERIMETER_SWATCH = {
  background: `linear-gradient(135deg, ${STAGE_GROUPS.map((g) => `${g.colour}66`).join(', ')})`,
  border: '1px solid #1d1d1f',
};
const NONE_SWATCH = {
  background: `${PERIMETER_NONE_COLOUR}4d`,
  border: `1px solid ${PERIMETER_NONE_COLOUR}`,
};

let webGlSupported: boolean | undefined;

/** WebGL is what MapLibre draws with; without it the page says so instead of failing. Tested once. */
function supportsWebGl(): boolean {
  if (webGlSupported === undefined) {
    try {
      const canvas = document.createElement('canvas');
      webGlSupported = !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      webGlSupported = false;
    }
  }
  return webGlSupported;
}

class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('fires map', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The legend is folded on a phone, where it sits under the map and would push the rest of the page
 * a screen further down, and open beside the map on a wider screen. A reader's own choice holds
 * until the screen crosses that width.
 */
function useLegendDisclosure() {
  const narrow = useNarrowScreen();
  const [choice, setChoice] = useState<{ narrow: boolean; open: boolean }>();
  const open = choice?.narrow === narrow ? choice.open : !narrow;
  const toggle = useCallback(() => setChoice({ narrow, open: !open }), [narrow, open]);
  return { open, toggle };
}

/**
 * The active fires map with its legend. The legend's checkboxes hide and show groups of fires (by
 * stage of control and by size) and a status line says, in text, how many fires are shown and how
 * many the map drew in the current view.
 */
/** A place the map shows, with the radius around it ("Fires near me"). */
export interface MapFocus {
  longitude: number;
  latitude: number;
  radiusKm: number;
  label: string;
}

export function FiresMap({
  waitOnPhone = true,
  focus,
}: {
  waitOnPhone?: boolean;
  focus?: MapFocus | undefined;
}) {
  const format = useFormat();
  const id = useId();
  const { data: fires = EMPTY_FIRES, isPending } = useQuery(mapFiresQuery());
  const [selection, setSelection] = useState<LegendSelection>(ALL_SHOWN);
  const [perimetersShown, setPerimetersShown] = useState(true);
  const [drawn, setDrawn] = useState<number>();
  // On a phone the map waits for a tap: MapLibre's first draw is seconds of a phone's main thread
  // (Lighthouse mobile: 6 s of blocking) and 600 KB of downloads, while the national picture above
  // and the lists answer the first questions (docs/decisions.md, "The map on a phone waits for a tap").
  const narrow = useNarrowScreen();
  const [waiting, setWaiting] = useState(() => waitOnPhone && narrow);
  // A waiting map tests WebGL at the tap: making a context to test it was a long task on a phone's
  // first load (25 ms of a 4x slower CPU, before the page answered), for a map not yet asked for.
  const [webGl, setWebGl] = useState(() => waiting || startMapDownloads());
  const [FiresMapCanvas] = useState<Canvas | typeof LazyCanvas>(() => canvasLoaded ?? LazyCanvas);
  const showMap = useCallback(() => {
    setWebGl(startMapDownloads());
    setWaiting(false);
  }, []);
  const counts = useMemo(() => countByLegend(fires), [fires]);
  const asOf = useMemo(() => newestDay(fires), [fires]);
  const shown = useMemo(
    () => fires.features.filter((f) => isShown(f.properties, selection)).length,
    [fires, selection],
  );
  const legend = useLegendDisclosure();
  const [perimetersDrawn, setPerimetersDrawn] = useState<number>();
  const onRenderedCount = useCallback((n: number, perimeters: number) => {
    setDrawn(n);
    setPerimetersDrawn(perimeters);
  }, []);

  const unavailable = (
    <div className="fires-map-unavailable" style={{ minHeight: MAP_HEIGHT_PX / 3 }}>
      <p>
        <FormattedMessage id="dashboard.map.unavailable" />{' '}
        <Link to="/national">
          <FormattedMessage id="dashboard.map.listLink" />
        </Link>
      </p>
    </div>
  );

  return (
    <section className="fires-map" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <FormattedMessage id="dashboard.map.heading" />
      </h2>
      {/* The map and the list of the largest fires in view under it are as old as these fires; the
          line is kept while they load, so the map does not move (CLS). */}
      <p className="figure-as-of">
        {asOf && <FormattedMessage id="dashboard.map.asOf" values={{ date: <LongDay day={asOf} /> }} />}
      </p>
      <div className="fires-map-body">
        <div className="fires-map-legend">
          <h3>
            <button
              type="button"
              className="fires-map-legend-toggle"
              aria-expanded={legend.open}
              aria-controls={`${id}-legend`}
              onClick={legend.toggle}
            >
              <FormattedMessage id="dashboard.legend.title" />
            </button>
          </h3>
          <div id={`${id}-legend`} hidden={!legend.open}>
            <fieldset>
              <legend>
                <FormattedMessage id="dashboard.legend.stage" />
              </legend>
              {STAGE_GROUPS.map((g) => (
                <label key={g.key} className="legend-toggle">
                  <input
                    type="checkbox"
                    checked={selection.groups[g.key]}
                    onChange={(e) =>
                      setSelection((s) => ({ ...s, groups: { ...s.groups, [g.key]: e.target.checked } }))
                    }
                  />
                  <span className="legend-swatch" style={{ background: g.colour }} aria-hidden="true" />
                  <FormattedMessage id={`dashboard.legend.group.${g.key}`} />{' '}
                  <span className="legend-count">
                    <FormattedMessage
                      id="dashboard.legend.count"
                      values={{ count: format.integer(counts.groups[g.key]) }}
                    />
                  </span>
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>
                <FormattedMessage id="dashboard.legend.size" />
              </legend>
              {SIZE_CLASSES.map((s) => (
                <label key={s.key} className="legend-toggle">
                  <input
                    type="checkbox"
                    checked={selection.sizes[s.key]}
                    onChange={(e) =>
                      setSelection((x) => ({ ...x, sizes: { ...x.sizes, [s.key]: e.target.checked } }))
                    }
                  />
                  <span className="legend-size-swatch" aria-hidden="true">
                    <span style={{ width: s.diameter, height: s.diameter }} />
                  </span>
                  <FormattedMessage id={`dashboard.legend.size.${s.key}`} />{' '}
                  <span className="legend-count">
                    <FormattedMessage
                      id="dashboard.legend.count"
                      values={{ count: format.integer(counts.sizes[s.key]) }}
                    />
                  </span>
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>
                <FormattedMessage id="dashboard.legend.perimeters" />
              </legend>
              <label className="legend-toggle">
                <input
                  type="checkbox"
                  checked={perimetersShown}
                  onChange={(e) => setPerimetersShown(e.target.checked)}
                />
                <span
                  className="legend-swatch legend-perimeter-swatch"
                  aria-hidden="true"
                  style={PERIMETER_SWATCH}
                />
                <FormattedMessage id="dashboard.legend.perimeters.show" />
              </label>
              <p className="legend-note">
                <span className="legend-swatch" aria-hidden="true" style={NONE_SWATCH} />{' '}
                <FormattedMessage id="dashboard.legend.perimeters.none" />
              </p>
            </fieldset>
          </div>
        </div>
        <div className="fires-map-canvas">
          {webGl && waiting ? (
            <div className="fires-map-waiting">
              <button type="button" className="button button-primary" onClick={showMap}>
                <FormattedMessage id="dashboard.map.show" />
              </button>
              <p>
                <FormattedMessage id="dashboard.map.showNote" />{' '}
                <Link to="/national">
                  <FormattedMessage id="dashboard.map.listLink" />
                </Link>
              </p>
            </div>
          ) : webGl ? (
            <MapBoundary fallback={unavailable}>
              {/* The map's height is kept while its chunk loads, so the page does not jump (CLS). */}
              <div style={{ minHeight: MAP_HEIGHT_PX }}>
                <Suspense fallback={<Loading />}>
                  {/* MapLibre names its canvas a region ('Map.Title'): no second region of the same name around it. */}
                  <FiresMapCanvas
                    fires={fires}
                    selection={selection}
                    perimetersShown={perimetersShown}
                    onRenderedCount={onRenderedCount}
                    focus={focus}
                  />
                </Suspense>
              </div>
            </MapBoundary>
          ) : (
            unavailable
          )}
          <p
            className="fires-map-status"
            role="status"
            data-shown={shown}
            data-drawn={drawn ?? ''}
            data-perimeters-drawn={perimetersDrawn ?? ''}
          >
            {isPending ? null : (
              <FormattedMessage
                id="dashboard.map.shown"
                values={{
                  shown,
                  total: format.integer(fires.features.length),
                  drawn: drawn === undefined || !webGl || waiting ? 'unknown' : format.integer(drawn),
                }}
              />
            )}
          </p>
          <p className="fires-map-help">
            <FormattedMessage id="dashboard.map.help" />
          </p>
        </div>
      </div>
    </section>
  );
}

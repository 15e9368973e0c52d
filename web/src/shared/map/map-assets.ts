/**
 * What the dashboard map needs besides its code, started as soon as the page knows it shows a map
 * rather than one after another: the map's chunk asks for MapLibre's worker and the base map only
 * once it has arrived and run, and on a throttled phone those three downloads in a row put the
 * fires 5 s after navigation (docs/performance.md, "First load"). This module holds only URLs and
 * `fetch` calls, so the page's first bundle carries a few hundred bytes for it.
 */
// Asset URLs, not modules: Vite emits each file beside the bundle under a content hash.

import canadaUrl from '@ciffc/contracts/canada.topo.json?url';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

export { workerUrl };

let topology: Promise<unknown> | undefined;

/** The Canada TopoJSON, fetched once for the page (a failure lets the next call try again). */
export function fetchCanadaTopology(): Promise<unknown> {
  topology ??= fetch(canadaUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`base map: ${r.status}`);
      return r.json() as Promise<unknown>;
    })
    .catch((error: unknown) => {
      topology = undefined;
      throw error;
    });
  return topology;
}

let warmed = false;

/**
 * Starts the downloads of MapLibre's worker and the base map beside the map's chunk. The worker is
 * read into the HTTP cache (hashed assets are served immutable), where MapLibre's `new Worker`
 * finds it; a failure here only means the map fetches them itself, as before.
 */
export function warmMapAssets(): void {
  if (warmed) return;
  warmed = true;
  void fetch(workerUrl)
    .then((r) => r.arrayBuffer())
    .catch(() => undefined);
  fetchCanadaTopology().catch(() => undefined);
}

import type { FastifyInstance } from 'fastify';
import { tileMatrixSetLimits } from './matrix.ts';

/**
 * The first views' tiles built ahead (docs/decisions.md, "Vector tiles of the OGC collections"):
 * when a tile of a layer is asked under data versions this instance has not served yet (a perimeter
 * or fire import has just been published), every tile of the matrices the public map's first views
 * and first zooms read (0 to `WARM_MATRICES` over Canada, 45 tiles) is built into the response
 * cache in the background, one after another, so the next visitors' maps read cached tiles instead
 * of each building its own. 45 stays under the 100 entries the cache keeps of one route.
 *
 * Bounded: one warm-up at a time per layer and instance, through the instance's own request path
 * (the same cache keys and codings as a browser's), started again from the top if the versions
 * move while it runs, and stopped when the instance closes.
 */
export const WARM_MATRICES = 4;
/** Marks the API's own request for a tile built ahead: it starts no warm-up itself. */
const TILE_WARM_HEADER = 'x-ciffc-tile-warm';
/** As a browser asks: the cached entry then holds the codings browsers take. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

interface WarmState {
  /** The versions last warmed (or being warmed) per layer. */
  versions: Map<string, string>;
  running: Set<string>;
  closed: boolean;
}
const states = new WeakMap<object, WarmState>();
const stateOf = (app: FastifyInstance): WarmState => {
  let state = states.get(app.responseCache);
  if (!state) {
    state = { versions: new Map(), running: new Set(), closed: false };
    states.set(app.responseCache, state);
  }
  return state;
};

/** Called when the tile routes are registered: a warm-up stops when the instance closes. */
export function stopWarmingOnClose(app: FastifyInstance): void {
  app.addHook('onClose', async () => {
    stateOf(app).closed = true;
  });
}

/** Whether a warm-up is under way on this instance (for tests that count the cache's builds). */
export const tileWarmRunning = (app: FastifyInstance): boolean => stateOf(app).running.size > 0;

/** Every tile of matrices 0 to `WARM_MATRICES` that meets Canada, as its path under /v1. */
function firstViewTiles(layer: string): string[] {
  return tileMatrixSetLimits()
    .slice(0, WARM_MATRICES + 1)
    .flatMap((limits) => {
      const paths: string[] = [];
      for (let row = limits.minTileRow; row <= limits.maxTileRow; row++)
        for (let col = limits.minTileCol; col <= limits.maxTileCol; col++)
          paths.push(`/v1/ogc/collections/${layer}/tiles/WebMercatorQuad/${limits.tileMatrix}/${row}/${col}`);
      return paths;
    });
}

/**
 * After a tile of `layer` was asked under `version`: starts building the first views' tiles of
 * that version unless they are built or being built.
 */
export function warmFirstViews(
  app: FastifyInstance,
  layer: string,
  version: string,
  headers: Record<string, unknown>,
): void {
  if (headers[TILE_WARM_HEADER]) return;
  const state = stateOf(app);
  if (state.closed || state.versions.get(layer) === version) return;
  state.versions.set(layer, version);
  if (state.running.has(layer)) return; // the running warm-up sees the new version and starts over
  state.running.add(layer);
  const forwarded: Record<string, string> = { [TILE_WARM_HEADER]: '1', 'accept-encoding': ACCEPT_ENCODING };
  for (const name of ['host', 'x-forwarded-proto', 'x-forwarded-host'])
    if (typeof headers[name] === 'string') forwarded[name] = headers[name];
  setImmediate(async () => {
    try {
      const tiles = firstViewTiles(layer);
      let warming = state.versions.get(layer);
      for (let i = 0; i < tiles.length && !state.closed; i++) {
        if (state.versions.get(layer) !== warming) {
          warming = state.versions.get(layer);
          i = -1;
          continue;
        }
        await app.inject({ method: 'GET', url: tiles[i] as string, headers: forwarded });
      }
    } catch (error: unknown) {
      if (!state.closed) app.log.warn({ err: error }, 'tile warm-up failed');
    } finally {
      state.running.delete(layer);
    }
  });
}

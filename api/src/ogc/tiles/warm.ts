import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onResponseHookHandler,
} from 'fastify';
import type { DataSet } from '../../db/versions.ts';
import { readVersion } from '../../http/query.ts';
import { TILE_LAYERS } from './layers.ts';
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

/** The layers whose first views are built ahead: the public map draws the perimeters from tiles. */
export const WARMED_LAYERS: ReadonlySet<string> = new Set(['perimeters']);

interface WarmState {
  /** The versions last warmed (or being warmed) per layer. */
  versions: Map<string, string>;
  running: Set<string>;
  /** A publish's look at the tiles' versions is under way (`warmAfterPublish`): one at a time. */
  looking: boolean;
  /** A write answered while `looking`: look once more after, it may have moved the versions again. */
  lookAgain: boolean;
  closed: boolean;
}
const states = new WeakMap<object, WarmState>();
const stateOf = (app: FastifyInstance): WarmState => {
  let state = states.get(app.responseCache);
  if (!state) {
    state = { versions: new Map(), running: new Set(), looking: false, lookAgain: false, closed: false };
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
export const tileWarmRunning = (app: FastifyInstance): boolean => {
  const state = stateOf(app);
  return state.running.size > 0 || state.looking;
};

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

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * After data is published (a perimeter import commits, a fire import, a feed's run, any write that
 * moves the versions a warmed layer reads): the first views' tiles are built then, not when the
 * next visitor's map asks its first tile. The instance asks the first tile of each warmed layer
 * itself, as a visitor would, after the write's answer was sent: under versions it has not served
 * yet the tile route starts the warm-up (`warmFirstViews`); under versions already warmed it is a
 * cache hit and nothing starts. One look at a time per instance; a write answered meanwhile asks
 * for one more look after it.
 */
export function warmAfterPublish(app: FastifyInstance): void {
  const state = stateOf(app);
  if (state.closed) return;
  if (state.looking) {
    state.lookAgain = true;
    return;
  }
  state.looking = true;
  setImmediate(async () => {
    try {
      do {
        state.lookAgain = false;
        for (const layer of WARMED_LAYERS) {
          const [first] = firstViewTiles(layer);
          if (state.closed || !first) break;
          await app.inject({ method: 'GET', url: first, headers: { 'accept-encoding': ACCEPT_ENCODING } });
        }
      } while (state.lookAgain && !state.closed);
    } catch (error: unknown) {
      if (!state.closed) app.log.warn({ err: error }, 'tile warm-up after a publish failed');
    } finally {
      state.looking = false;
    }
  });
}

/** The data sets the warmed layers read: a write that moves none of them publishes nothing to tile. */
const warmedDataSets = (): DataSet[] => [
  ...new Set(TILE_LAYERS.filter((l) => WARMED_LAYERS.has(l.id)).flatMap((l) => l.dataSets)),
];

/**
 * Called before any route is registered: a successful write under /v1 that moved the versions the
 * warmed layers read (a perimeter import that stored a capture, a fire import, a feed run now)
 * starts building their first views' tiles (`warmAfterPublish`) once its answer is sent, so
 * neither the writer nor the reads wait. Route hooks of the write routes only: the reads pay
 * nothing, a write one read of the versions before and one after its answer.
 */
export function warmTilesAfterWrites(app: FastifyInstance): void {
  const sets = warmedDataSets();
  /** The versions when the write arrived; null when they could not be read (then look anyway). */
  const before = new WeakMap<FastifyRequest, string | null>();
  const beforeWrite: onRequestAsyncHookHandler = async (request) => {
    before.set(request, await readVersion(app, request, sets).catch(() => null));
  };
  const afterWrite: onResponseHookHandler = (request, reply, done) => {
    done();
    if (reply.statusCode >= 300) return;
    const was = before.get(request);
    readVersion(app, request, sets).then(
      (now) => {
        if (now !== was) warmAfterPublish(app);
      },
      () => {}, // the instance is closing, or the database is away: the first tile asked warms
    );
  };
  const hooks = <H>(existing: H | H[] | undefined, hook: H, first: boolean): H[] => {
    const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    return first ? [hook, ...list] : [...list, hook];
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/') || ![route.method].flat().some((m) => WRITE_METHODS.has(m))) return;
    route.onRequest = hooks(route.onRequest, beforeWrite, true);
    route.onResponse = hooks(route.onResponse, afterWrite, false);
  });
}

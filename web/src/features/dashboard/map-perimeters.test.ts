import { afterEach, expect, it, vi } from 'vitest';
import { perimeterTilesInView, prefetchPerimeterTiles } from './map-perimeters.ts';
import { perimeterFilter } from './PerimeterLayers.tsx';

const ORIGIN = 'https://fires.example';
const tile = (z: number, y: number, x: number) =>
  `${ORIGIN}/v1/ogc/collections/perimeters/tiles/WebMercatorQuad/${z}/${y}/${x}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

it('names the tiles MapLibre asks for the first view: the laptop four of matrix 2, the phone one of 1', () => {
  // Canada fitted on a laptop (zoom 2.4) and on a phone (zoom 1.3), as bench/perimeter-draw.ts saw them asked.
  expect(perimeterTilesInView(ORIGIN, [-150.2, 36.1, -43.7, 80.9], 2.4)).toEqual([
    tile(2, 0, 0),
    tile(2, 0, 1),
    tile(2, 1, 0),
    tile(2, 1, 1),
  ]);
  expect(perimeterTilesInView(ORIGIN, [-160, 30, -30, 84], 1.3)).toEqual([tile(1, 0, 0)]);
});

it("keeps to Canada's box and to the source's zooms", () => {
  // Europe: the API has no tile there.
  expect(perimeterTilesInView(ORIGIN, [0, 40, 20, 60], 5)).toEqual([]);
  // Deeper than the source's tiles: the deepest matrix it asks, 12.
  const deep = perimeterTilesInView(ORIGIN, [-115.21, 55.1, -115.2, 55.11], 15.2);
  expect(deep).toHaveLength(1);
  expect(deep[0]).toMatch(/\/WebMercatorQuad\/12\/\d+\/\d+$/);
});

it('reads each tile once into the HTTP cache, again after a failure', async () => {
  const fetch = vi.fn(async (_url: string) => new Response(new ArrayBuffer(8)));
  vi.stubGlobal('fetch', fetch);
  prefetchPerimeterTiles([tile(3, 2, 1), tile(3, 2, 2)]);
  prefetchPerimeterTiles([tile(3, 2, 1)]);
  expect(fetch.mock.calls.map(([url]) => url)).toEqual([tile(3, 2, 1), tile(3, 2, 2)]);
  const failing = vi.fn(async () => {
    throw new TypeError('offline');
  });
  vi.stubGlobal('fetch', failing);
  prefetchPerimeterTiles([tile(4, 5, 3)]);
  await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
  prefetchPerimeterTiles([tile(4, 5, 3)]);
  expect(failing).toHaveBeenCalledTimes(2);
});

it('filters the perimeters by the legend only when a stage is hidden', () => {
  const all = { OC: true, BH: true, UC: true, MON_OC: true };
  const sizes = { small: true, medium: true, large: true };
  expect(perimeterFilter({ groups: all, sizes })).toBeUndefined();
  const filter = perimeterFilter({ groups: { ...all, BH: false }, sizes });
  expect(JSON.stringify(filter)).toMatch(/^\["in",/);
  expect(JSON.stringify(filter)).toContain('["literal",["OC","UC","MON_OC","NONE"]]');
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client.ts';
import { installFetch, text } from '../../test/fake-fetch.ts';
import { mapFiresQuery } from './api.ts';

// The map's own module (MapLibre, which needs a browser's Worker) stands aside.
vi.mock('./FiresMapCanvas.tsx', () => ({ default: () => null }));

const FIRES = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-120, 55] },
      properties: { field_stage_of_control_status: 'OC', field_response_type: 'FUL', field_fire_size: 10 },
    },
  ],
};

/** A screen `narrow` or not (jsdom has no matchMedia), with WebGL (jsdom has none either). */
function screenOf(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: narrow, media: query }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as RenderingContext);
}

describe('startMapEarly: the map of the page being opened, started before the first render', () => {
  let fetches: ReturnType<typeof installFetch>;
  beforeEach(() => {
    fetches = installFetch({ '/v1/dashboard/fires': () => text(JSON.stringify(FIRES)) });
  });
  /** FiresMap as a page load finds it: its WebGL test, its downloads and the map's code not yet done. */
  const startMapEarly = async (client: ReturnType<typeof createQueryClient>, pathname: string) => {
    vi.resetModules();
    (await import('./FiresMap.tsx')).startMapEarly(client, pathname);
  };

  const firesAsked = () => fetches.calls.some((c) => c.url.searchParams.get('map') === 'true');
  /** The base map, one of the map's downloads started with its code (warmMapAssets). */
  const baseMapAsked = () => fetches.calls.some((c) => c.url.pathname.endsWith('.json'));

  it.each(['/', '/dashboard', '/map', '/map/'])(
    "on %s on a wide screen: the fires are read into the query, the map's downloads started",
    async (pathname) => {
      screenOf(false);
      const client = createQueryClient();
      await startMapEarly(client, pathname);
      await vi.waitFor(() => expect(client.getQueryData(mapFiresQuery().queryKey)).toBeDefined());
      expect(client.getQueryData(mapFiresQuery().queryKey)?.features).toHaveLength(1);
      expect(baseMapAsked()).toBe(true);
    },
  );

  it('on a phone, where the map waits for a tap, nothing is started', async () => {
    screenOf(true);
    const client = createQueryClient();
    await startMapEarly(client, '/');
    expect(firesAsked()).toBe(false);
    expect(client.getQueryState(mapFiresQuery().queryKey)).toBeUndefined();
  });

  it.each(['/national', '/situation', '/mapping'])(
    'on %s, a page without the map, nothing is started',
    async (pathname) => {
      screenOf(false);
      const client = createQueryClient();
      await startMapEarly(client, pathname);
      expect(firesAsked()).toBe(false);
      expect(client.getQueryState(mapFiresQuery().queryKey)).toBeUndefined();
      expect(baseMapAsked()).toBe(false);
    },
  );
});

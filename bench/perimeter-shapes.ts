import { random } from '../api/src/fires/demo.ts';

/** Where the rings are: [first, span] in degrees of longitude, latitude and radius (of latitude). */
export interface ShapesArea {
  lon: [number, number];
  lat: [number, number];
  radius: [number, number];
}

/**
 * `count` lobed rings of `vertices` vertices (none crossing itself) as GeoJSON features of BC's
 * `BENCH-<i>` fires, the same for the same arguments (seeded).
 */
export function lobedPerimeters(count: number, vertices: number, area: ShapesArea, now: Date): unknown[] {
  const rand = random(42);
  return Array.from({ length: count }, (_, i) => {
    const lon = area.lon[0] + rand() * area.lon[1];
    const lat = area.lat[0] + rand() * area.lat[1];
    const radius = area.radius[0] + rand() * area.radius[1];
    const ring = Array.from({ length: vertices }, (_, k) => {
      const a = (2 * Math.PI * k) / vertices;
      const r = radius * (1 + 0.15 * Math.sin(3 * a + i) + 0.05 * Math.sin(11 * a));
      return [lon + (r * Math.cos(a)) / Math.cos((lat * Math.PI) / 180), lat + r * Math.sin(a)];
    });
    return {
      type: 'Feature',
      properties: { agency: 'bc', fire_id: `BENCH-${i}`, captured_at: now.toISOString() },
      geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
    };
  });
}

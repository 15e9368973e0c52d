import topology from '@ciffc/contracts/canada.topo.json' with { type: 'json' };

/**
 * Canada as the report's preview draws it: the provinces and territories, the large lakes and the
 * neighbouring land of the fires map's own base (packages/contracts/src/site/canada.topo.json, Natural Earth
 * 50m), in a Lambert conformal conic (Statistics Canada's: parallels 49° and 77° N, centred on
 * 91°52′ W), the projection Canada's national maps use, where Mercator would swell the North.
 */

type Position = [number, number];
type Ring = Position[];

interface TopoGeometry {
  type: string;
  arcs?: unknown;
}
interface CanadaTopology {
  transform: { scale: Position; translate: Position };
  arcs: Position[][];
  objects: Record<'provinces' | 'lakes' | 'neighbours', { geometries: TopoGeometry[] }>;
}

const topo = topology as unknown as CanadaTopology;

const rad = Math.PI / 180;
const PHI1 = 49 * rad;
const PHI2 = 77 * rad;
const PHI0 = 63.390675 * rad;
const LAMBDA0 = -91.866667 * rad;
const t = (phi: number) => Math.tan(Math.PI / 4 + phi / 2);
const N = Math.log(Math.cos(PHI1) / Math.cos(PHI2)) / Math.log(t(PHI2) / t(PHI1));
const F = (Math.cos(PHI1) * t(PHI1) ** N) / N;
const RHO0 = F / t(PHI0) ** N;

/** Longitude, latitude → plane (unit sphere, y up). */
function lambert([lon, lat]: Position): Position {
  const rho = F / t(lat * rad) ** N;
  const theta = N * (lon * rad - LAMBDA0);
  return [rho * Math.sin(theta), RHO0 - rho * Math.cos(theta)];
}

let planarArcs: Ring[] | undefined;

/** Every arc on the plane, projected once (delta-encoded, quantized: TopoJSON 2.1.2 and 2.2). */
function arcsOnPlane(): Ring[] {
  const [sx, sy] = topo.transform.scale;
  const [tx, ty] = topo.transform.translate;
  planarArcs ??= topo.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return lambert([x * sx + tx, y * sy + ty]);
    });
  });
  return planarArcs;
}

/** A ring from its arcs: a negative index (~i) is arc i reversed; joined arcs share their end point. */
function ring(indexes: number[]): Ring {
  const arcs = arcsOnPlane();
  const out: Ring = [];
  for (const index of indexes) {
    const arc = index < 0 ? [...(arcs[~index] ?? [])].reverse() : (arcs[index] ?? []);
    for (let i = out.length > 0 ? 1 : 0; i < arc.length; i++) out.push(arc[i] as Position);
  }
  return out;
}

function rings(geometry: TopoGeometry): Ring[] {
  if (geometry.type === 'Polygon') return (geometry.arcs as number[][]).map(ring);
  if (geometry.type === 'MultiPolygon') return (geometry.arcs as number[][][]).flat().map(ring);
  return [];
}

interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface CanadaDrawing {
  /** SVG path data, in the frame's pixels. */
  provinces: string;
  lakes: string;
  neighbours: string;
  /** Longitude, latitude → the frame's pixels. */
  project: (position: Position) => Position;
}

/** Rounded to a tenth of a pixel, points closer than half a pixel to the last one dropped. */
function pathOf(all: Ring[], toFrame: (p: Position) => Position): string {
  const parts: string[] = [];
  for (const r of all) {
    const kept: Position[] = [];
    for (const position of r) {
      const [x, y] = toFrame(position);
      const last = kept[kept.length - 1];
      if (last && Math.abs(last[0] - x) < 0.5 && Math.abs(last[1] - y) < 0.5) continue;
      kept.push([x, y]);
    }
    if (kept.length < 3) continue;
    parts.push(`M${kept.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join('L')}Z`);
  }
  return parts.join('');
}

const drawings = new Map<string, CanadaDrawing>();

/** Canada fitted (whole, centred) in `frame`; computed once per frame. */
export function canadaIn(frame: Frame): CanadaDrawing {
  const key = JSON.stringify(frame);
  const kept = drawings.get(key);
  if (kept) return kept;
  const provinces = topo.objects.provinces.geometries.flatMap(rings);
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [x, y] of provinces.flat()) {
    [minX, maxX, minY, maxY] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minY, y), Math.max(maxY, y)];
  }
  const scale = Math.min(frame.width / (maxX - minX), frame.height / (maxY - minY));
  const offsetX = frame.x + (frame.width - (maxX - minX) * scale) / 2;
  const offsetY = frame.y + (frame.height - (maxY - minY) * scale) / 2;
  const toFrame = ([x, y]: Position): Position => [
    offsetX + (x - minX) * scale,
    offsetY + (maxY - y) * scale,
  ];
  const drawing: CanadaDrawing = {
    provinces: pathOf(provinces, toFrame),
    lakes: pathOf(topo.objects.lakes.geometries.flatMap(rings), toFrame),
    neighbours: pathOf(topo.objects.neighbours.geometries.flatMap(rings), toFrame),
    project: (position) => toFrame(lambert(position)),
  };
  drawings.set(key, drawing);
  return drawing;
}

import { CRS84, type OgcCrs, roundCoordinate } from '@ciffc/contracts';
import { type Expression, type RawBuilder, sql } from 'kysely';
import proj4 from 'proj4';

/**
 * Part 2 CRS by reference: the points are stored in CRS84 degrees and projected on the way out.
 * The forward formulas are written here once, in TypeScript for the answers and in SQL for a bbox
 * given in metres, so a `bbox-crs` box is tested in its own plane on the database (docs/decisions.md,
 * "OGC CRS by formula"). Checked against GDAL's own projection in ogc-crs.test.ts.
 */
const RAD = Math.PI / 180;

/** GRS80 (NAD83) and the Web Mercator sphere. */
const GRS80_A = 6_378_137;
const GRS80_E = Math.sqrt(2 / 298.257222101 - (1 / 298.257222101) ** 2);

/**
 * EPSG:3978, NAD83 / Canada Atlas Lambert (/work/shared/notes/gis.md): Lambert conic conformal with
 * two standard parallels 49° and 77°, origin 49° N 95° W (Snyder, Map Projections, 15-1 to 15-9).
 */
const LCC = (() => {
  const m = (phi: number) => Math.cos(phi) / Math.sqrt(1 - (GRS80_E * Math.sin(phi)) ** 2);
  const t = (phi: number) =>
    Math.tan(Math.PI / 4 - phi / 2) /
    ((1 - GRS80_E * Math.sin(phi)) / (1 + GRS80_E * Math.sin(phi))) ** (GRS80_E / 2);
  const [phi0, phi1, phi2] = [49 * RAD, 49 * RAD, 77 * RAD];
  const n = (Math.log(m(phi1)) - Math.log(m(phi2))) / (Math.log(t(phi1)) - Math.log(t(phi2)));
  const aF = (GRS80_A * m(phi1)) / (n * t(phi1) ** n);
  return { n, aF, rho0: aF * t(phi0) ** n, lon0: -95, t };
})();

type Forward = (lon: number, lat: number) => [number, number];

const lcc: Forward = (lon, lat) => {
  const rho = LCC.aF * LCC.t(lat * RAD) ** LCC.n;
  const theta = LCC.n * (lon - LCC.lon0) * RAD;
  return [rho * Math.sin(theta), LCC.rho0 - rho * Math.cos(theta)];
};

const mercator: Forward = (lon, lat) => [
  GRS80_A * lon * RAD,
  GRS80_A * Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2)),
];

const FORWARD: Record<OgcCrs, Forward> = {
  [CRS84]: (lon, lat) => [lon, lat],
  // EPSG:4326 is CRS84 with latitude first, as its definition orders the axes (Part 2, 6.2).
  'http://www.opengis.net/def/crs/EPSG/0/4326': (lon, lat) => [lat, lon],
  'http://www.opengis.net/def/crs/EPSG/0/3978': lcc,
  'http://www.opengis.net/def/crs/EPSG/0/3857': mercator,
};

/** A point's coordinates in `crs`, rounded by the published coordinates' rule (`roundCoordinate`). */
export function project(crs: OgcCrs, lon: number, lat: number): [number, number] {
  const [x, y] = FORWARD[crs](lon, lat);
  return [roundCoordinate(x, crs), roundCoordinate(y, crs)];
}

/** A constant inlined in parentheses: `- -95` would start an SQL comment. */
const num = (value: number) => sql`(${sql.lit(value)})`;

/** The point's projected x and y as SQL over the stored degrees (math functions on both engines). */
function projectedSql(crs: OgcCrs): { x: RawBuilder<number>; y: RawBuilder<number> } {
  const lon = sql<number>`longitude`;
  const lat = sql<number>`latitude`;
  switch (crs) {
    case 'http://www.opengis.net/def/crs/EPSG/0/3978': {
      const phi = sql`radians(${lat})`;
      const t = sql`(tan(pi() / 4 - ${phi} / 2) / power((1 - ${num(GRS80_E)} * sin(${phi})) / (1 + ${num(GRS80_E)} * sin(${phi})), ${num(GRS80_E / 2)}))`;
      const rho = sql`(${num(LCC.aF)} * power(${t}, ${num(LCC.n)}))`;
      const theta = sql`(${num(LCC.n)} * radians(${lon} - ${num(LCC.lon0)}))`;
      return {
        x: sql<number>`(${rho} * sin(${theta}))`,
        y: sql<number>`(${num(LCC.rho0)} - ${rho} * cos(${theta}))`,
      };
    }
    case 'http://www.opengis.net/def/crs/EPSG/0/3857':
      return {
        x: sql<number>`(${num(GRS80_A)} * radians(${lon}))`,
        y: sql<number>`(${num(GRS80_A)} * ln(tan(pi() / 4 + radians(${lat}) / 2)))`,
      };
    case 'http://www.opengis.net/def/crs/EPSG/0/4326':
      return { x: lat, y: lon };
    default:
      return { x: lon, y: lat };
  }
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The points inside `box`, a box in `crs` (edges included); across the antimeridian in degrees. */
export function insideBox(box: Box, crs: OgcCrs): Expression<boolean> {
  const { x, y } = projectedSql(crs);
  const ys = sql<boolean>`${y} >= ${num(box.minY)} and ${y} <= ${num(box.maxY)}`;
  const xs =
    box.minX <= box.maxX
      ? sql<boolean>`${x} >= ${num(box.minX)} and ${x} <= ${num(box.maxX)}`
      : sql<boolean>`(${x} >= ${num(box.minX)} or ${x} <= ${num(box.maxX)})`;
  return sql<boolean>`(${ys} and ${xs})`;
}

/** The projected systems as proj4 reads them (EPSG:3978: /work/shared/notes/gis.md). */
const PROJ4: Partial<Record<OgcCrs, string>> = {
  'http://www.opengis.net/def/crs/EPSG/0/3978':
    '+proj=lcc +lat_0=49 +lon_0=-95 +lat_1=49 +lat_2=77 +x_0=0 +y_0=0 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  'http://www.opengis.net/def/crs/EPSG/0/3857': 'EPSG:3857',
};

/** Points along each edge of a projected box: its edges are curves once back in degrees. */
const EDGE_STEPS = 32;

/**
 * A box in degrees (CRS84) that holds a box of `crs`: the envelope of its edges brought back by
 * proj4's inverse, and the North Pole's column when the box holds the pole. Stored boxes (the
 * perimeters') are compared with it, where a point's test projects the point instead.
 */
export function crs84Envelope(box: Box, crs: OgcCrs): Box {
  if (crs === CRS84) return box;
  if (crs === 'http://www.opengis.net/def/crs/EPSG/0/4326')
    return { minX: box.minY, minY: box.minX, maxX: box.maxY, maxY: box.maxX };
  const converter = proj4(PROJ4[crs] as string, 'WGS84');
  const { minX, minY, maxX, maxY } = box;
  const edge: [number, number][] = [];
  for (let i = 0; i <= EDGE_STEPS; i++) {
    const t = i / EDGE_STEPS;
    const x = minX + t * (maxX - minX);
    const y = minY + t * (maxY - minY);
    edge.push([x, minY], [x, maxY], [minX, y], [maxX, y]);
  }
  const degrees = edge.map((p) => converter.forward(p)).filter((p) => p.every(Number.isFinite));
  const lons = degrees.map((p) => p[0] as number);
  const lats = degrees.map((p) => p[1] as number);
  const [poleX, poleY] = FORWARD[crs](0, 90);
  if (poleX >= minX && poleX <= maxX && poleY >= minY && poleY <= maxY)
    return { minX: -180, minY: Math.min(...lats), maxX: 180, maxY: 90 };
  return {
    minX: Math.min(...lons),
    minY: Math.min(...lats),
    maxX: Math.max(...lons),
    maxY: Math.max(...lats),
  };
}

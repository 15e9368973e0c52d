import {
  agencyByCode,
  CRS84,
  type Locale,
  licenceLinkHeader,
  OPEN_DATA_LICENCE,
  type PerimetersDownloadQuery,
} from '@ciffc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/tables.ts';
import { lastUpdated } from '../db/versions.ts';
import { geoPackage } from '../exports/geopackage.ts';
import { sendCached } from '../http/cache.ts';
import { requestLang } from '../http/lang.ts';
import { readVersion } from '../http/query.ts';
import { escapeXml } from '../http/xml.ts';
import { PUBLISHED_GEOMETRY_SELECTION, publishedGeometryText } from './store.ts';
import { PUBLISHED_PROPERTY_COLUMNS, type PublishedPerimeter, publishedProperties } from './tables.ts';

/** A published capture with its published geometry as stored text (`published_geometry`). */
type Row = Omit<PublishedPerimeter, 'geometry'> & { published: string };

/**
 * Every capture, or the current ones, in a stable order (fire, then capture time), each with its
 * stored published geometry (`PUBLISHED_GEOMETRY_SELECTION`): the OGC items' text, so the files and
 * the collection give a perimeter the same coordinates and no vertex is rounded again per download.
 */
async function perimetersForDownload(db: Kysely<Database>, all: boolean): Promise<Row[]> {
  let query = db
    .selectFrom('perimeters')
    .select(PUBLISHED_PROPERTY_COLUMNS)
    .select(PUBLISHED_GEOMETRY_SELECTION)
    .orderBy('agency_code')
    .orderBy('agency_fire_id')
    .orderBy('captured_at')
    .orderBy('id');
  if (!all) query = query.where('is_current', '=', 1);
  return (await query.execute()).map(({ published_geometry, unpublished, ...r }) => ({
    ...r,
    published: publishedGeometryText({ published_geometry, unpublished }),
  }));
}

/** The capture's values under the OGC layer's names, and its agency's name in the language asked. */
const properties = (r: Row, lang: Locale) => ({
  ...publishedProperties(r),
  agency_name: r.agency_code ? (agencyByCode(r.agency_code)?.name[lang] ?? r.agency_code) : null,
});

/** The layer's title, licence and attribution in the language asked (docs/open-data.md). */
const TITLES = { en: 'Fire perimeters (CIFFC)', fr: 'Périmètres des feux (CIFFC)' } as const;
const licenceText = (lang: Locale) =>
  `${OPEN_DATA_LICENCE.attribution[lang]} ${OPEN_DATA_LICENCE[lang].title}: ${OPEN_DATA_LICENCE[lang].url}`;

/** The capture's published (Multi)Polygon, for the forms that write the positions themselves. */
const published = (r: Row) => JSON.parse(r.published) as Polygon | MultiPolygon;

/**
 * RFC 7946 GeoJSON with the licence as foreign members, as the fires' GeoJSON carries it (`license`,
 * and `metadata` with the title, attribution and CRS).
 */
function toGeoJson(rows: readonly Row[], lang: Locale = 'en'): string {
  const features = rows.map(
    (r) =>
      `{"type":"Feature","id":${r.id},"geometry":${r.published},"properties":${JSON.stringify(properties(r, lang))}}`,
  );
  const head = JSON.stringify({
    type: 'FeatureCollection',
    name: TITLES[lang],
    license: OPEN_DATA_LICENCE[lang].url,
    metadata: {
      title: OPEN_DATA_LICENCE[lang].title,
      license: OPEN_DATA_LICENCE[lang].url,
      attribution: OPEN_DATA_LICENCE.attribution[lang],
      crs: CRS84,
      number_matched: rows.length,
    },
  });
  return `${head.slice(0, -1)},"features":[${features.join(',')}]}`;
}

const ringKml = (ring: Position[]) =>
  `<LinearRing><coordinates>${ring.map((p) => `${p[0]},${p[1]}`).join(' ')}</coordinates></LinearRing>`;

function polygonKml(rings: Position[][]): string {
  const [outer, ...holes] = rings;
  return `<Polygon><outerBoundaryIs>${ringKml(outer ?? [])}</outerBoundaryIs>${holes
    .map((h) => `<innerBoundaryIs>${ringKml(h)}</innerBoundaryIs>`)
    .join('')}</Polygon>`;
}

/** KML 2.2: a Placemark per capture, its values as ExtendedData (names as the import reads them). */
function toKml(rows: readonly Row[], lang: Locale = 'en'): string {
  const placemarks = rows.map((r) => {
    const geometry = published(r);
    const shape =
      geometry.type === 'Polygon'
        ? polygonKml(geometry.coordinates)
        : `<MultiGeometry>${geometry.coordinates.map(polygonKml).join('')}</MultiGeometry>`;
    const data = Object.entries({ ...properties(r, lang), agency: r.agency_code, fire_id: r.agency_fire_id })
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `<Data name="${k}"><value>${escapeXml(String(v))}</value></Data>`)
      .join('');
    const name = escapeXml(
      r.fire_name ?? r.agency_fire_id ?? `${lang === 'fr' ? 'périmètre' : 'perimeter'} ${r.id}`,
    );
    return `<Placemark id="perimeter-${r.id}"><name>${name}</name><TimeStamp><when>${r.captured_at}</when></TimeStamp><ExtendedData>${data}</ExtendedData>${shape}</Placemark>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${TITLES[lang]}</name><description>${escapeXml(licenceText(lang))}</description>${placemarks.join('')}</Document></kml>\n`;
}

/** The GeoPackage's attributes: the GeoJSON's properties, the capture time as DATETIME. */
const PERIMETER_COLUMNS = {
  agency_code: 'TEXT',
  agency_fire_id: 'TEXT',
  fire_name: 'TEXT',
  captured_at: 'DATETIME',
  area_ha: 'REAL',
  agency_area_ha: 'REAL',
  source: 'TEXT',
  current: 'BOOLEAN',
  agency_name: 'TEXT',
} as const satisfies Record<keyof ReturnType<typeof properties>, string>;

/** GeoPackage 1.3: one `perimeters` MultiPolygon layer in WGS 84, written as the fires' one is. */
function toGeoPackage(rows: readonly Row[], lang: Locale, lastChange: string | null): Buffer {
  return geoPackage({
    table: 'perimeters',
    identifier: TITLES[lang],
    description: licenceText(lang),
    columns: PERIMETER_COLUMNS,
    geometryType: 'MULTIPOLYGON',
    features: rows.map((r) => {
      const geometry = published(r);
      const p = properties(r, lang);
      return {
        polygons: geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates,
        properties: { ...p, current: p.current ? 1 : 0 },
      };
    }),
    lastChange,
    metadata: {
      LICENSE: OPEN_DATA_LICENCE[lang].url,
      LICENSE_TITLE: OPEN_DATA_LICENCE[lang].title,
      ATTRIBUTION: OPEN_DATA_LICENCE.attribution[lang],
    },
  });
}

const FILES = {
  geojson: { extension: 'geojson', mediaType: 'application/geo+json; charset=utf-8' },
  kml: { extension: 'kml', mediaType: 'application/vnd.google-earth.kml+xml; charset=utf-8' },
  // The media type the GeoPackage standard registers with IANA (spec Annex M).
  gpkg: { extension: 'gpkg', mediaType: 'application/geopackage+sqlite3' },
} as const;

/**
 * GET /v1/perimeters/download: as the fires' downloads, in the language of `lang` (or
 * Accept-Language), the licence in a `Link` (rel="license") and in the file, and Content-Crs.
 */
export async function sendPerimetersDownload(
  app: FastifyInstance,
  request: FastifyRequest<{ Querystring: z.infer<typeof PerimetersDownloadQuery> }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { format, captures } = request.query;
  const lang = requestLang(request);
  const file = FILES[format];
  reply.header('content-disposition', `attachment; filename="perimeters-${captures}.${file.extension}"`);
  reply.header('link', licenceLinkHeader(lang));
  reply.header('content-crs', `<${CRS84}>`);
  return sendCached(request, reply, app.responseCache, {
    version: await readVersion(app, request, ['perimeters'], { lang: true }),
    vary: 'Accept-Language',
    contentType: file.mediaType,
    compute: async () => {
      const rows = await perimetersForDownload(app.db.kysely, captures === 'all');
      if (format === 'gpkg') return toGeoPackage(rows, lang, await lastUpdated(app.db.kysely, 'perimeters'));
      return format === 'kml' ? toKml(rows, lang) : toGeoJson(rows, lang);
    },
  });
}

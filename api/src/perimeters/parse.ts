import type { PerimeterFormat } from '@ciffc/contracts';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { archiveNames, readArchive } from './archive.ts';
import { perimeterRefusal } from './refusals.ts';
import { MAX_FILE_FEATURES, readShapefile } from './shapefile.ts';

export interface RawFeature {
  properties: Record<string, unknown>;
  geometry: unknown;
}

export interface ParsedFile {
  format: PerimeterFormat;
  features: RawFeature[];
}

const unreadable = (detail: string) => perimeterRefusal(400, 'perimeters.unreadable', { detail });

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The file's text without a byte order mark and leading white space. */
const textOf = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();

const raw = (f: { properties?: unknown; geometry?: unknown }): RawFeature => ({
  properties: (f.properties && typeof f.properties === 'object' ? f.properties : {}) as Record<
    string,
    unknown
  >,
  geometry: f.geometry,
});

/**
 * A perimeter file's features, whatever its format: recognised by its bytes (a zip's signature,
 * XML's `<`, else JSON), not by its name or Content-Type, which GIS tools often get wrong. Run in
 * the perimeter reader's process (reader.ts), never on the API's thread: every archive is bounded
 * before it is inflated (archive.ts), every Shapefile checked against its bytes (shapefile.ts).
 */
export async function parsePerimeterFile(bytes: Buffer): Promise<ParsedFile> {
  const file = await parseByBytes(bytes);
  if (file.features.length > MAX_FILE_FEATURES)
    throw perimeterRefusal(413, 'perimeters.too_many_features', { max: MAX_FILE_FEATURES });
  return file;
}

async function parseByBytes(bytes: Buffer): Promise<ParsedFile> {
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) return fromZip(bytes);
  const text = textOf(bytes);
  if (text.startsWith('<')) return { format: 'kml', features: fromKml(text) };
  return { format: 'geojson', features: fromGeoJson(text) };
}

const isShapefilePart = (name: string) => /\.(shp|dbf|prj|cpg)$/i.test(name);

/**
 * A zip holding a `.shp` is a Shapefile (each layer read); else a KMZ, a zip of one KML and its
 * images: its KML is `doc.kml`, else the first `.kml` at the root, else the first anywhere
 * (Google's KMZ reference, "KMZ files"). Only those entries are inflated.
 */
async function fromZip(bytes: Buffer): Promise<ParsedFile> {
  const names = archiveNames(bytes);
  if (names.some((n) => /\.shp$/i.test(n)))
    return {
      format: 'shapefile',
      features: (await readShapefile(readArchive(bytes, isShapefilePart))).map(raw),
    };
  const kmls = names.filter((n) => /\.kml$/i.test(n));
  const root = kmls.filter((n) => !n.includes('/'));
  const main = root.find((n) => n.toLowerCase() === 'doc.kml') ?? root[0] ?? kmls[0];
  if (!main) throw unreadable('zip: neither a .shp nor a .kml in the archive');
  const kmz = readArchive(bytes, (n) => n === main).get(main) as Buffer;
  return { format: 'kmz', features: fromKml(textOf(kmz)) };
}

function fromKml(text: string): RawFeature[] {
  const problems: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') problems.push(message);
    },
  }).parseFromString(text, 'text/xml');
  if (problems.length || !doc.documentElement) throw unreadable(`XML: ${problems[0] ?? 'no document'}`);
  if (doc.documentElement.localName !== 'kml')
    throw unreadable(`XML root <${doc.documentElement.localName}> is not <kml>`);
  return kml(doc).features.map(raw);
}

function fromGeoJson(text: string): RawFeature[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw unreadable(`JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const value = data as { type?: unknown; features?: unknown; properties?: unknown; geometry?: unknown };
  const feature = (f: unknown) => raw((f ?? {}) as { properties?: unknown; geometry?: unknown });
  if (value?.type === 'FeatureCollection' && Array.isArray(value.features))
    return value.features.map(feature);
  if (value?.type === 'Feature') return [feature(value)];
  if (value?.type === 'Polygon' || value?.type === 'MultiPolygon')
    return [{ properties: {}, geometry: value }];
  throw unreadable('JSON is not a GeoJSON FeatureCollection, Feature or (Multi)Polygon');
}

/// <reference path="./shpjs.d.ts" />
import type { PerimeterFormat } from '@ciffc/contracts';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { unzip } from 'but-unzip';
import shp from 'shpjs';
import { perimeterRefusal } from './refusals.ts';

interface RawFeature {
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

/**
 * A perimeter file's features, whatever its format: recognised by its bytes (a zip's signature,
 * XML's `<`, else JSON), not by its name or Content-Type, which GIS tools often get wrong.
 */
export async function parsePerimeterFile(bytes: Buffer): Promise<ParsedFile> {
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
    const kmz = await kmlOfKmz(bytes);
    if (kmz !== undefined) return { format: 'kmz', features: fromKml(textOf(kmz)) };
    return { format: 'shapefile', features: await fromShapefile(bytes) };
  }
  const text = textOf(bytes);
  if (text.startsWith('<')) return { format: 'kml', features: fromKml(text) };
  return { format: 'geojson', features: fromGeoJson(text) };
}

/**
 * A KMZ is a zip of one KML and its images: its KML is `doc.kml`, else the first `.kml` at the
 * root (Google's KMZ reference, "KMZ files"). A zip holding a `.shp` is a Shapefile; undefined then.
 */
async function kmlOfKmz(bytes: Buffer): Promise<Buffer | undefined> {
  let entries: ReturnType<typeof unzip>;
  try {
    entries = unzip(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return undefined; // Not a zip it can read: shpjs answers for it, with its own reason.
  }
  if (entries.some((e) => /\.shp$/i.test(e.filename))) return undefined;
  const kmls = entries.filter((e) => /\.kml$/i.test(e.filename));
  const root = kmls.filter((e) => !e.filename.includes('/'));
  const main = root.find((e) => e.filename.toLowerCase() === 'doc.kml') ?? root[0] ?? kmls[0];
  if (!main) return undefined;
  try {
    return Buffer.from(await main.read());
  } catch (error) {
    throw unreadable(`kmz: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** shpjs reads each layer of the zip and reprojects it from its `.prj` to CRS84 (by proj4). */
async function fromShapefile(bytes: Buffer): Promise<RawFeature[]> {
  let layers: Awaited<ReturnType<typeof shp>>;
  try {
    layers = await shp(bytes);
  } catch (error) {
    throw unreadable(`zip: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (Array.isArray(layers) ? layers : [layers]).flatMap((layer) =>
    layer.features.map((f) => ({ properties: f.properties ?? {}, geometry: f.geometry })),
  );
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
  return kml(doc).features.map((f) => ({ properties: f.properties ?? {}, geometry: f.geometry }));
}

function fromGeoJson(text: string): RawFeature[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw unreadable(`JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const value = data as { type?: unknown; features?: unknown; properties?: unknown; geometry?: unknown };
  const feature = (f: unknown): RawFeature => {
    const raw = (f ?? {}) as { properties?: unknown; geometry?: unknown };
    const properties = raw.properties && typeof raw.properties === 'object' ? raw.properties : {};
    return { properties: properties as Record<string, unknown>, geometry: raw.geometry };
  };
  if (value?.type === 'FeatureCollection' && Array.isArray(value.features))
    return value.features.map(feature);
  if (value?.type === 'Feature') return [feature(value)];
  if (value?.type === 'Polygon' || value?.type === 'MultiPolygon')
    return [{ properties: {}, geometry: value }];
  throw unreadable('JSON is not a GeoJSON FeatureCollection, Feature or (Multi)Polygon');
}

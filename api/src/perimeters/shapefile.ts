/// <reference path="./shpjs.d.ts" />
import shp from 'shpjs';
import { perimeterRefusal } from './refusals.ts';

/**
 * A zipped Shapefile's layers, each checked against the bytes it has before shpjs reads it: shpjs
 * trusts the .dbf's record count and allocates a row for each (a 976-byte file claiming 10^9 rows
 * filled the heap), and keeps a null for every empty .shp record (900 MB of zeros).
 * ESRI Shapefile Technical Description (1998) for the .shp; dBASE III's header for the .dbf.
 */

/** Features a file may hold, every format: beyond, the file is refused whole. */
export const MAX_FILE_FEATURES = 100_000;

const inconsistent = (file: string, detail: string) =>
  perimeterRefusal(400, 'perimeters.shapefile_inconsistent', { file, detail });

const POLY_TYPES = new Set([3, 5, 13, 15, 23, 25, 31]);
const POINTS_TYPES = new Set([8, 18, 28]);

/** A polygon or polyline record's parts and points fit its content (44 bytes of head, then the arrays). */
function checkPolyRecord(view: DataView, at: number, content: number, file: string, record: number): void {
  if (content < 44) throw inconsistent(file, `record ${record} is too short for its shape`);
  const parts = view.getInt32(at + 36, true);
  const points = view.getInt32(at + 40, true);
  const needed = 44 + 4 * parts + 16 * points;
  if (parts < 0 || points < 0 || needed > content)
    throw inconsistent(
      file,
      `record ${record} claims ${parts} parts and ${points} points in ${content} bytes`,
    );
}

/** The .shp's header and every record checked against the file's length; answers the record count. */
function checkShp(bytes: Buffer, file: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 100 || view.getInt32(0) !== 9994) throw inconsistent(file, 'not a .shp (file code)');
  const declared = view.getInt32(24) * 2;
  if (declared !== bytes.length)
    throw inconsistent(file, `the header claims ${declared} bytes; the file has ${bytes.length}`);
  let at = 100;
  let records = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) throw inconsistent(file, `record ${records + 1} is cut`);
    const content = view.getInt32(at + 4) * 2;
    if (content < 4 || at + 8 + content > bytes.length)
      throw inconsistent(file, `record ${records + 1} claims ${content} bytes past the file's end`);
    records++;
    if (records > MAX_FILE_FEATURES)
      throw perimeterRefusal(413, 'perimeters.too_many_features', { max: MAX_FILE_FEATURES });
    const type = view.getInt32(at + 8, true);
    if (POLY_TYPES.has(type)) checkPolyRecord(view, at + 8, content, file, records);
    else if (POINTS_TYPES.has(type)) {
      const points = view.getInt32(at + 8 + 36, true);
      if (content < 40 || points < 0 || 40 + 16 * points > content)
        throw inconsistent(file, `record ${records} claims ${points} points in ${content} bytes`);
    }
    at += 8 + content;
  }
  return records;
}

/** The .dbf's header against its bytes: header and records must be there (the end-of-file mark is optional). */
function checkDbf(bytes: Buffer, file: string, shapes: number): void {
  if (bytes.length < 32) throw inconsistent(file, 'not a .dbf (header cut)');
  const records = bytes.readUInt32LE(4);
  const headerLength = bytes.readUInt16LE(8);
  const recordLength = bytes.readUInt16LE(10);
  if (headerLength < 33 || headerLength > bytes.length || recordLength < 1)
    throw inconsistent(file, `a header of ${headerLength} bytes and records of ${recordLength}`);
  const needed = headerLength + records * recordLength;
  if (needed > bytes.length)
    throw inconsistent(
      file,
      `the header claims ${records} records of ${recordLength} bytes; the file has ${bytes.length} bytes`,
    );
  if (records > shapes) throw inconsistent(file, `${records} records for ${shapes} shapes`);
}

/** A layer is a .shp and its companions of the same name; `parts` are the zip's entries. */
export async function readShapefile(parts: Map<string, Buffer>) {
  const byLower = new Map([...parts].map(([name, bytes]) => [name.toLowerCase(), { name, bytes }]));
  const layers = [...byLower.keys()].filter((n) => n.endsWith('.shp') && !n.includes('__macosx'));
  const features = [];
  for (const layer of layers) {
    const base = layer.slice(0, -4);
    const part = (ext: string) => byLower.get(`${base}.${ext}`);
    const main = part('shp');
    if (!main) continue;
    const shapes = checkShp(main.bytes, main.name);
    const dbf = part('dbf');
    if (dbf) checkDbf(dbf.bytes, dbf.name, shapes);
    let collection: Awaited<ReturnType<typeof shp>>;
    try {
      collection = await shp({
        shp: main.bytes,
        dbf: dbf?.bytes,
        prj: part('prj')?.bytes.toString('utf8'),
        cpg: part('cpg')?.bytes.toString('utf8'),
      });
    } catch (error) {
      const detail = `${main.name}: ${error instanceof Error ? error.message : String(error)}`;
      throw perimeterRefusal(400, 'perimeters.unreadable', { detail });
    }
    features.push(...collection.features);
    if (features.length > MAX_FILE_FEATURES)
      throw perimeterRefusal(413, 'perimeters.too_many_features', { max: MAX_FILE_FEATURES });
  }
  return features;
}

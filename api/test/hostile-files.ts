/**
 * Hostile perimeter files, built in memory (api/src/perimeters/hostile-files.test.ts and
 * bench/hostile-files.ts): zips that lie about their entries, Shapefiles whose headers claim more
 * than their bytes hold, deflated runs of one byte (1 GiB of spaces is 1 MB).
 */
import { constants, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { square } from './fixtures.ts';

export const MB = 1024 * 1024;

/** Raw deflate of `head`, `run` bytes of `fill`, then `tail`, streamed (1 GiB of spaces is 1 MB). */
export async function deflateRun(head: string, fill: number, run: number, tail: string): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9, memLevel: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write(head);
  const block = Buffer.alloc(MB, fill);
  for (let left = run; left > 0; left -= MB) {
    deflate.write(left >= MB ? block : block.subarray(0, left));
    await new Promise((resolve) => deflate.flush(constants.Z_NO_FLUSH, () => resolve(undefined)));
  }
  deflate.end(tail);
  await ended;
  return Buffer.concat(chunks);
}

export interface ZipEntry {
  name: string;
  /** Raw deflate data, or stored bytes when `stored`. */
  data: Buffer;
  /** The inflated size the zip declares (a hostile zip lies). */
  declared: number;
  stored?: boolean;
}

/** A zip of the entries (APPNOTE 4.3: local headers, central directory, end record); CRCs left 0. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.stored ? 0 : 8, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    directory.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const size = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

export const deflated = (name: string, bytes: Buffer): ZipEntry => ({
  name,
  data: deflateRawSync(bytes),
  declared: bytes.length,
});

/** A .shp of polygon records (ESRI's layout), each given its claimed point count and real points. */
export function shpFile(records: Array<{ claimedPoints: number; points: number[][] }>): Buffer {
  const bodies = records.map(({ claimedPoints, points }, i) => {
    const body = Buffer.alloc(8 + 44 + 4 + 16 * points.length);
    body.writeInt32BE(i + 1, 0);
    body.writeInt32BE((body.length - 8) / 2, 4);
    body.writeInt32LE(5, 8);
    body.writeInt32LE(1, 8 + 36);
    body.writeInt32LE(claimedPoints, 8 + 40);
    points.forEach(([x, y], p) => {
      body.writeDoubleLE(x as number, 8 + 48 + 16 * p);
      body.writeDoubleLE(y as number, 8 + 48 + 16 * p + 8);
    });
    return body;
  });
  const header = Buffer.alloc(100);
  const length = 100 + bodies.reduce((n, b) => n + b.length, 0);
  header.writeInt32BE(9994, 0);
  header.writeInt32BE(length / 2, 24);
  header.writeInt32LE(1000, 28);
  header.writeInt32LE(5, 32);
  return Buffer.concat([header, ...bodies]);
}

/** A .dbf header of one 10-character field, claiming `records` rows of which `present` follow. */
export function dbfFile(records: number, present: number): Buffer {
  const header = Buffer.alloc(65);
  header.writeUInt8(3, 0);
  header.writeUInt32LE(records, 4);
  header.writeUInt16LE(65, 8);
  header.writeUInt16LE(11, 10);
  header.write('FIRE_NUM', 32, 'latin1');
  header.write('C', 43, 'latin1');
  header.writeUInt8(10, 48);
  header.writeUInt8(0x0d, 64);
  return Buffer.concat([header, Buffer.alloc(11 * present, 0x20)]);
}

export const bcPolygon = square(-120.4, 50.6, 0.01);

/** GeoJSON of `count` small perimeters in BC: a legitimate file, only large. */
export function largeGeoJson(count: number): string {
  const features = Array.from({ length: count }, (_, i) => ({
    type: 'Feature',
    properties: { agency: 'bc', fire_id: `K${i}`, captured_at: '2026-07-10' },
    geometry: {
      type: 'Polygon',
      coordinates: [square(-125 + (i % 100) * 0.05, 50 + Math.floor(i / 100) * 0.05, 0.01)],
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

import { inflateRawSync } from 'node:zlib';
import { perimeterRefusal } from './refusals.ts';

/**
 * The bounds of a zip read (docs/decisions.md, "Perimeter files read in a process of their own"):
 * an entry is inflated only when its declared size, its ratio and the archive's running total allow
 * it, and the inflation itself stops at the declared size, so a zip that lies inflates no further.
 */
const ARCHIVE_LIMITS = {
  /** Largest inflated entry, bytes. */
  entryBytes: 64 * 1024 * 1024,
  /** Largest sum of the inflated entries read, bytes. */
  archiveBytes: 200 * 1024 * 1024,
  /** Largest inflated/compressed ratio of an entry above `ratioFloorBytes` (zeros deflate 1,000:1; a .dbf's padding about 50:1). */
  ratio: 200,
  ratioFloorBytes: 1024 * 1024,
  /** Most entries in the central directory (a KMZ's images, a Shapefile's parts, several layers). */
  entries: 1000,
};

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  declared: number;
  localHeader: number;
}

const malformed = (detail: string) => perimeterRefusal(400, 'perimeters.archive_malformed', { detail });
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The end-of-central-directory record: the last one within the 64 KB a comment may take. */
function endOfDirectory(bytes: Buffer): number {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at--)
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  throw malformed('no end of central directory');
}

/** The central directory's entries, every offset and size checked against the bytes present. */
function directoryOf(bytes: Buffer): Entry[] {
  const end = endOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  if (count > ARCHIVE_LIMITS.entries)
    throw perimeterRefusal(413, 'perimeters.archive_too_many_entries', {
      count,
      max: ARCHIVE_LIMITS.entries,
    });
  let at = bytes.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw malformed('a central directory entry is cut');
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (next > end) throw malformed('a central directory entry is cut');
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressed: bytes.readUInt32LE(at + 20),
      declared: bytes.readUInt32LE(at + 24),
      localHeader: bytes.readUInt32LE(at + 42),
    });
    at = next;
  }
  return entries;
}

/** The entry's compressed bytes, where its local header says they start. */
function dataOf(bytes: Buffer, entry: Entry): Buffer {
  const at = entry.localHeader;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER)
    throw malformed(`${entry.name}: no local header`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressed > bytes.length) throw malformed(`${entry.name}: cut short`);
  return bytes.subarray(start, start + entry.compressed);
}

function checkDeclared(entry: Entry, total: number): void {
  const { entryBytes, archiveBytes, ratio, ratioFloorBytes } = ARCHIVE_LIMITS;
  if (entry.flags & 1) throw malformed(`${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8)
    throw malformed(`${entry.name}: compression method ${entry.method}`);
  // 0xFFFFFFFF is ZIP64's "see the extra field": a size above every limit here.
  if (entry.declared > entryBytes)
    throw perimeterRefusal(413, 'perimeters.entry_too_large', {
      entry: entry.name,
      size: entry.declared,
      max: entryBytes,
    });
  if (total + entry.declared > archiveBytes)
    throw perimeterRefusal(413, 'perimeters.archive_too_large', { max: archiveBytes });
  if (entry.declared > ratioFloorBytes && entry.declared > ratio * Math.max(1, entry.compressed))
    throw perimeterRefusal(413, 'perimeters.archive_ratio', {
      entry: entry.name,
      ratio: Math.round(entry.declared / Math.max(1, entry.compressed)),
      max: ratio,
    });
}

function inflate(data: Buffer, entry: Entry): Buffer {
  if (entry.method === 0) {
    if (data.length !== entry.declared) throw malformed(`${entry.name}: its size is not the one declared`);
    return data;
  }
  let out: Buffer;
  try {
    // One byte more than declared: an entry that inflates beyond its declaration is refused there.
    out = inflateRawSync(data, { maxOutputLength: entry.declared + 1 });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE')
      throw malformed(`${entry.name} inflates beyond its declared ${entry.declared} bytes`);
    throw malformed(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (out.length !== entry.declared)
    throw malformed(`${entry.name} inflates beyond its declared ${entry.declared} bytes`);
  return out;
}

/** The names of a zip's entries, without inflating any. */
export const archiveNames = (bytes: Buffer): string[] => directoryOf(bytes).map((e) => e.name);

/** The inflated bytes of the entries `wanted` picks, in the archive's order, each within the limits. */
export function readArchive(bytes: Buffer, wanted: (name: string) => boolean): Map<string, Buffer> {
  const entries = directoryOf(bytes).filter((e) => wanted(e.name));
  // Every declaration checked before anything is inflated.
  let total = 0;
  for (const entry of entries) {
    checkDeclared(entry, total);
    total += entry.declared;
  }
  return new Map(entries.map((entry) => [entry.name, inflate(dataOf(bytes, entry), entry)]));
}

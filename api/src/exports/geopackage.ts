import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * A GeoPackage (OGC 12-128r18, version 1.3) of points or areas in WGS 84, written with the SQLite library the
 * API already runs on: no GDAL on the server (docs/decisions.md, "GeoPackage download").
 */

/** The column types a GeoPackage feature table may declare (spec 1.1.1.1.3, table 1). */
export type GeoPackageColumnType = 'TEXT' | 'REAL' | 'INTEGER' | 'BOOLEAN' | 'DATE' | 'DATETIME';
type GeoPackageValue = string | number | null;

interface GeoPackagePoint {
  longitude: number;
  latitude: number;
  properties: Readonly<Record<string, GeoPackageValue>>;
}

/** A MultiPolygon's coordinates (GeoJSON order: polygons, rings, [longitude, latitude]). */
type MultiPolygonCoordinates = readonly (readonly (readonly (readonly number[])[])[])[];

interface GeoPackageArea {
  polygons: MultiPolygonCoordinates;
  properties: Readonly<Record<string, GeoPackageValue>>;
}

export interface GeoPackageLayer {
  /** The feature table's name, also its gpkg_contents identifier when none is given. */
  table: string;
  identifier: string;
  description: string;
  /** The attributes, in the order a GIS shows them; every feature's properties use these names. */
  columns: Readonly<Record<string, GeoPackageColumnType>>;
  features: readonly (GeoPackagePoint | GeoPackageArea)[];
  /** When the data last changed (ISO 8601), for gpkg_contents.last_change; now if unknown. */
  lastChange: string | null;
  /** Key-value metadata of the layer (a licence, an attribution), as GDAL reads it. */
  metadata: Readonly<Record<string, string>>;
  /** Points (the default) or MultiPolygons; an empty layer of areas names it here. */
  geometryType?: 'POINT' | 'MULTIPOLYGON';
}

/** "GPKG" as a 32-bit integer: PRAGMA application_id (spec 1.1.1.1.1, Req 2). */
const APPLICATION_ID = 0x47504b47;
/** 1.3.0 as PRAGMA user_version (spec 1.1.1.1.1, Req 2). */
const USER_VERSION = 10300;
const WGS84 = 4326;

/** EPSG:4326 as the spec's own example writes it (Annex C, gpkg_spatial_ref_sys). */
const WGS84_WKT =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]';

/** The required tables (spec Annex C), with the three reference systems Req 11 asks for. */
const CORE_SCHEMA = `
CREATE TABLE gpkg_spatial_ref_sys (
  srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY, organization TEXT NOT NULL,
  organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
CREATE TABLE gpkg_contents (
  table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
  description TEXT DEFAULT '',
  last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
  CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
CREATE TABLE gpkg_geometry_columns (
  table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
  srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
  CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
  CONSTRAINT uk_gc_table_name UNIQUE (table_name),
  CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
  CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
CREATE TABLE gpkg_extensions (
  table_name TEXT, column_name TEXT, extension_name TEXT NOT NULL, definition TEXT NOT NULL,
  scope TEXT NOT NULL, CONSTRAINT ge_tce UNIQUE (table_name, column_name, extension_name));
CREATE TABLE gpkg_metadata (
  id INTEGER CONSTRAINT m_pk PRIMARY KEY ASC NOT NULL, md_scope TEXT NOT NULL DEFAULT 'dataset',
  md_standard_uri TEXT NOT NULL, mime_type TEXT NOT NULL DEFAULT 'text/xml',
  metadata TEXT NOT NULL DEFAULT '');
CREATE TABLE gpkg_metadata_reference (
  reference_scope TEXT NOT NULL, table_name TEXT, column_name TEXT, row_id_value INTEGER,
  timestamp DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  md_file_id INTEGER NOT NULL, md_parent_id INTEGER,
  CONSTRAINT crmr_mfi_fk FOREIGN KEY (md_file_id) REFERENCES gpkg_metadata(id),
  CONSTRAINT crmr_mpi_fk FOREIGN KEY (md_parent_id) REFERENCES gpkg_metadata(id));
INSERT INTO gpkg_spatial_ref_sys VALUES
  ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
  ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'),
  ('WGS 84 geodetic', ${WGS84}, 'EPSG', ${WGS84}, '${WGS84_WKT}', 'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid');
INSERT INTO gpkg_extensions VALUES
  ('gpkg_metadata', NULL, 'gpkg_metadata', 'http://www.geopackage.org/spec/#extension_metadata', 'read-write'),
  ('gpkg_metadata_reference', NULL, 'gpkg_metadata', 'http://www.geopackage.org/spec/#extension_metadata', 'read-write');
`;

/** A name in SQL: the table and column names are ours, quoted all the same. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A point as GeoPackage binary (spec 2.1.3): "GP", version 0, flags (little-endian, no envelope,
 * which the spec recommends for points: the envelope is the point), the SRS id, then the point as
 * little-endian WKB.
 */
export function pointBlob(longitude: number, latitude: number, srsId = WGS84): Buffer {
  const blob = Buffer.alloc(8 + 21);
  blob.write('GP', 0, 'ascii');
  blob.writeUInt8(0, 2);
  blob.writeUInt8(0b0000_0001, 3);
  blob.writeInt32LE(srsId, 4);
  blob.writeUInt8(1, 8);
  blob.writeUInt32LE(1, 9);
  blob.writeDoubleLE(longitude, 13);
  blob.writeDoubleLE(latitude, 21);
  return blob;
}

/**
 * A MultiPolygon as GeoPackage binary: the header with its envelope (minx, maxx, miny, maxy), which
 * the spec recommends beyond points so a reader can skip a feature without reading it, then the
 * MultiPolygon as little-endian WKB (type 6).
 */
function multiPolygonBlob(polygons: MultiPolygonCoordinates, srsId = WGS84): Buffer {
  const box = boxOf(polygons.flat(2));
  const parts: Buffer[] = [];
  const header = Buffer.alloc(8 + 32);
  header.write('GP', 0, 'ascii');
  header.writeUInt8(0, 2);
  header.writeUInt8(0b0000_0011, 3);
  header.writeInt32LE(srsId, 4);
  for (const [i, v] of [box.min_x, box.max_x, box.min_y, box.max_y].entries())
    header.writeDoubleLE(v, 8 + i * 8);
  parts.push(header);
  const head = (type: number, count: number) => {
    const b = Buffer.alloc(9);
    b.writeUInt8(1, 0);
    b.writeUInt32LE(type, 1);
    b.writeUInt32LE(count, 5);
    return b;
  };
  parts.push(head(6, polygons.length));
  for (const polygon of polygons) {
    parts.push(head(3, polygon.length));
    for (const ring of polygon) {
      const b = Buffer.alloc(4 + ring.length * 16);
      b.writeUInt32LE(ring.length, 0);
      ring.forEach((p, i) => {
        b.writeDoubleLE(p[0] as number, 4 + i * 16);
        b.writeDoubleLE(p[1] as number, 12 + i * 16);
      });
      parts.push(b);
    }
  }
  return Buffer.concat(parts);
}

/** GDAL's metadata document: the form in which ogrinfo and QGIS show a layer's key-value metadata. */
function gdalMetadata(items: Readonly<Record<string, string>>): string {
  const xmlText = (text: string) =>
    text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
  const mdi = Object.entries(items).map(([k, v]) => `<MDI key="${xmlText(k)}">${xmlText(v)}</MDI>`);
  return `<GDALMultiDomainMetadata><Metadata>${mdi.join('')}</Metadata></GDALMultiDomainMetadata>`;
}

function boxOf(positions: readonly (readonly number[])[]) {
  let [min_x, min_y, max_x, max_y] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x = 0, y = 0] of positions) {
    min_x = Math.min(min_x, x);
    min_y = Math.min(min_y, y);
    max_x = Math.max(max_x, x);
    max_y = Math.max(max_y, y);
  }
  return { min_x, min_y, max_x, max_y };
}

const positionsOf = (f: GeoPackagePoint | GeoPackageArea) =>
  'polygons' in f ? f.polygons.flat(2) : [[f.longitude, f.latitude]];

/** The bounding box gpkg_contents declares; none (NULL) for an empty layer. */
function extent(features: readonly (GeoPackagePoint | GeoPackageArea)[]) {
  if (features.length === 0) return { min_x: null, min_y: null, max_x: null, max_y: null };
  return boxOf(features.flatMap(positionsOf));
}

/** The layer's geometry type: the first feature's (one type a layer), points when it has none. */
const geometryTypeOf = (layer: GeoPackageLayer) =>
  layer.geometryType ?? (layer.features[0] && 'polygons' in layer.features[0] ? 'MULTIPOLYGON' : 'POINT');

/** The feature table and its rows in gpkg_contents and gpkg_geometry_columns. */
function declareLayer(db: Database.Database, layer: GeoPackageLayer): void {
  const columns = Object.entries(layer.columns).map(([name, type]) => `${quoted(name)} ${type}`);
  db.exec(
    `CREATE TABLE ${quoted(layer.table)} (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom ${geometryTypeOf(layer)}, ${columns.join(', ')})`,
  );
  db.prepare(
    `INSERT INTO gpkg_contents (table_name, data_type, identifier, description, last_change, min_x, min_y, max_x, max_y, srs_id)
     VALUES (@table, 'features', @identifier, @description, COALESCE(@lastChange, strftime('%Y-%m-%dT%H:%M:%fZ','now')), @min_x, @min_y, @max_x, @max_y, ${WGS84})`,
  ).run({ ...layer, ...extent(layer.features) });
  db.prepare(`INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', ?, ${WGS84}, 0, 0)`).run(
    layer.table,
    geometryTypeOf(layer),
  );
}

function insertFeatures(db: Database.Database, layer: GeoPackageLayer): void {
  const names = Object.keys(layer.columns);
  const insert = db.prepare(
    `INSERT INTO ${quoted(layer.table)} (geom, ${names.map(quoted).join(', ')}) VALUES (?, ${names.map(() => '?').join(', ')})`,
  );
  for (const f of layer.features)
    insert.run(
      'polygons' in f ? multiPolygonBlob(f.polygons) : pointBlob(f.longitude, f.latitude),
      ...names.map((n) => f.properties[n] ?? null),
    );
}

/** The layer's metadata (the metadata extension), referenced from the table as GDAL writes it. */
function describeLayer(db: Database.Database, layer: GeoPackageLayer): void {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO gpkg_metadata (md_scope, md_standard_uri, mime_type, metadata) VALUES ('dataset', 'http://gdal.org', 'text/xml', ?)`,
    )
    .run(gdalMetadata(layer.metadata));
  db.prepare(
    `INSERT INTO gpkg_metadata_reference (reference_scope, table_name, timestamp, md_file_id) VALUES ('table', ?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ','now')), ?)`,
  ).run(layer.table, layer.lastChange, lastInsertRowid);
}

/**
 * The GeoPackage file's bytes. It is written to a file of its own in a temporary folder, because a
 * GeoPackage is a database file (page size, journal and header as SQLite writes them on disk), and
 * the folder goes once the bytes are read: the answer is kept by the response cache, once per data
 * version.
 */
export function geoPackage(layer: GeoPackageLayer): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'ciffc-gpkg-'));
  try {
    const file = path.join(dir, `${layer.table}.gpkg`);
    const db = new Database(file);
    try {
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma(`user_version = ${USER_VERSION}`);
      db.transaction(() => {
        db.exec(CORE_SCHEMA);
        declareLayer(db, layer);
        insertFeatures(db, layer);
        describeLayer(db, layer);
      })();
    } finally {
      db.close();
    }
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
